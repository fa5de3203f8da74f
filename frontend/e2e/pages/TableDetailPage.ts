import type { Page } from '@playwright/test';

export type TableTab =
  'descriptor' | 'regions' | 'region-map' | 'heatmap' | 'compactions' | 'erasure-coding' | 'rows';

export class TableDetailPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number, table: string, tab?: TableTab): Promise<void> {
    const query = tab && tab !== 'descriptor' ? `?tab=${tab}` : '';
    await this.page.goto(`/clusters/${clusterId}/tables/${encodeURIComponent(table)}${query}`);
  }

  readonly state = () => this.page.getByTestId('table-state');
  readonly tab = (
    name:
      | 'Descriptor'
      | 'Regions'
      | 'Region map'
      | 'Heatmap'
      | 'Compactions'
      | 'Erasure coding'
      | 'Rows',
  ) => this.page.getByRole('tab', { name, exact: true });
  readonly regionRows = () => this.page.getByTestId('regions-table').getByTestId('region-row');
  readonly regionMap = () => this.page.getByTestId('region-map');
  readonly regionMapRegionCount = () => this.page.getByTestId('region-map-region-count');
  readonly heatmapChart = () => this.page.getByTestId('heatmap-chart');
  readonly heatmapNonEmptyCells = () => this.page.getByTestId('heatmap-nonempty-cells');
  readonly compactionHistoryChart = () => this.page.getByTestId('compaction-history-chart');
  readonly compactionHistoryEmpty = () => this.page.getByTestId('compaction-history-empty');
  readonly compactionLatestRun = () => this.page.getByTestId('compaction-history-latest-run');
  readonly compactNowLink = () => this.page.getByRole('link', { name: 'Compact now', exact: true });
  readonly compactionRunRows = () => this.page.getByTestId('compaction-run-row');
  /** Erasure coding tab: the table's policy ("none — 3× replication" without one). */
  readonly ecPolicy = () => this.page.getByTestId('ec-table-policy');
  readonly ecHfiles = () => this.page.getByTestId('ec-table-hfiles');
  readonly ecCompactionHint = () => this.page.getByTestId('ec-table-hint');

  /** Store files before and after the latest compaction run of the table, as shown. */
  async latestCompactionStoreFiles(): Promise<{ before: number; after: number }> {
    const read = async (testId: string) =>
      Number(((await this.page.getByTestId(testId).textContent()) ?? '').replace(/[^0-9]/g, ''));
    return {
      before: await read('compaction-history-latest-before'),
      after: await read('compaction-history-latest-after'),
    };
  }

  readonly regionMemstore = () => this.page.getByTestId('region-memstore');
  readonly regionLocality = () => this.page.getByTestId('region-locality');
  readonly ecHfileRows = () => this.page.getByTestId('ec-hfile-row');
  readonly actionButton = (name: 'Enable' | 'Disable' | 'Flush' | 'Truncate' | 'Drop') =>
    this.page.getByRole('button', { name, exact: true });
  readonly alterLink = () => this.page.getByRole('link', { name: 'Alter', exact: true });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly confirmName = () => this.dialog().getByLabel('Type the table name to confirm');
  readonly confirmDrop = () => this.dialog().getByRole('button', { name: 'Drop table' });
}
