import type { Page } from '@playwright/test';

/** A rolling restart of a provisioned cluster: roles, batch size, Preview, confirm with the name. */
export class RollingRestartPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}/rolling-restart`);
  }

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Rolling restart' });
  /** The role checkboxes carry data-role (regionserver, datanode, …). */
  readonly roles = () => this.page.getByTestId('restart-role');
  readonly role = (role: string) =>
    this.page.locator(`[data-testid="restart-role"][data-role="${role}"]`);
  readonly batchSize = () => this.page.getByLabel('Batch size');
  readonly onlyChanged = () => this.page.getByLabel('Only what changed');
  readonly previewButton = () => this.page.getByTestId('restart-preview');
  readonly preview = () => this.page.getByTestId('restart-preview-result');
  /** The previewed steps in order; data-seq and data-role. */
  readonly planSteps = () => this.page.getByTestId('restart-plan-step');
  readonly ansibleEquivalent = () =>
    this.page.getByRole('figure', { name: 'Ansible equivalent, step by step' });
  readonly startButton = () => this.page.getByTestId('restart-start');
  readonly startReason = () => this.page.getByTestId('restart-start-reason');
  readonly dialog = () => this.page.getByRole('dialog');

  /** Ticks exactly these roles, sets the batch size and previews; waits for the steps. */
  async previewRestart(roles: readonly string[], batchSize = 1): Promise<void> {
    await this.roles().first().waitFor();
    for (const box of await this.roles().all()) {
      const role = (await box.getAttribute('data-role'))!;
      await box.setChecked(roles.includes(role));
    }
    await this.batchSize().fill(String(batchSize));
    await this.previewButton().click();
    await this.preview().waitFor();
  }

  /** Start, type the cluster name, confirm; waits for the run page and returns its id. */
  async start(clusterName: string): Promise<number> {
    await this.startButton().click();
    await this.dialog().getByLabel('Type the cluster name to confirm').fill(clusterName);
    await this.dialog().getByRole('button', { name: 'Start rolling restart' }).click();
    await this.page.waitForURL(/\/provisioning\/runs\/\d+$/);
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }
}
