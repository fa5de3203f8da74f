import type { Page } from '@playwright/test';

/** The launch form of a benchmark (…/benchmarks/new). */
export class BenchmarkFormPage {
  constructor(readonly page: Page) {}

  readonly form = () => this.page.getByRole('form', { name: 'New benchmark' });
  readonly presets = () => this.page.getByTestId('bench-preset');
  /** The preset button of a YCSB workload (A–F), whatever the backend labels it. */
  readonly ycsbPreset = (workload: string) =>
    this.page.locator(
      `[data-testid="bench-preset"][data-workload="ycsb"][data-ycsb-workload="${workload}"]`,
    );
  readonly workload = () => this.form().getByLabel('Workload', { exact: true });
  readonly ycsbWorkload = () => this.form().getByLabel('YCSB workload', { exact: true });
  /** The table picker. */
  readonly table = () => this.form().getByLabel('Table', { exact: true });
  readonly threads = () => this.form().getByLabel('Threads', { exact: true });
  readonly loop = () => this.form().getByLabel('Loop', { exact: true });
  readonly targetRate = () => this.form().getByLabel('Target rate (ops/s)');
  readonly launchAnyway = () => this.form().getByLabel('Launch anyway');
  readonly duration = () => this.form().getByLabel('Duration (s)');
  readonly warmup = () => this.form().getByLabel('Warm-up (s)');
  readonly repetitions = () => this.form().getByLabel('Repetitions');
  readonly recordCount = () => this.form().getByLabel('Record count');
  readonly profile = () => this.form().getByLabel("Profile the RegionServers' CPU");
  readonly launchButton = () => this.form().getByRole('button', { name: 'Launch benchmark' });
  readonly error = () => this.form().getByRole('alert');
  /** The `ycsb` / `hbase pe` lines beside the form. */
  readonly commandLine = () => this.page.getByRole('figure', { name: 'Command-line equivalent' });
}
