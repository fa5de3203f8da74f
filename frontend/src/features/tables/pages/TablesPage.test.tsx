import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  namespacesFixture,
  operatorUser,
  overviewFixture,
  tablePageFixture,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { TablesPage } from './TablesPage';

const handlers = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  'GET /api/v1/clusters/1/namespaces': { body: namespacesFixture },
  'GET /api/v1/clusters/1/tables': { body: tablePageFixture },
};

const renderList = (user = operatorUser) =>
  renderWithProviders(<TablesPage />, {
    user,
    route: '/clusters/1/tables',
    path: '/clusters/:clusterId/tables',
  });

describe('TablesPage', () => {
  it('lists tables with state, size and rates, linking each to its page', async () => {
    mockFetch(handlers);
    renderList();
    const rows = await screen.findAllByTestId('table-row');
    expect(rows.map((r) => r.dataset.name)).toEqual(['orders', 'metrics:cpu']);
    expect(within(rows[0]!).getByTestId('table-state')).toHaveTextContent('ENABLED');
    expect(within(rows[1]!).getByTestId('table-state')).toHaveTextContent('DISABLED');
    expect(rows[0]).toHaveTextContent('3.0 GiB');
    expect(rows[0]).toHaveTextContent('800');
    expect(within(rows[1]!).getByRole('link', { name: 'metrics:cpu' })).toHaveAttribute(
      'href',
      '/clusters/1/tables/metrics%3Acpu',
    );
    expect(screen.getByTestId('tables-total')).toHaveTextContent('2 tables · page 1 of 1');
    expect(await screen.findByRole('link', { name: 'local' })).toHaveAttribute(
      'href',
      '/clusters/1',
    );
  });

  it('filters by namespace and name through the query', async () => {
    const { requests } = mockFetch(handlers);
    renderList();
    await screen.findAllByTestId('table-row');
    const namespace = screen.getByLabelText('Namespace');
    await waitFor(() => expect(within(namespace).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(namespace, 'metrics');
    await userEvent.type(screen.getByLabelText('Search tables'), 'cp');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'writes');
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain(
        '/api/v1/clusters/1/tables?namespace=metrics&q=cp&sort=writes&page=0&size=50',
      ),
    );
  });

  it('creates a namespace from a dialog that shows the shell command', async () => {
    const { requests } = mockFetch({
      ...handlers,
      'POST /api/v1/clusters/1/namespaces': { status: 201, body: { name: 'logs', tableCount: 0 } },
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Create namespace' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Namespace name'), 'logs');
    expect(dialog).toHaveTextContent("hbase shell> create_namespace 'logs'");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create namespace' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ name: 'logs' });
  });

  it('shows a VIEWER no create controls', async () => {
    mockFetch(handlers);
    renderList(viewerUser);
    await screen.findAllByTestId('table-row');
    expect(screen.queryByRole('link', { name: 'Create table' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create namespace' })).not.toBeInTheDocument();
  });
});
