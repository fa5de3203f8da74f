import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatTimestamp } from '../../../lib/format';
import {
  adminUser,
  operatorUser,
  overviewFixture,
  putRowsResponseFixture,
  rowPageFixture,
  tableDetailFixture,
  tableRowFixture,
  viewerUser,
} from '../../../test/fixtures';
import { type RecordedRequest, mockFetch, renderWithProviders } from '../../../test/utils';
import { TableDetailPage } from '../pages/TableDetailPage';

const ROWS = '/api/v1/clusters/1/tables/orders/rows';
const ROW = '/api/v1/clusters/1/tables/orders/row';
const notFound = (key: string) => ({
  status: 404,
  body: {
    type: 'about:blank',
    title: 'No such resource',
    status: 404,
    code: 'not-found',
    detail: `no row "${key}" in table 'orders'`,
  },
});
const base = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  'GET /api/v1/clusters/1/tables/orders': { body: tableDetailFixture },
  [`GET ${ROWS}`]: { body: rowPageFixture },
};

const renderRows = (user = adminUser) =>
  renderWithProviders(<TableDetailPage />, {
    user,
    route: '/clusters/1/tables/orders?tab=rows',
    path: '/clusters/:clusterId/tables/:table',
  });

const scans = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path.startsWith(`${ROWS}?`)).map((r) => r.path);

describe('Rows tab', () => {
  it('scans the first rows: one line per cell, the timestamp, and the scan command', async () => {
    const { requests } = mockFetch(base);
    renderRows();
    const scan = await screen.findByTestId('rows-scan');
    const lines = await within(scan).findAllByTestId('row-cell');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toHaveTextContent('user1');
    expect(lines[0]).toHaveTextContent('d:name');
    expect(lines[0]).toHaveTextContent('Ada');
    expect(lines[0]).toHaveTextContent(formatTimestamp('2025-11-21T15:46:00.000Z'));
    expect(lines[1]).toHaveTextContent('meta:flags');
    expect(lines[1]).toHaveTextContent('\\x00\\x01');
    expect(lines[2]).toHaveAttribute('data-key', 'user2\\xFF');
    expect(within(scan).getByTestId('shell-command')).toHaveTextContent(
      "hbase shell> scan 'orders', {LIMIT => 10}",
    );
    expect(screen.getByRole('tab', { name: 'Rows' })).toHaveAttribute('aria-selected', 'true');
    expect(scans(requests)).toEqual([`${ROWS}?limit=10`]);
  });

  it('starts the next page just after the last key shown, goes back, and follows the limit', async () => {
    const { requests } = mockFetch(base);
    renderRows();
    await screen.findAllByTestId('row-cell');
    await userEvent.click(screen.getByRole('button', { name: 'Next page →' }));
    // user2\xFF followed by a zero byte, in the shell's form, URL-encoded
    await waitFor(() =>
      expect(scans(requests)).toContain(`${ROWS}?start=user2%5CxFF%5Cx00&limit=10`),
    );
    expect(await screen.findByTestId('rows-scan-summary')).toHaveTextContent(
      'from user2\\xFF\\x00',
    );
    await userEvent.click(screen.getByRole('button', { name: '← Previous page' }));
    await waitFor(() =>
      expect(screen.getByTestId('rows-scan-summary')).toHaveTextContent('from the first row'),
    );
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '25');
    await waitFor(() => expect(scans(requests)).toContain(`${ROWS}?limit=25`));
  });

  it('scans from a typed start key, and shows its field error next to the input', async () => {
    const { requests } = mockFetch({
      ...base,
      [`GET ${ROWS}`]: (r) =>
        r.path.includes('start=caf%C3%A9')
          ? {
              status: 400,
              body: {
                type: 'about:blank',
                title: 'Invalid request',
                status: 400,
                code: 'validation-failed',
                errors: [{ field: 'start', message: 'printable ASCII only' }],
              },
            }
          : { body: { ...rowPageFixture, more: false } },
    });
    renderRows();
    await screen.findAllByTestId('row-cell');
    expect(screen.getByRole('button', { name: 'Next page →' })).toBeDisabled();
    const start = screen.getByLabelText('Start at row key');
    await userEvent.type(start, 'user1');
    await userEvent.click(screen.getByRole('button', { name: 'Scan' }));
    await waitFor(() => expect(scans(requests)).toContain(`${ROWS}?start=user1&limit=10`));

    await userEvent.clear(start);
    await userEvent.type(start, 'café');
    await userEvent.click(screen.getByRole('button', { name: 'Scan' }));
    expect(await screen.findByText('printable ASCII only')).toBeInTheDocument();
    expect(start).toHaveAttribute('aria-invalid', 'true');
  });

  it('gets a row: its cells and the get command; a missing row says so', async () => {
    const { requests } = mockFetch({
      ...base,
      [`GET ${ROW}`]: (r) =>
        r.path.endsWith('key=user1') ? { body: tableRowFixture } : notFound('nope'),
    });
    renderRows(viewerUser);
    const box = await screen.findByTestId('rows-get');
    const key = within(box).getByLabelText('Row key');
    await userEvent.type(key, 'user1');
    await userEvent.click(within(box).getByRole('button', { name: 'Get' }));
    const cells = await within(box).findAllByTestId('get-row-cell');
    expect(cells).toHaveLength(2);
    expect(cells[0]).toHaveTextContent('d:name');
    expect(cells[0]).toHaveTextContent('Ada');
    expect(within(box).getByTestId('shell-command')).toHaveTextContent(
      `hbase shell> get 'orders', "user1"`,
    );

    await userEvent.clear(key);
    await userEvent.type(key, 'nope');
    await userEvent.click(within(box).getByRole('button', { name: 'Get' }));
    expect(await within(box).findByTestId('row-missing')).toHaveTextContent(
      'No row nope in table orders.',
    );
    expect(within(box).queryByTestId('get-row-cell')).not.toBeInTheDocument();
    expect(within(box).getByTestId('shell-command')).toHaveTextContent(
      `hbase shell> get 'orders', "nope"`,
    );
    expect(requests.map((r) => r.path)).toContain(`${ROW}?key=nope`);
  });

  it('gets a binary key: its \\xNN escapes travel in the query', async () => {
    const { requests } = mockFetch({
      ...base,
      [`GET ${ROW}`]: (r) =>
        r.path.endsWith('key=user2%5Cxff')
          ? { body: { ...rowPageFixture.rows[1]!, shellCommand: `get 'orders', "user2\\xff"` } }
          : notFound('user0\\x00'),
    });
    renderRows(viewerUser);
    const box = await screen.findByTestId('rows-get');
    const key = within(box).getByLabelText('Row key');
    await userEvent.type(key, 'user2\\xff');
    await userEvent.click(within(box).getByRole('button', { name: 'Get' }));
    const cells = await within(box).findAllByTestId('get-row-cell');
    expect(cells).toHaveLength(1);
    expect(cells[0]).toHaveTextContent('Grace');
    expect(within(box).getByTestId('shell-command')).toHaveTextContent(
      `hbase shell> get 'orders', "user2\\xff"`,
    );
    expect(requests.map((r) => r.path)).toContain(`${ROW}?key=user2%5Cxff`);

    await userEvent.clear(key);
    await userEvent.type(key, 'user0\\x00');
    await userEvent.click(within(box).getByRole('button', { name: 'Get' }));
    expect(await within(box).findByTestId('row-missing')).toHaveTextContent(
      'No row user0\\x00 in table orders.',
    );
  });

  it('shows a VIEWER no put form', async () => {
    mockFetch(base);
    renderRows(viewerUser);
    expect(await screen.findByTestId('rows-get')).toBeInTheDocument();
    await screen.findAllByTestId('row-cell');
    expect(screen.queryByTestId('rows-put')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Put' })).not.toBeInTheDocument();
  });

  it('puts one cell for an OPERATOR, shows what was written and scans again', async () => {
    const { requests } = mockFetch({
      ...base,
      [`PUT ${ROWS}`]: { body: putRowsResponseFixture },
    });
    renderRows(operatorUser);
    const form = await screen.findByRole('form', { name: 'Put a cell' });
    await screen.findAllByTestId('row-cell');
    const family = within(form).getByLabelText('Family');
    expect(
      within(family)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['d', 'meta']);
    await userEvent.type(within(form).getByLabelText('Row key'), 'user3');
    await userEvent.selectOptions(family, 'meta');
    await userEvent.type(within(form).getByLabelText('Qualifier'), 'name');
    await userEvent.type(within(form).getByLabelText('Value'), 'Linus');
    await userEvent.click(within(form).getByRole('button', { name: 'Put' }));

    expect(await screen.findByTestId('rows-put-result')).toHaveTextContent('1 row written');
    expect(within(screen.getByTestId('rows-put')).getByTestId('shell-command')).toHaveTextContent(
      `hbase shell> put 'orders', "user3", "d:name", "Linus"`,
    );
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(ROWS);
    expect(put.body).toEqual({
      rows: [{ key: 'user3', cells: [{ family: 'meta', qualifier: 'name', value: 'Linus' }] }],
    });
    await waitFor(() => expect(scans(requests)).toHaveLength(2));
  });

  it("shows the API's field errors next to the put form's fields", async () => {
    mockFetch({
      ...base,
      [`PUT ${ROWS}`]: {
        status: 400,
        body: {
          type: 'about:blank',
          title: 'Invalid request',
          status: 400,
          code: 'validation-failed',
          errors: [
            { field: 'rows[0].cells[0].value', message: 'printable ASCII only; write \\xNN' },
          ],
        },
      },
    });
    renderRows(operatorUser);
    const form = await screen.findByRole('form', { name: 'Put a cell' });
    await userEvent.type(within(form).getByLabelText('Row key'), 'k');
    await userEvent.type(within(form).getByLabelText('Value'), 'é');
    await userEvent.click(within(form).getByRole('button', { name: 'Put' }));
    expect(await within(form).findByText('printable ASCII only; write \\xNN')).toBeInTheDocument();
    expect(within(form).getByLabelText('Value')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Row key')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByTestId('rows-put-result')).not.toBeInTheDocument();
  });

  it('says a disabled table has no rows to read and asks for none', async () => {
    const { requests } = mockFetch({
      ...base,
      'GET /api/v1/clusters/1/tables/orders': { body: { ...tableDetailFixture, enabled: false } },
    });
    renderRows();
    expect(await screen.findByTestId('rows-disabled')).toHaveTextContent('enable it');
    expect(scans(requests)).toEqual([]);
  });
});
