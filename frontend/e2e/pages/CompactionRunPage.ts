import type { Page } from '@playwright/test';

export class CompactionRunPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number, runId: number): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}/compactions/runs/${runId}`);
  }

  /** The run state badge; its `data-state` is RUNNING, SUCCEEDED, PARTIAL, FAILED or CANCELLED. */
  readonly state = () => this.page.getByTestId('compaction-run-state');
  readonly progress = () =>
    this.page.getByTestId('compaction-run-progress').getByRole('progressbar');
  readonly counts = () => this.page.getByTestId('compaction-run-counts');
  readonly message = () => this.page.getByTestId('compaction-run-message');
  readonly regionRows = () => this.page.getByTestId('compaction-region-row');
  readonly regionRowsIn = (state: string) =>
    this.page.locator(`[data-testid="compaction-region-row"][data-state="${state}"]`);
  readonly storeFilesBefore = () => this.page.getByTestId('compaction-run-files-before');
  readonly storeFilesAfter = () => this.page.getByTestId('compaction-run-files-after');
  readonly operationEvents = () =>
    this.page.getByTestId('compaction-operation').getByTestId('operation-event');
  readonly cancelButton = () => this.page.getByRole('button', { name: 'Cancel operation' });
}
