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
}
