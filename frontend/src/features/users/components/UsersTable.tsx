import { useState } from 'react';
import type { Role, UpdateUserRequest, User } from '../../../api/types';
import { apiUrls } from '../../../lib/paths';
import { ROLES } from '../../../lib/roles';
import { curlCommand } from '../../../lib/shell';
import {
  Badge,
  Button,
  type Column,
  ConfirmDialog,
  Table,
  TextField,
  Timestamp,
} from '../../../ui';
import { MIN_PASSWORD_LENGTH, useDeleteUser, useUpdateUser } from '../api';

type Pending =
  | { kind: 'role'; user: User; role: Role }
  | { kind: 'enabled'; user: User; enabled: boolean }
  | { kind: 'password'; user: User }
  | { kind: 'delete'; user: User };

function dialogText(p: Pending): { title: string; body: string; confirm: string; danger: boolean } {
  switch (p.kind) {
    case 'role':
      return {
        title: `Change ${p.user.username}'s role to ${p.role}?`,
        body: `${p.user.username} is ${p.user.role} now. The new role applies to their next request.`,
        confirm: 'Change role',
        danger: false,
      };
    case 'enabled':
      return p.enabled
        ? {
            title: `Enable ${p.user.username}?`,
            body: 'They can sign in and use their API tokens again.',
            confirm: 'Enable',
            danger: false,
          }
        : {
            title: `Disable ${p.user.username}?`,
            body: 'They can no longer sign in and their API tokens stop working. Nothing is deleted.',
            confirm: 'Disable',
            danger: true,
          };
    case 'password':
      return {
        title: `Set a new password for ${p.user.username}?`,
        body: 'Their current password stops working.',
        confirm: 'Set password',
        danger: false,
      };
    case 'delete':
      return {
        title: `Delete user ${p.user.username}?`,
        body: 'The user and their API tokens are removed. Audit entries keep their name. This cannot be undone.',
        confirm: 'Delete user',
        danger: true,
      };
  }
}

export function UsersTable({
  users,
  currentUsername,
}: {
  users: readonly User[];
  currentUsername?: string;
}) {
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [pending, setPending] = useState<Pending | null>(null);
  const [newPassword, setNewPassword] = useState('');

  const close = () => {
    setPending(null);
    setNewPassword('');
    update.reset();
    remove.reset();
  };

  const changes = (p: Pending): UpdateUserRequest | undefined =>
    p.kind === 'role'
      ? { role: p.role }
      : p.kind === 'enabled'
        ? { enabled: p.enabled }
        : p.kind === 'password'
          ? { password: newPassword }
          : undefined;

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'delete') {
      remove.mutate(pending.user.username, { onSuccess: close });
      return;
    }
    if (pending.kind === 'password' && newPassword.length < MIN_PASSWORD_LENGTH) return;
    update.mutate(
      { username: pending.user.username, changes: changes(pending)! },
      { onSuccess: close },
    );
  };

  const columns: Column<User>[] = [
    {
      key: 'username',
      header: 'Username',
      render: (u) => (
        <>
          <strong>{u.username}</strong>
          {u.username === currentUsername && <span className="muted"> (you)</span>}
        </>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      render: (u) => (
        <select
          className="inline-select"
          aria-label={`Role of ${u.username}`}
          value={u.role}
          onChange={(e) => setPending({ kind: 'role', user: u, role: e.target.value as Role })}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      ),
    },
    {
      key: 'enabled',
      header: 'Status',
      render: (u) =>
        u.enabled ? <Badge tone="ok">enabled</Badge> : <Badge tone="neutral">disabled</Badge>,
    },
    { key: 'created', header: 'Created', render: (u) => <Timestamp iso={u.createdAt} /> },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      render: (u) => (
        <span className="row">
          <Button
            size="sm"
            onClick={() => setPending({ kind: 'enabled', user: u, enabled: !u.enabled })}
          >
            {u.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button size="sm" onClick={() => setPending({ kind: 'password', user: u })}>
            Set password
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => setPending({ kind: 'delete', user: u })}
          >
            Delete
          </Button>
        </span>
      ),
    },
  ];

  const text = pending ? dialogText(pending) : null;
  const pendingChanges = pending ? changes(pending) : undefined;

  return (
    <>
      <Table
        aria-label="Users"
        columns={columns}
        rows={users}
        rowKey={(u) => u.username}
        rowProps={(u) => ({ 'data-testid': 'user-row', 'data-username': u.username })}
        empty="No users."
      />
      <ConfirmDialog
        open={pending !== null}
        title={text?.title ?? ''}
        confirmLabel={text?.confirm ?? 'Confirm'}
        tone={text?.danger ? 'danger' : 'primary'}
        busy={update.isPending || remove.isPending}
        error={update.error ?? remove.error}
        shell={
          pending
            ? pending.kind === 'delete'
              ? curlCommand('DELETE', apiUrls.user(pending.user.username))
              : curlCommand('PATCH', apiUrls.user(pending.user.username), pendingChanges)
            : undefined
        }
        onCancel={close}
        onConfirm={confirm}
      >
        <p>{text?.body}</p>
        {pending?.kind === 'password' && (
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            error={
              newPassword.length > 0 && newPassword.length < MIN_PASSWORD_LENGTH
                ? `Must be at least ${MIN_PASSWORD_LENGTH} characters.`
                : undefined
            }
          />
        )}
      </ConfirmDialog>
    </>
  );
}
