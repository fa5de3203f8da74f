import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminUser,
  compactionRunFixture,
  compactionScheduleFixture,
  operationFixture,
  overviewFixture,
  tablePageFixture,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { CompactionsPage } from './CompactionsPage';

const OP = operationFixture({ type: 'COMPACTION', target: 'table orders', state: 'RUNNING' });
const base = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  'GET /api/v1/clusters/1/overview': { body: overviewFixture },
  'GET /api/v1/clusters/1/tables': { body: tablePageFixture },
  'GET /api/v1/clusters/1/compactions/schedules': { body: [compactionScheduleFixture] },
  'GET /api/v1/clusters/1/compactions/runs': { body: [compactionRunFixture] },
};

const renderPage = (route = '/clusters/1/compactions', user = adminUser) =>
  renderWithProviders(<CompactionsPage />, {
    user,
    route,
    path: '/clusters/:clusterId/compactions',
  });

describe('CompactionsPage', () => {
  it('lists a schedule with its window, next windows, last run, warnings and shell commands', async () => {
    mockFetch(base);
    renderPage();
    const card = await screen.findByTestId('compaction-schedule');
    expect(card).toHaveAttribute('data-name', 'nightly-orders');
    expect(within(card).getByTestId('compaction-schedule-target')).toHaveTextContent(
      'Table orders',
    );
    expect(within(card).getByTestId('compaction-schedule-window')).toHaveTextContent(
      '0 1 * * * (Europe/Berlin) for 240 min',
    );
    expect(within(card).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    expect(within(card).getByTestId('compaction-schedule-last-state')).toHaveAttribute(
      'data-state',
      'SUCCEEDED',
    );
    expect(card).toHaveTextContent('regions with ≥ 3 store files in a store');
    expect(within(card).getByTestId('compaction-recommendation')).toHaveTextContent(
      'maxPerCluster 2 is above',
    );
    expect(within(card).getByTestId('shell-command')).toHaveTextContent(
      "hbase shell> compaction_switch false hbase shell> major_compact '5f2c9e0a1b3d4c6e8f7a9b0c1d2e3f40'",
    );
    expect(screen.getByRole('link', { name: 'Create schedule' })).toHaveAttribute(
      'href',
      '/clusters/1/compactions/schedules/new',
    );
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/clusters/1/compactions/schedules/7/edit',
    );
    const nav = screen.getByRole('navigation', { name: 'Cluster' });
    expect(within(nav).getByRole('link', { name: 'Compactions' })).toHaveAttribute(
      'href',
      '/clusters/1/compactions',
    );
  });

  it('shows a VIEWER schedules and runs but no Create schedule, Run now, Delete or Compact now', async () => {
    mockFetch(base);
    renderPage('/clusters/1/compactions?tab=compact', viewerUser);
    // The compact tab is not theirs: they land on the schedules.
    expect(await screen.findByTestId('compaction-schedule')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create schedule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Compact now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compact now' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Runs' }));
    expect(await screen.findByTestId('compaction-run-row')).toHaveAttribute('data-run-id', '42');
  });

  it('runs a schedule now and opens the run page', async () => {
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/clusters/1/compactions/schedules/7/run': {
        status: 202,
        body: { operation: OP, runId: 43, shellCommand: "major_compact 'orders'" },
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/schedules/7/run'))).toBe(
      true,
    );
  });

  it('shows why Run now was refused next to the schedule', async () => {
    mockFetch({
      ...base,
      'POST /api/v1/clusters/1/compactions/schedules/7/run': {
        status: 409,
        body: {
          title: 'Conflict',
          status: 409,
          code: 'compaction-run-in-progress',
          detail: 'Run #42 of this schedule is under way.',
        },
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Run now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not start a run');
    expect(alert).toHaveTextContent('Run #42 of this schedule is under way.');
  });

  it('deletes a schedule only after the confirmation dialog', async () => {
    const { requests } = mockFetch({
      ...base,
      'DELETE /api/v1/clusters/1/compactions/schedules/7': { status: 204 },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Delete schedule nightly-orders?');
    expect(dialog).toHaveTextContent('switched back on');
    expect(dialog).toHaveTextContent(
      'curl -sS -X DELETE -H "Authorization: Bearer $GRANARY_TOKEN" "$GRANARY_URL/api/v1/clusters/1/compactions/schedules/7"',
    );
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/v1/clusters/1/compactions/schedules/7',
    ]);
  });

  it('compacts a prefilled table now, showing the shell line first, and opens the run', async () => {
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/clusters/1/compactions': {
        status: 202,
        body: { operation: OP, runId: 44, shellCommand: "major_compact 'orders', 'd'" },
      },
    });
    renderPage('/clusters/1/compactions?tab=compact&table=orders');
    const form = await screen.findByRole('form', { name: 'Compact now' });
    expect(within(form).getByLabelText('Table')).toHaveValue('orders');
    expect(within(form).getByTestId('shell-command')).toHaveTextContent(
      "hbase shell> major_compact 'orders'",
    );
    await userEvent.type(within(form).getByLabelText('Column family (optional)'), 'd');
    expect(within(form).getByTestId('shell-command')).toHaveTextContent(
      "hbase shell> major_compact 'orders', 'd'",
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Compact now' }));
    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ kind: 'MAJOR', table: 'orders', family: 'd', maxPerServer: 1 });
  });

  it('switches the shell line with the scope and puts field errors on the inputs', async () => {
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/clusters/1/compactions': {
        status: 400,
        body: {
          title: 'Invalid request',
          status: 400,
          code: 'validation-failed',
          errors: [{ field: 'server', message: 'no live RegionServer rs9,16020,1' }],
        },
      },
    });
    renderPage('/clusters/1/compactions?tab=compact');
    const form = await screen.findByRole('form', { name: 'Compact now' });
    await userEvent.selectOptions(within(form).getByLabelText('Scope'), 'server');
    await userEvent.selectOptions(within(form).getByLabelText('Kind'), 'MINOR');
    // Nothing is sent without a server.
    await userEvent.click(within(form).getByRole('button', { name: 'Compact now' }));
    const server = within(form).getByLabelText('RegionServer');
    expect(server).toHaveAccessibleDescription(/choose a RegionServer/);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.type(server, 'rs9,16020,1');
    expect(within(form).getByTestId('shell-command')).toHaveTextContent(
      "hbase shell> compact_rs 'rs9,16020,1'",
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Compact now' }));
    await waitFor(() => expect(server).toHaveAttribute('aria-invalid', 'true'));
    expect(server).toHaveAccessibleDescription(/no live RegionServer rs9,16020,1/);
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ kind: 'MINOR', server: 'rs9,16020,1', maxPerServer: 1 });
  });

  it('renders absent optional values as absent, never as "null" (older servers sent null)', async () => {
    const withNulls = {
      ...compactionScheduleFixture,
      selection: 'THRESHOLD',
      minStoreFilesPerStore: null,
      maxLocalityPercent: null,
      minHoursSinceMajor: null,
      openWindowEnd: null,
      lastRun: null,
    } as unknown as typeof compactionScheduleFixture;
    const runWithNulls = {
      ...compactionRunFixture,
      scheduleId: null,
      scheduleName: null,
      maxPerCluster: null,
      localityBefore: null,
      localityAfter: null,
    } as unknown as typeof compactionRunFixture;
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/compactions/schedules': { body: [withNulls] },
      'GET /api/v1/clusters/1/compactions/runs': { body: [runWithNulls] },
    });
    renderPage();
    const card = await screen.findByTestId('compaction-schedule');
    expect(card.textContent).not.toMatch(/\b(null|undefined|NaN)\b/);
    expect(card).toHaveTextContent('Europe/Berlin');
    renderPage('/clusters/1/compactions?tab=runs');
    await waitFor(() => expect(document.body.textContent).toContain('#'));
    expect(document.body.textContent).not.toMatch(/\b(null|undefined|NaN)\b/);
  });
});
