import type { Page } from '@playwright/test';

export type CompactionsTab = 'schedules' | 'runs' | 'compact';

export class CompactionsPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number, tab?: CompactionsTab): Promise<void> {
    const query = tab && tab !== 'schedules' ? `?tab=${tab}` : '';
    await this.page.goto(`/clusters/${clusterId}/compactions${query}`);
  }

  /** From a cluster page: the "Compactions" entry of the cluster navigation. */
  async openFromCluster(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Cluster' })
      .getByRole('link', { name: 'Compactions', exact: true })
      .click();
    await this.page.waitForURL(/\/clusters\/\d+\/compactions$/);
  }

  readonly heading = () => this.page.getByRole('heading', { name: 'Compactions', level: 1 });
  readonly tab = (name: 'Schedules' | 'Runs' | 'Compact now') =>
    this.page.getByRole('tab', { name, exact: true });
  readonly createScheduleLink = () =>
    this.page.getByRole('link', { name: 'Create schedule', exact: true });

  readonly schedules = () => this.page.getByTestId('compaction-schedule');
  readonly schedule = (name: string) =>
    this.page.locator(`[data-testid="compaction-schedule"][data-name="${name}"]`);
  /** "What each window runs": the schedule's shell commands. */
  readonly scheduleShell = (name: string) => this.schedule(name).getByTestId('shell-command');
  readonly scheduleTarget = (name: string) =>
    this.schedule(name).getByTestId('compaction-schedule-target');
  readonly runNowButton = (name: string) =>
    this.schedule(name).getByRole('button', { name: 'Run now', exact: true });
  readonly deleteButton = (name: string) =>
    this.schedule(name).getByRole('button', { name: 'Delete', exact: true });
  readonly anyRunNowButton = () => this.page.getByRole('button', { name: 'Run now' });
  readonly anyDeleteButton = () => this.page.getByRole('button', { name: 'Delete', exact: true });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly confirmDelete = () => this.dialog().getByRole('button', { name: 'Delete schedule' });

  readonly runRows = () => this.page.getByTestId('compaction-run-row');

  readonly compactForm = () => this.page.getByRole('form', { name: 'Compact now' });
  readonly compactNowButton = () => this.page.getByRole('button', { name: 'Compact now' });

  /** Clicks "Run now" on a schedule and waits for the run page; returns the run id. */
  async runNow(name: string): Promise<number> {
    await this.runNowButton(name).click();
    await this.page.waitForURL(/\/clusters\/\d+\/compactions\/runs\/\d+$/);
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }

  /** Deletes a schedule through its confirmation dialog and waits until it is gone. */
  async deleteSchedule(name: string): Promise<void> {
    await this.deleteButton(name).click();
    await this.confirmDelete().click();
    await this.dialog().waitFor({ state: 'detached' });
  }
}
