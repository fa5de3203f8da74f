import type { Page } from '@playwright/test';

/** Runs side by side (…/benchmarks/compare?runs=…). */
export class BenchmarkComparePage {
  constructor(readonly page: Page) {}

  readonly table = () => this.page.getByTestId('bench-compare');
  /** The header cell of each compared run (`data-run-id`). */
  readonly runColumns = () => this.table().getByTestId('bench-compare-run');
  readonly rows = () => this.table().getByTestId('bench-compare-row');
  /** The throughput row: by the backend's metric key, else by its ops/s unit. */
  readonly opsRow = () =>
    this.table()
      .locator('[data-testid="bench-compare-row"][data-key="opsPerSec"]')
      .or(this.rows().filter({ hasText: /ops\/s/i }))
      .first();
  readonly ratios = (row = this.opsRow()) => row.getByTestId('bench-compare-ratio');
  readonly differences = () => this.page.getByTestId('bench-differences');
}
