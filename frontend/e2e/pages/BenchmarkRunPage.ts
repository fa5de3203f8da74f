import type { Page } from '@playwright/test';

/** A benchmark run: live charts while it runs, its results once finished. */
export class BenchmarkRunPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number, runId: number): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}/benchmarks/runs/${runId}`);
  }

  /** The run id of the page open now. */
  runId(): number {
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }

  /** The state badge; its `data-state` is QUEUED, RUNNING, SUCCEEDED, FAILED or CANCELLED. */
  readonly state = () => this.page.getByTestId('bench-state');
  readonly progress = () => this.page.getByTestId('bench-progress').getByRole('progressbar');
  readonly message = () => this.page.getByTestId('bench-message');
  readonly opsChart = () => this.page.getByTestId('bench-ops-chart');
  readonly p99Chart = () => this.page.getByTestId('bench-p99-chart');
  readonly summary = () => this.page.getByTestId('bench-summary');
  /** A row of the summary table by operation type (READ, UPDATE, …; `All` is the total). */
  readonly summaryRow = (op: string) =>
    this.summary().locator(`[data-testid="bench-summary-row"][data-op="${op}"]`);
  readonly cancelButton = () => this.page.getByRole('button', { name: 'Cancel run', exact: true });
  readonly exportCsv = () => this.page.getByTestId('bench-export-csv');
  readonly exportJson = () => this.page.getByTestId('bench-export-json');

  /** The number of seconds plotted on the ops/s chart. */
  async opsPoints(): Promise<number> {
    return Number((await this.opsChart().getAttribute('data-points')) ?? '0');
  }
}
