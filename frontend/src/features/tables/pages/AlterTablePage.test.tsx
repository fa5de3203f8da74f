import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  codecReportFixture,
  operationFixture,
  operatorUser,
  overviewFixture,
  tableDetailFixture,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { AlterTablePage } from './AlterTablePage';

const OP = operationFixture({ type: 'ALTER_TABLE', state: 'RUNNING', progress: 10 });

describe('AlterTablePage', () => {
  it('prefills the descriptor, previews changes and needs the table name to delete a family', async () => {
    const { requests } = mockFetch({
      'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
      'GET /api/v1/clusters/1/codecs': { body: codecReportFixture },
      'GET /api/v1/clusters/1/tables/orders': { body: tableDetailFixture },
      'POST /api/v1/clusters/1/tables/orders/alter/preview': {
        body: {
          changes: ["delete family 'meta'", "family 'd': VERSIONS 1 → 3"],
          deletesFamilies: ['meta'],
          lint: [],
          shellCommand: "alter 'orders', 'delete' => 'meta'",
        },
      },
      'PUT /api/v1/clusters/1/tables/orders': {
        status: 202,
        body: { operation: OP, lint: [], shellCommand: "alter 'orders', 'delete' => 'meta'" },
      },
      [`GET /api/v1/operations/${OP.id}`]: { body: { ...OP, events: [] } },
    });
    renderWithProviders(<AlterTablePage />, {
      user: operatorUser,
      route: '/clusters/1/tables/orders/alter',
      path: '/clusters/:clusterId/tables/:table/alter',
    });

    const families = await screen.findAllByTestId('family-editor');
    expect(families).toHaveLength(2);
    expect(within(families[0]!).getByLabelText('Family name')).toHaveAttribute('readonly');
    expect(within(families[1]!).getByLabelText('TTL (seconds)')).toHaveValue('86400');
    const maxVersions = within(families[0]!).getByLabelText('Max versions');
    await userEvent.clear(maxVersions);
    await userEvent.type(maxVersions, '3');
    await userEvent.click(within(families[1]!).getByRole('button', { name: 'Remove family meta' }));

    const apply = screen.getByRole('button', { name: 'Apply changes' });
    expect(screen.getByTestId('alter-deletes')).toHaveTextContent('meta');
    expect(apply).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Preview changes' }));
    expect(await screen.findAllByTestId('alter-change')).toHaveLength(2);
    expect(screen.getByTestId('shell-command')).toHaveTextContent(
      "hbase shell> alter 'orders', 'delete' => 'meta'",
    );

    await userEvent.type(screen.getByLabelText('Type the table name to confirm'), 'orders');
    expect(apply).toBeEnabled();
    await userEvent.click(apply);
    expect(await screen.findByTestId('operation-tracker')).toBeInTheDocument();

    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toMatchObject({
      confirm: 'orders',
      families: [{ name: 'd', maxVersions: 3 }],
    });
    expect((put.body as { families: unknown[] }).families).toHaveLength(1);
  });
});
