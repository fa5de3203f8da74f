import { useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../../api/problem';
import type { HbasePermission } from '../../../api/types';
import {
  Badge,
  Button,
  ConfirmDialog,
  ErrorMessage,
  Loading,
  PageHeader,
  Panel,
  ShellCommand,
  Table,
  type Column,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { ClusterCrumbs, ClusterNav } from '../../clusters/components/ClusterNav';
import { usePermissions, useRevoke } from '../api';
import { GrantForm } from '../components/GrantForm';

function where(p: HbasePermission): string {
  if (p.scope === 'GLOBAL') return 'whole cluster';
  if (p.scope === 'NAMESPACE') return `namespace ${p.namespace}`;
  return [p.table, p.family, p.qualifier].filter(Boolean).join(' · ');
}

/** HBase grants of one cluster: listed with their shell commands, granted and revoked by an ADMIN. */
export function PermissionsPage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const { data, error, isPending } = usePermissions(clusterId);
  const revoke = useRevoke(clusterId);
  const [target, setTarget] = useState<HbasePermission | null>(null);
  const disabled = isApiError(error) && error.code === 'authorization-disabled';
  const columns: Column<HbasePermission>[] = [
    {
      key: 'principal',
      header: 'User or group',
      render: (p) => (
        <>
          <strong>{p.principal}</strong> {p.group && <Badge tone="neutral">group</Badge>}
        </>
      ),
    },
    { key: 'scope', header: 'Scope', render: (p) => where(p) },
    { key: 'actions', header: 'Actions', render: (p) => <code>{p.actions}</code> },
    {
      key: 'shell',
      header: 'Shell',
      render: (p) => <code className="muted">{p.shellCommand}</code>,
    },
    {
      key: 'revoke',
      header: '',
      render: (p) => (
        <RoleGate min="ADMIN">
          <Button
            size="sm"
            variant="danger"
            data-testid="permission-revoke"
            onClick={() => {
              revoke.reset();
              setTarget(p);
            }}
          >
            Revoke…
          </Button>
        </RoleGate>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        crumbs={<ClusterCrumbs clusterId={clusterId}>Permissions</ClusterCrumbs>}
        title="Permissions"
        subtitle="HBase grants (AccessController): who may read, write, execute, create or administer, globally, per namespace or per table."
      />
      <ClusterNav clusterId={clusterId} />
      <Panel title="Grants" data-testid="permissions-panel">
        {disabled ? (
          <p className="muted" data-testid="permissions-disabled">
            {error.message}
          </p>
        ) : (
          <ErrorMessage error={error} title="Could not load the grants" />
        )}
        {isPending && <Loading label="Loading grants…" />}
        {data && (
          <>
            {data.authentication === 'simple' && (
              <p className="muted" data-testid="permissions-simple-auth">
                This cluster uses simple authentication: HBase takes a client&apos;s user name as it
                is given, so grants keep honest clients apart but do not stop one that claims
                another name. Kerberos makes the names proven.
              </p>
            )}
            <Table
              aria-label="Grants"
              columns={columns}
              rows={data.permissions}
              rowKey={(p) => `${p.principal} ${p.scope} ${where(p)}`}
              rowProps={(p) => ({
                'data-testid': 'permission-row',
                'data-principal': p.principal,
                'data-actions': p.actions,
              })}
              empty="No grants: only HBase's superusers (the user the cluster runs as) can reach the data."
            />
            <ShellCommand command={`hbase shell> ${data.shellCommand}`} />
          </>
        )}
      </Panel>
      {!disabled && (
        <RoleGate min="ADMIN">
          <Panel title="Grant">
            <GrantForm clusterId={clusterId} />
          </Panel>
        </RoleGate>
      )}
      <ConfirmDialog
        open={target != null}
        title={`Revoke ${target?.principal ?? ''}'s ${target?.actions ?? ''} on ${target ? where(target) : ''}?`}
        confirmLabel="Revoke"
        tone="danger"
        busy={revoke.isPending}
        error={revoke.error}
        shell={target ? `hbase shell> ${target.revokeCommand}` : undefined}
        onCancel={() => setTarget(null)}
        onConfirm={() => target && revoke.mutate(target, { onSuccess: () => setTarget(null) })}
      >
        <p>
          Every action {target?.principal} holds at exactly this scope is taken back; grants at
          other scopes stay.
        </p>
      </ConfirmDialog>
    </div>
  );
}
