import { useState, type FormEvent } from 'react';
import { fieldError } from '../../../api/problem';
import type { ApiToken, CreatedApiToken } from '../../../api/types';
import { apiUrls } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import {
  Button,
  type Column,
  ConfirmDialog,
  ErrorMessage,
  Loading,
  PageHeader,
  Panel,
  ShellCommand,
  Table,
  TextField,
  Timestamp,
} from '../../../ui';
import { useAuth } from '../../auth/useAuth';
import { useCreateToken, useDeleteToken, useTokens } from '../api';
import { NewTokenSecret } from '../components/NewTokenSecret';

export function TokensPage() {
  const { user } = useAuth();
  const { data, error, isPending } = useTokens();
  const create = useCreateToken();
  const revoke = useDeleteToken();
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<CreatedApiToken | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiToken | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (token) => {
        setSecret(token);
        setName('');
      },
    });
  };

  const columns: Column<ApiToken>[] = [
    { key: 'name', header: 'Name', render: (t) => <strong>{t.name}</strong> },
    { key: 'id', header: 'Id', numeric: true, render: (t) => t.id },
    { key: 'created', header: 'Created', render: (t) => <Timestamp iso={t.createdAt} /> },
    { key: 'used', header: 'Last used', render: (t) => <Timestamp iso={t.lastUsedAt} relative /> },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      render: (t) => (
        <Button size="sm" variant="danger" onClick={() => setToRevoke(t)}>
          Revoke
        </Button>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="API tokens"
        subtitle={
          <span>
            Tokens for automation, acting as <strong>{user?.username}</strong> with role{' '}
            {user?.role}. Send as <code>Authorization: Bearer &lt;secret&gt;</code>.
          </span>
        }
      />
      {secret && <NewTokenSecret token={secret} onDismiss={() => setSecret(null)} />}
      <Panel title="New token">
        <form className="form-row" onSubmit={submit} aria-label="Create API token">
          <TextField
            label="Token name"
            name="token-name"
            required
            maxLength={64}
            placeholder="e.g. grafana-exporter"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fieldError(create.error, 'name')}
          />
          <Button type="submit" variant="primary" busy={create.isPending}>
            Create token
          </Button>
        </form>
        <ErrorMessage error={create.error} title="Could not create the token" />
        <ShellCommand
          label="API equivalent"
          command={curlCommand('POST', apiUrls.tokens(), { name: name || '<name>' })}
        />
      </Panel>
      <Panel title="Your tokens">
        <ErrorMessage error={error} />
        {isPending ? (
          <Loading label="Loading tokens…" />
        ) : (
          data && (
            <Table
              aria-label="API tokens"
              columns={columns}
              rows={data}
              rowKey={(t) => t.id}
              rowProps={(t) => ({ 'data-testid': 'token-row', 'data-token-id': t.id })}
              empty="You have no API tokens."
            />
          )
        )}
      </Panel>
      <ConfirmDialog
        open={toRevoke !== null}
        tone="danger"
        title={`Revoke token “${toRevoke?.name ?? ''}”?`}
        confirmLabel="Revoke token"
        busy={revoke.isPending}
        error={revoke.error}
        shell={toRevoke ? curlCommand('DELETE', apiUrls.token(toRevoke.id)) : undefined}
        onCancel={() => {
          setToRevoke(null);
          revoke.reset();
        }}
        onConfirm={() =>
          toRevoke &&
          revoke.mutate(toRevoke.id, {
            onSuccess: () => setToRevoke(null),
          })
        }
      >
        <p>Scripts using this token get 401 from now on. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
