import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminUser,
  compactionHistoryFixture,
  compactionRunFixture,
  heatmapFixture,
  operationFixture,
  overviewFixture,
  regionMapFixture,
  regionPageFixture,
  tableDetailFixture,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { TableDetailPage } from './TableDetailPage';

const OP = operationFixture({ type: 'DROP_TABLE', target: 'table orders' });
const base = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  'GET /api/v1/clusters/1/tables/orders': { body: tableDetailFixture },
};

const renderDetail = (route = '/clusters/1/tables/orders', user = adminUser) =>
  renderWithProviders(<TableDetailPage />, {
    user,
    route,
    path: '/clusters/:clusterId/tables/:table',
  });

describe('TableDetailPage', () => {
  it('shows the descriptor: state, families, settings and the describe command', async () => {
    mockFetch(base);
    renderDetail();
    expect(await screen.findByTestId('table-state')).toHaveTextContent('ENABLED');
    expect(screen.getAllByTestId('family-row')).toHaveLength(2);
    expect(screen.getByTestId('table-regions')).toHaveTextContent('16');
    expect(screen.getByText('10.0 GiB')).toBeInTheDocument();
    expect(screen.getByTestId('shell-command')).toHaveTextContent("hbase shell> describe 'orders'");
  });

  it('keeps Drop disabled until the exact table name is typed, then drops and leaves', async () => {
    const { requests } = mockFetch({
      ...base,
      'DELETE /api/v1/clusters/1/tables/orders': { status: 202, body: OP },
      [`GET /api/v1/operations/${OP.id}`]: {
        body: { ...OP, state: 'SUCCEEDED', progress: 100, events: [] },
      },
    });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Drop' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent("hbase shell> disable 'orders'");
    expect(dialog).toHaveTextContent("hbase shell> drop 'orders'");
    const confirm = within(dialog).getByRole('button', { name: 'Drop table' });
    const field = within(dialog).getByLabelText('Type the table name to confirm');
    expect(confirm).toBeDisabled();
    await userEvent.type(field, 'order');
    expect(confirm).toBeDisabled();
    await userEvent.type(field, 'S');
    expect(confirm).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'orders');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
    const drop = requests.find((r) => r.method === 'DELETE')!;
    expect(drop.path).toBe('/api/v1/clusters/1/tables/orders?confirm=orders');
  });

  it('truncates a namespaced table with an encoded path and the preserve-splits choice', async () => {
    const detail = { ...tableDetailFixture, name: 'metrics:cpu', namespace: 'metrics' };
    const truncate = operationFixture({ type: 'TRUNCATE_TABLE', state: 'RUNNING', progress: 30 });
    const { requests } = mockFetch({
      'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
      'GET /api/v1/clusters/1/tables/metrics%3Acpu': { body: detail },
      'POST /api/v1/clusters/1/tables/metrics%3Acpu/truncate': { status: 202, body: truncate },
      [`GET /api/v1/operations/${truncate.id}`]: { body: { ...truncate, events: [] } },
    });
    renderDetail('/clusters/1/tables/metrics%3Acpu');
    await userEvent.click(await screen.findByRole('button', { name: 'Truncate' }));
    const dialog = screen.getByRole('dialog');
    const preserve = within(dialog).getByLabelText('Preserve splits');
    expect(preserve).toBeChecked();
    expect(dialog).toHaveTextContent("hbase shell> truncate_preserve 'metrics:cpu'");
    await userEvent.click(preserve);
    expect(dialog).toHaveTextContent("hbase shell> truncate 'metrics:cpu'");
    await userEvent.type(
      within(dialog).getByLabelText('Type the table name to confirm'),
      'metrics:cpu',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Truncate table' }));

    expect(await screen.findByTestId('operation-tracker')).toHaveAttribute('data-state', 'RUNNING');
    expect(screen.getByRole('link', { name: 'Open operation →' })).toHaveAttribute(
      'href',
      `/operations/${truncate.id}`,
    );
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ confirm: 'metrics:cpu', preserveSplits: false });
    // No second action while one runs.
    expect(screen.getByRole('button', { name: 'Drop' })).toBeDisabled();
  });

  it('flushes the table after a confirmation that shows the shell command', async () => {
    const flush = operationFixture({ type: 'TABLE_FLUSH', state: 'RUNNING', progress: 10 });
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/clusters/1/tables/orders/flush': { status: 202, body: flush },
      [`GET /api/v1/operations/${flush.id}`]: { body: { ...flush, events: [] } },
    });
    renderDetail('/clusters/1/tables/orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Flush' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent("hbase shell> flush 'orders'");
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flush table' }));
    expect(await screen.findByTestId('operation-tracker')).toHaveAttribute('data-state', 'RUNNING');
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/v1/clusters/1/tables/orders/flush');
    expect(post.body).toEqual({});
  });

  it('shows MemStore bytes beside store files and locality n/a with its reason for striped tables', async () => {
    const note = "n/a for striped files: the table's HFiles are erasure-coded (RS-3-2-1024k)";
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/tables/orders/regions': {
        body: {
          ...regionPageFixture,
          items: [
            {
              ...regionPageFixture.items[0]!,
              sizeBytes: 235_681,
              memstoreBytes: 136_800,
              // the API sends an explicit null
              locality: null as unknown as undefined,
              localityNote: note,
            },
          ],
          total: 1,
        },
      },
    });
    renderDetail('/clusters/1/tables/orders?tab=regions');
    const regions = await screen.findByTestId('regions-table');
    expect(regions).toHaveTextContent('230.2 KiB');
    expect(regions).toHaveTextContent('133.6 KiB');
    expect(within(regions).getByTestId('locality-na')).toHaveAttribute('title', note);
    expect(screen.getByTestId('locality-definition')).toHaveTextContent('at most 100%');
  });

  it('shows a VIEWER no table actions', async () => {
    mockFetch(base);
    renderDetail('/clusters/1/tables/orders', viewerUser);
    expect(await screen.findByTestId('table-state')).toBeInTheDocument();
    expect(screen.queryByTestId('table-actions')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Drop' })).not.toBeInTheDocument();
  });

  it('explains the sampling interval while the heatmap has fewer than two samples', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/tables/orders/heatmap': {
        body: { ...heatmapFixture, times: [], ranges: [], values: [], hot: [] },
      },
    });
    renderDetail('/clusters/1/tables/orders?tab=heatmap');
    const empty = await screen.findByTestId('heatmap-empty');
    expect(empty).toHaveTextContent('Not enough samples yet');
    expect(empty).toHaveTextContent('every 5s');
    expect(screen.getByTestId('heatmap-nonempty-cells')).toHaveTextContent('0');
    expect(screen.queryByTestId('heatmap-chart')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Heatmap' })).toHaveAttribute('aria-selected', 'true');
  });

  it('draws the heatmap, counts cells with traffic, calls out hot ranges and follows the metric', async () => {
    const { requests } = mockFetch({
      ...base,
      'GET /api/v1/clusters/1/tables/orders/heatmap': { body: heatmapFixture },
    });
    renderDetail('/clusters/1/tables/orders?tab=heatmap');
    expect(await screen.findByTestId('heatmap-chart')).toBeInTheDocument();
    expect(screen.getByTestId('heatmap-nonempty-cells')).toHaveTextContent('3');
    expect(screen.getByTestId('heatmap-hot-range')).toHaveTextContent('64%');
    expect(screen.getByTestId('heatmap-hot-range')).toHaveTextContent('takes 64% of all requests');
    await userEvent.selectOptions(screen.getByLabelText('Metric'), 'WRITES');
    await userEvent.selectOptions(screen.getByLabelText('Window'), '15');
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain(
        '/api/v1/clusters/1/tables/orders/heatmap?metric=WRITES&minutes=15',
      ),
    );
  });

  it('shows regions per server on the region map and the paginated regions', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/tables/orders/region-map': { body: regionMapFixture },
      'GET /api/v1/clusters/1/tables/orders/regions': { body: regionPageFixture },
    });
    renderDetail('/clusters/1/tables/orders?tab=region-map');
    expect(await screen.findByTestId('region-map-region-count')).toHaveTextContent('2');
    expect(screen.getAllByTestId('region-map-server')).toHaveLength(2);

    await userEvent.click(screen.getByRole('tab', { name: 'Regions' }));
    const regions = await screen.findByTestId('regions-table');
    expect(await within(regions).findAllByTestId('region-row')).toHaveLength(2);
    expect(regions).toHaveTextContent('50%');
    expect(regions).toHaveTextContent('(table start)');
    expect(screen.getByTestId('regions-total')).toHaveTextContent('2 regions · page 1 of 1');
  });

  it('charts store files before and after per compaction run, with the latest as text', async () => {
    const { requests } = mockFetch({
      ...base,
      'GET /api/v1/clusters/1/compactions/history': { body: compactionHistoryFixture },
      'GET /api/v1/clusters/1/compactions/runs': { body: [compactionRunFixture] },
    });
    renderDetail('/clusters/1/tables/orders?tab=compactions');
    expect(await screen.findByTestId('compaction-history-chart')).toBeInTheDocument();
    expect(screen.getByTestId('compaction-history-latest-run')).toHaveTextContent('#42');
    expect(screen.getByTestId('compaction-history-latest-before')).toHaveTextContent('1,600');
    expect(screen.getByTestId('compaction-history-latest-after')).toHaveTextContent('4');
    expect(screen.getAllByTestId('compaction-history-point')).toHaveLength(2);
    expect(await screen.findByTestId('compaction-run-row')).toHaveTextContent('12 → 3');
    expect(screen.getByRole('link', { name: 'Compact now' })).toHaveAttribute(
      'href',
      '/clusters/1/compactions?tab=compact&table=orders',
    );
    const paths = requests.map((r) => r.path);
    expect(paths).toContain('/api/v1/clusters/1/compactions/history?table=orders');
    expect(paths).toContain('/api/v1/clusters/1/compactions/runs?table=orders&limit=50');
  });

  it('says when a table was never compacted and offers a VIEWER no Compact now', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/compactions/history': { body: [] },
      'GET /api/v1/clusters/1/compactions/runs': { body: [] },
    });
    renderDetail('/clusters/1/tables/orders?tab=compactions', viewerUser);
    expect(await screen.findByTestId('compaction-history-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('compaction-history-chart')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Compact now' })).not.toBeInTheDocument();
  });
});
