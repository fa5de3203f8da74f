import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  codecReportFixture,
  namespacesFixture,
  operationFixture,
  operatorUser,
  overviewFixture,
  tablePreviewFixture,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { CreateTablePage } from './CreateTablePage';

const OP = operationFixture();
const common = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  'GET /api/v1/clusters/1/namespaces': { body: namespacesFixture },
  'GET /api/v1/clusters/1/codecs': { body: codecReportFixture },
};

const renderCreate = () =>
  renderWithProviders(<CreateTablePage />, {
    user: operatorUser,
    route: '/clusters/1/tables/new',
    path: '/clusters/:clusterId/tables/new',
  });

const options = (select: HTMLElement) =>
  within(select).getAllByRole('option') as HTMLOptionElement[];

describe('CreateTablePage', () => {
  it('offers only the codecs the probe verified, the others disabled with the reason', async () => {
    mockFetch(common);
    renderCreate();
    const select = screen.getByLabelText('Compression');
    await waitFor(() => expect(options(select)).toHaveLength(5));
    expect(
      options(select)
        .filter((o) => !o.disabled)
        .map((o) => o.value),
    ).toEqual(['NONE', 'GZ', 'SNAPPY']);
    const lz4 = options(select).find((o) => o.value === 'LZ4')!;
    expect(lz4.disabled).toBe(true);
    expect(lz4).toHaveTextContent('LZ4 — unavailable: native lz4 library not loaded');
    expect(screen.getByText('Unavailable here: LZ4, ZSTD')).toBeInTheDocument();
  });

  it('re-probes codecs as an operation and reloads the list when it ends', async () => {
    let codecCalls = 0;
    const { requests } = mockFetch({
      ...common,
      'GET /api/v1/clusters/1/codecs': () => {
        codecCalls += 1;
        return { body: codecReportFixture };
      },
      'POST /api/v1/clusters/1/codecs/probe': {
        status: 202,
        body: { ...OP, type: 'CODEC_PROBE' },
      },
      [`GET /api/v1/operations/${OP.id}`]: {
        body: { ...OP, type: 'CODEC_PROBE', state: 'SUCCEEDED', progress: 100, events: [] },
      },
    });
    renderCreate();
    await waitFor(() => expect(codecCalls).toBe(1));
    await userEvent.click(screen.getByRole('button', { name: 'Probe codecs again' }));
    expect(await screen.findByTestId('operation-tracker')).toHaveAttribute(
      'data-state',
      'SUCCEEDED',
    );
    // Reloaded once the probe is over (and possibly when it started).
    await waitFor(() => expect(codecCalls).toBeGreaterThanOrEqual(2));
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/codecs/probe'))).toBe(
      true,
    );
  });

  it('shows problem field errors next to the matching inputs', async () => {
    mockFetch({
      ...common,
      'POST /api/v1/clusters/1/tables/preview': {
        status: 400,
        body: {
          type: 'https://granary.io/problems/validation-failed',
          title: 'Invalid request',
          status: 400,
          code: 'validation-failed',
          errors: [
            { field: 'name', message: 'a table name is required' },
            { field: 'families[0].compression', message: 'LZ4 is not available here' },
            { field: 'split.saltBuckets', message: 'salt buckets must be between 2 and 256' },
          ],
        },
      },
    });
    renderCreate();
    await userEvent.selectOptions(screen.getByLabelText('Split strategy'), 'SALT');
    await userEvent.clear(screen.getByLabelText('Salt buckets'));
    await userEvent.type(screen.getByLabelText('Salt buckets'), '999');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const name = screen.getByLabelText('Table name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('a table name is required'));
    expect(screen.getByLabelText('Compression')).toHaveAccessibleDescription(
      'LZ4 is not available here',
    );
    expect(screen.getByLabelText('Salt buckets')).toHaveAccessibleDescription(
      expect.stringContaining('salt buckets must be between 2 and 256'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not preview the table');
  });

  it('replaces explicit split keys with the normalized keys the preview returns', async () => {
    const { requests } = mockFetch({
      ...common,
      'POST /api/v1/clusters/1/tables/preview': {
        body: {
          ...tablePreviewFixture,
          splitKeys: ['a', 'b'],
          regions: [
            { startKey: '', endKey: 'a', samples: 10 },
            { startKey: 'a', endKey: 'b', samples: 12 },
            { startKey: 'b', endKey: '', samples: 8 },
          ],
          messages: ['1 duplicate key removed', 'keys were not sorted; sorted them'],
        },
      },
    });
    renderCreate();
    await userEvent.type(screen.getByLabelText('Table name'), 'orders');
    await userEvent.selectOptions(screen.getByLabelText('Split strategy'), 'EXPLICIT');
    const keys = screen.getByLabelText('Split keys');
    await userEvent.type(keys, 'b{Enter}a{Enter}b');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    await waitFor(() => expect(keys).toHaveValue('a\nb'));
    expect(screen.getByTestId('split-keys-normalized')).toHaveTextContent(
      'replaced by the 2 sorted, de-duplicated keys',
    );
    expect(screen.getByTestId('preview-messages')).toHaveTextContent('1 duplicate key removed');
    expect(screen.getByTestId('preview-region-count')).toHaveTextContent('3');
    // The preview answered the normalized keys, so it is not stale.
    expect(screen.queryByText(/The form changed since this preview/)).not.toBeInTheDocument();
    const post = requests.find((r) => r.path.endsWith('/tables/preview'))!;
    expect(post.body).toMatchObject({
      name: 'orders',
      split: { strategy: 'EXPLICIT', keys: 'b\na\nb' },
    });
  });

  it('previews a salted table, creates it, follows the operation and opens the table', async () => {
    const { requests } = mockFetch({
      ...common,
      'POST /api/v1/clusters/1/tables/preview': { body: tablePreviewFixture },
      'POST /api/v1/clusters/1/tables': {
        status: 202,
        body: {
          operation: OP,
          lint: tablePreviewFixture.lint,
          shellCommand: tablePreviewFixture.shellCommand,
        },
      },
      [`GET /api/v1/operations/${OP.id}`]: {
        body: { ...OP, state: 'SUCCEEDED', progress: 100, events: [] },
      },
    });
    renderCreate();
    await userEvent.type(screen.getByLabelText('Table name'), 'orders');
    await userEvent.selectOptions(screen.getByLabelText('Split strategy'), 'SALT');
    expect(screen.getByLabelText('Salt buckets')).toHaveValue(16);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByTestId('preview-region-count')).toHaveTextContent('16');
    expect(screen.getByTestId('preview-max-over-mean')).toHaveTextContent('1.01');
    expect(screen.getByTestId('lint-finding')).toHaveAttribute(
      'data-code',
      'FEWER_REGIONS_THAN_SERVERS',
    );
    expect(screen.getAllByTestId('preview-region')).toHaveLength(16);
    expect(screen.getByTestId('shell-command')).toHaveTextContent("hbase shell> create 'orders'");

    await userEvent.click(screen.getByRole('button', { name: 'Create table' }));
    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
    const create = requests.find(
      (r) => r.method === 'POST' && r.path === '/api/v1/clusters/1/tables',
    )!;
    expect(create.body).toMatchObject({
      name: 'orders',
      families: [{ name: 'd', compression: 'NONE' }],
      split: { strategy: 'SALT', saltBuckets: 16 },
      samplePattern: 'SEQUENTIAL_INTEGERS',
    });
  });
});
