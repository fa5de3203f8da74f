import type { Page } from '@playwright/test';

/** An install run: its state and the Ansible task stream, polled while it runs. */
export class ProvisioningRunPage {
  constructor(readonly page: Page) {}

  async goto(runId: number): Promise<void> {
    await this.page.goto(`/provisioning/runs/${runId}`);
  }

  /** The run id of the page open now. */
  runId(): number {
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }

  /** The state badge; its `data-state` is RUNNING, SUCCEEDED, FAILED or CANCELLED. */
  readonly state = () => this.page.getByTestId('prov-run-state');
  readonly message = () => this.page.getByTestId('prov-run-message');
  /** One row per Ansible result (or play); `data-status` ok, changed, failed, skipped, unreachable, play. */
  readonly taskRows = () => this.page.getByTestId('prov-task-row');
  readonly failedTasks = () =>
    this.page.locator(
      '[data-testid="prov-task-row"][data-status="failed"], [data-testid="prov-task-row"][data-status="unreachable"]',
    );
  readonly openCluster = () => this.page.getByTestId('prov-open-cluster');

  // ---- a scale-in
  readonly scaleIn = () => this.page.getByTestId('scale-in-run');
  /** Rows carry data-host and data-phase (PENDING … DONE), in the order the run takes them. */
  readonly leavingHosts = () => this.page.getByTestId('scale-in-host-progress');
  readonly leavingHost = (host: string) =>
    this.page.locator(`[data-testid="scale-in-host-progress"][data-host="${host}"]`);
  readonly progress = () => this.page.getByRole('progressbar', { name: 'Hosts removed' });
  readonly pauseButton = () => this.page.getByTestId('scale-in-pause');
  readonly resumeButton = () => this.page.getByTestId('scale-in-resume');
  readonly pausing = () => this.page.getByTestId('scale-in-pausing');
  readonly paused = () => this.page.getByTestId('scale-in-paused');
}
