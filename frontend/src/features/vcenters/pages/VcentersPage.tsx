import { Link } from 'react-router';
import type { Vcenter } from '../../../api/types';
import { paths } from '../../../lib/paths';
import {
  Badge,
  type Column,
  ErrorMessage,
  Loading,
  PageHeader,
  Panel,
  Table,
  Timestamp,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useVcenters } from '../api';
import { DeleteVcenterAction } from '../components/DeleteVcenterAction';
import { TlsBadge } from '../components/TlsBadge';

const columns: Column<Vcenter>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (v) => (
      <Link to={paths.vcenter(v.id)} className="mono">
        {v.name}
      </Link>
    ),
  },
  { key: 'url', header: 'URL', render: (v) => <span className="mono">{v.url}</span> },
  { key: 'user', header: 'User', render: (v) => <span className="mono">{v.username}</span> },
  { key: 'tls', header: 'Certificate', render: (v) => <TlsBadge vcenter={v} /> },
  {
    key: 'guest',
    header: 'Guest SSH',
    render: (v) => (
      <span className="row">
        <span className="mono">{v.guestSshUser ?? 'root'}</span>
        {v.guestKeySet ? <Badge tone="ok">key stored</Badge> : <Badge tone="warn">no key</Badge>}
      </span>
    ),
  },
  { key: 'created', header: 'Added', render: (v) => <Timestamp iso={v.createdAt} /> },
  {
    key: 'actions',
    header: '',
    render: (v) => (
      <span className="row">
        <Link className="btn btn-sm" to={paths.vcenter(v.id)}>
          Test &amp; browse
        </Link>
        <RoleGate min="ADMIN">
          <Link className="btn btn-sm" to={paths.vcenterEdit(v.id)}>
            Edit
          </Link>
          <DeleteVcenterAction vcenter={v} />
        </RoleGate>
      </span>
    ),
  },
];

/** The stored vCenter connections a vSphere cluster's VMs are created through. */
export function VcentersPage() {
  const vcenters = useVcenters();
  return (
    <div>
      <PageHeader
        crumbs="Infrastructure"
        title="vCenter connections"
        subtitle="The vCenters Granary creates cluster VMs in: test a connection, browse what it holds."
        actions={
          <RoleGate min="ADMIN">
            <Link className="btn btn-primary" to={paths.vcenterNew()}>
              Add connection
            </Link>
          </RoleGate>
        }
      />
      <Panel
        title={`Connections${vcenters.data ? ` (${vcenters.data.length})` : ''}`}
        data-testid="vcenters"
      >
        {vcenters.isPending ? (
          <Loading label="Loading connections…" />
        ) : (
          <>
            <ErrorMessage
              error={vcenters.error}
              title={
                vcenters.data
                  ? 'Could not refresh; showing the last state'
                  : 'Could not load the connections'
              }
            />
            {vcenters.data && (
              <Table
                aria-label="vCenter connections"
                columns={columns}
                rows={vcenters.data}
                rowKey={(v) => v.id}
                rowProps={(v) => ({ 'data-testid': 'vcenter-row', 'data-name': v.name })}
                empty={
                  <RoleGate min="ADMIN" fallback="No connection yet; an ADMIN adds one.">
                    No connection yet. <Link to={paths.vcenterNew()}>Add the first one</Link>.
                  </RoleGate>
                }
              />
            )}
          </>
        )}
      </Panel>
    </div>
  );
}
