import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminUser,
  ecPoliciesFixture,
  operationFixture,
  overviewFixture,
  tableDetailFixture,
  tableEcStateFixture,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { TableDetailPage } from '../../tables/pages/TableDetailPage';

const OP = operationFixture({ type: 'ALTER_TABLE', target: 'table orders', state: 'RUNNING' });
const base = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  'GET /api/v1/clusters/1/tables/orders': { body: tableDetailFixture },
  'GET /api/v1/clusters/1/tables/orders/erasure-coding': { body: tableEcStateFixture },
  'GET /api/v1/clusters/1/erasure-coding/policies': { body: ecPoliciesFixture },
  [`GET /api/v1/operations/${OP.id}`]: {
    body: { ...OP, state: 'SUCCEEDED', progress: 100, events: [] },
  },
};

const renderTab = (user = adminUser) =>
  renderWithProviders(<TableDetailPage />, {
    user,
    route: '/clusters/1/tables/orders?tab=erasure-coding',
    path: '/clusters/:clusterId/tables/:table',
  });

describe("a table's Erasure coding tab", () => {
  it('shows no policy as 3× replication and the HFiles under the policy', async () => {
    mockFetch(base);
    renderTab(viewerUser);
    expect(await screen.findByTestId('ec-table-policy')).toHaveTextContent('none — 3× replication');
    expect(screen.getByRole('tab', { name: 'Erasure coding' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByTestId('ec-table-hfiles')).toHaveTextContent('0 / 8');
    // each HFile with the layout the NameNode stores it in
    const row = screen.getByTestId('ec-hfile-row');
    expect(row).toHaveAttribute('data-layout', 'CONTIGUOUS');
    expect(row).toHaveTextContent('contiguous');
    expect(row).toHaveTextContent('6.0 MiB');
    // A VIEWER gets no form.
    expect(
      screen.queryByRole('form', { name: 'Table erasure coding policy' }),
    ).not.toBeInTheDocument();
  });

  it('sets a policy with its alter line, then offers a major compaction with a run link', async () => {
    const { requests } = mockFetch({
      ...base,
      'PUT /api/v1/clusters/1/tables/orders/erasure-coding': {
        status: 202,
        body: {
          operation: OP,
          shellCommand: "alter 'orders', ERASURE_CODING_POLICY => 'RS-6-3-1024k'",
          compactionHint: 'The 8 existing HFiles convert at their next major compaction.',
        },
      },
      'POST /api/v1/clusters/1/compactions': {
        status: 202,
        body: {
          operation: operationFixture({ type: 'COMPACTION' }),
          runId: 44,
          shellCommand: "major_compact 'orders'",
        },
      },
    });
    renderTab();
    const form = await screen.findByRole('form', { name: 'Table erasure coding policy' });
    const button = within(form).getByRole('button', { name: 'Clear policy' });
    // Nothing to clear: no change yet.
    expect(button).toBeDisabled();
    await within(form).findByRole('option', { name: /^RS-6-3-1024k/ });
    await userEvent.selectOptions(
      within(form).getByLabelText('Erasure coding policy'),
      'RS-6-3-1024k',
    );
    expect(within(form).getByTestId('shell-command')).toHaveTextContent(
      "hbase shell> alter 'orders', ERASURE_CODING_POLICY => 'RS-6-3-1024k'",
    );
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    await userEvent.click(within(form).getByRole('button', { name: 'Set policy' }));

    const hint = await screen.findByTestId('ec-table-hint');
    expect(hint).toHaveTextContent('The 8 existing HFiles convert at their next major compaction.');
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ policy: 'RS-6-3-1024k' });

    await userEvent.click(within(hint).getByRole('button', { name: 'Major compact now' }));
    expect(await within(hint).findByTestId('ec-table-compaction-link')).toHaveAttribute(
      'href',
      '/clusters/1/compactions/runs/44',
    );
    await waitFor(() =>
      expect(
        requests.find((r) => r.method === 'POST' && r.path === '/api/v1/clusters/1/compactions')
          ?.body,
      ).toEqual({ kind: 'MAJOR', table: 'orders', maxPerServer: 1 }),
    );
  });

  it('clears a policy by sending none', async () => {
    const { requests } = mockFetch({
      ...base,
      'GET /api/v1/clusters/1/tables/orders/erasure-coding': {
        body: { ...tableEcStateFixture, policy: 'XOR-2-1-1024k', hfilesUnderPolicy: 8 },
      },
      'PUT /api/v1/clusters/1/tables/orders/erasure-coding': {
        status: 202,
        body: { operation: OP, shellCommand: '', compactionHint: 'Compact to convert back.' },
      },
    });
    renderTab();
    expect(await screen.findByTestId('ec-table-policy')).toHaveTextContent('XOR-2-1-1024k');
    const form = screen.getByRole('form', { name: 'Table erasure coding policy' });
    await within(form).findByRole('option', { name: /^XOR-2-1-1024k/ });
    await userEvent.selectOptions(within(form).getByLabelText('Erasure coding policy'), '');
    expect(within(form).getByTestId('shell-command')).toHaveTextContent(
      "alter 'orders', METHOD => 'table_att_unset', NAME => 'ERASURE_CODING_POLICY'",
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Clear policy' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({});
  });
});
