import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '../../../api/types';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { UsersTable } from './UsersTable';

const users: User[] = [
  { username: 'admin', role: 'ADMIN', enabled: true, createdAt: '2025-11-21T10:00:00Z' },
  { username: 'bob', role: 'VIEWER', enabled: true, createdAt: '2025-11-21T11:00:00Z' },
];

describe('UsersTable', () => {
  it('deletes a user only after confirmation', async () => {
    const { requests } = mockFetch({
      'DELETE /api/v1/users/bob': { status: 204 },
      'GET /api/v1/users': { body: users },
    });
    renderWithProviders(<UsersTable users={users} currentUsername="admin" />, { user: null });
    const row = screen.getAllByTestId('user-row').find((r) => r.dataset.username === 'bob')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(requests).toHaveLength(0);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Delete user bob?');
    expect(dialog).toHaveTextContent('curl -sS -X DELETE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/v1/users/bob')).toBe(
      true,
    );
  });

  it('changes a role only after confirmation', async () => {
    const { requests } = mockFetch({
      'PATCH /api/v1/users/bob': { body: { ...users[1], role: 'OPERATOR' } },
      'GET /api/v1/users': { body: users },
    });
    renderWithProviders(<UsersTable users={users} />, { user: null });
    await userEvent.selectOptions(screen.getByLabelText('Role of bob'), 'OPERATOR');
    expect(requests).toHaveLength(0);
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Change role' }),
    );
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.body).toEqual({ role: 'OPERATOR' });
  });
});
