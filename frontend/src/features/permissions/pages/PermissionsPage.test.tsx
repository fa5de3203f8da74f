import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HbasePermission } from '../../../api/types';
import { adminUser, viewerUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { PermissionsPage } from './PermissionsPage';

const alice: HbasePermission = {
  principal: 'alice',
  group: false,
  scope: 'TABLE',
  namespace: 'default',
  table: 'orders',
  actions: 'R',
  shellCommand: "grant 'alice', 'R', 'orders'",
  revokeCommand: "revoke 'alice', 'orders'",
};
const list = {
  authentication: 'simple',
  permissions: [alice],
  shellCommand: "user_permission '.*'",
};
const at = { route: '/clusters/1/permissions', path: '/clusters/:clusterId/permissions' };

describe('PermissionsPage', () => {
  it('lists the grants with their shell commands and says what simple authentication means', async () => {
    mockFetch({ 'GET /api/v1/clusters/1/permissions': { body: list } });
    renderWithProviders(<PermissionsPage />, { user: viewerUser, ...at });
    const row = await screen.findByTestId('permission-row');
    expect(row).toHaveAttribute('data-principal', 'alice');
    expect(row).toHaveTextContent("grant 'alice', 'R', 'orders'");
    expect(screen.getByTestId('permissions-simple-auth')).toBeInTheDocument();
    // a VIEWER sees no way to change them
    expect(screen.queryByTestId('permission-revoke')).not.toBeInTheDocument();
    expect(screen.queryByTestId('grant-submit')).not.toBeInTheDocument();
  });

  it('grants what the form shows, with the shell command updating as it is filled in', async () => {
    const { requests } = mockFetch({
      'GET /api/v1/clusters/1/permissions': { body: list },
      'POST /api/v1/clusters/1/permissions': {
        status: 201,
        body: {
          ...alice,
          principal: 'bob',
          actions: 'RW',
          shellCommand: "grant 'bob', 'RW', 'orders'",
        },
      },
    });
    renderWithProviders(<PermissionsPage />, { user: adminUser, ...at });
    await screen.findByTestId('permission-row');
    await userEvent.type(screen.getByTestId('grant-principal'), 'bob');
    await userEvent.type(screen.getByTestId('grant-table'), 'orders');
    await userEvent.click(screen.getByTestId('grant-action-W'));
    expect(screen.getByText("hbase shell> grant 'bob', 'RW', 'orders'")).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('grant-submit'));
    expect(await screen.findByTestId('grant-done')).toHaveTextContent(
      "grant 'bob', 'RW', 'orders'",
    );
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ principal: 'bob', actions: 'RW', table: 'orders' });
  });

  it('shows a refused field next to it', async () => {
    mockFetch({
      'GET /api/v1/clusters/1/permissions': { body: list },
      'POST /api/v1/clusters/1/permissions': {
        status: 400,
        body: {
          type: 'about:blank',
          title: 'Some fields are invalid',
          status: 400,
          code: 'validation-failed',
          errors: [{ field: 'family', message: "table orders has no family 'x'" }],
        },
      },
    });
    renderWithProviders(<PermissionsPage />, { user: adminUser, ...at });
    await screen.findByTestId('permission-row');
    await userEvent.type(screen.getByTestId('grant-principal'), 'bob');
    await userEvent.type(screen.getByTestId('grant-table'), 'orders');
    await userEvent.type(screen.getByLabelText('Family (optional)'), 'x');
    await userEvent.click(screen.getByTestId('grant-submit'));
    expect(await screen.findByText("table orders has no family 'x'")).toBeInTheDocument();
  });

  it('revokes only after a confirmation that shows the shell command', async () => {
    const { requests } = mockFetch({
      'GET /api/v1/clusters/1/permissions': { body: list },
      'DELETE /api/v1/clusters/1/permissions': { status: 204 },
    });
    renderWithProviders(<PermissionsPage />, { user: adminUser, ...at });
    await userEvent.click(await screen.findByTestId('permission-revoke'));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent("revoke 'alice', 'orders'");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    const del = requests.find((r) => r.method === 'DELETE');
    expect(del?.path).toBe('/api/v1/clusters/1/permissions?principal=alice&table=orders');
  });

  it('says so when the cluster keeps no grants', async () => {
    mockFetch({
      'GET /api/v1/clusters/1/permissions': {
        status: 409,
        body: {
          type: 'about:blank',
          title: 'HBase authorization (AccessController) is off on this cluster',
          status: 409,
          code: 'authorization-disabled',
          detail: "cluster prod runs without HBase's AccessController",
        },
      },
    });
    renderWithProviders(<PermissionsPage />, { user: adminUser, ...at });
    expect(await screen.findByTestId('permissions-disabled')).toHaveTextContent('AccessController');
    expect(screen.queryByTestId('grant-submit')).not.toBeInTheDocument();
  });
});
