import type { Page } from '@playwright/test';

export class BenchmarksPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}/benchmarks`);
  }

  /** From a cluster page: the "Benchmarks" entry of the cluster navigation. */
  async openFromCluster(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Cluster' })
      .getByRole('link', { name: 'Benchmarks', exact: true })
      .click();
    await this.page.waitForURL(/\/clusters\/\d+\/benchmarks$/);
  }

  readonly heading = () => this.page.getByRole('heading', { name: 'Benchmarks', level: 1 });
  readonly newBenchmarkLink = () =>
    this.page.getByRole('link', { name: 'New benchmark', exact: true });
  readonly measureCeilingButton = () =>
    this.page.getByRole('button', { name: 'Measure ceiling', exact: true });
  readonly ceilingOps = () => this.page.getByTestId('bench-ceiling-ops');

  readonly runRows = () => this.page.getByTestId('bench-run-row');
  /** A run's row; its `data-state` is QUEUED, RUNNING, SUCCEEDED, FAILED or CANCELLED. */
  readonly runRow = (runId: number) =>
    this.page.locator(`[data-testid="bench-run-row"][data-run-id="${runId}"]`);
  /** The checkbox that ticks a run for Compare. */
  readonly selectRun = (runId: number) =>
    this.page.getByRole('checkbox', { name: `Select run #${runId} to compare` });
  /** A link once 2–4 runs are ticked (aria-disabled before). */
  readonly compareLink = () => this.page.getByTestId('bench-compare-link');
}
