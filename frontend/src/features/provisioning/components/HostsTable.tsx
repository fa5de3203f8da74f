import type { HostView } from '../../../api/types';
import { isFullHost } from '../api';
import { formatNumber } from '../../../lib/format';
import { type Column, Table, Timestamp } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { formatRamMb } from '../planModel';
import { ReachableBadge } from './Badges';
import { RemoveHostAction } from './RemoveHostAction';

const dash = <span className="muted">—</span>;

const hidden = (
  <span className="muted" title="Hidden from VIEWERs: they cannot install onto hosts">
    hidden
  </span>
);

const columns: Column<HostView>[] = [
  {
    key: 'address',
    header: 'Address',
    render: (h) => (h.address == null ? hidden : <span className="mono">{h.address}</span>),
  },
  { key: 'hostname', header: 'Host name', render: (h) => h.hostname ?? dash },
  {
    key: 'user',
    header: 'SSH user',
    render: (h) => (h.sshUser == null ? hidden : <span className="mono">{h.sshUser}</span>),
  },
  {
    key: 'key',
    header: 'Key fingerprint',
    render: (h) =>
      h.keyFingerprint == null ? (
        hidden
      ) : (
        <span className="mono" title="SHA-256 of the stored key file">
          {h.keyFingerprint}
        </span>
      ),
  },
  {
    key: 'cores',
    header: 'Cores',
    numeric: true,
    render: (h) => (h.cores == null ? dash : formatNumber(h.cores)),
  },
  {
    key: 'ram',
    header: 'RAM',
    numeric: true,
    render: (h) => (h.ramMb == null ? dash : formatRamMb(h.ramMb)),
  },
  {
    key: 'disks',
    header: 'Data disks',
    className: 'wrap',
    render: (h) =>
      h.dataDisks && h.dataDisks.length > 0 ? (
        <span className="mono">{h.dataDisks.join(', ')}</span>
      ) : (
        dash
      ),
  },
  { key: 'rack', header: 'Rack', render: (h) => <span className="mono">{h.rack ?? '—'}</span> },
  {
    key: 'reachable',
    header: 'SSH',
    className: 'wrap',
    render: (h) => (
      <div className="stack-tight">
        <ReachableBadge reachable={h.reachable} message={h.checkMessage} />
        {h.checkMessage && (
          <span className="muted" data-testid="host-check-message">
            {h.checkMessage}
          </span>
        )}
      </div>
    ),
  },
  { key: 'added', header: 'Added', render: (h) => <Timestamp iso={h.createdAt} /> },
  {
    key: 'actions',
    header: <span className="sr-only">Actions</span>,
    render: (h) =>
      isFullHost(h) ? (
        <RoleGate min="ADMIN">
          <RemoveHostAction host={h} />
        </RoleGate>
      ) : null,
  },
];

/** The inventory: what Granary knows of each host and whether its SSH port answered. */
export function HostsTable({ hosts }: { hosts: readonly HostView[] }) {
  return (
    <Table
      aria-label="Hosts"
      columns={columns}
      rows={hosts}
      rowKey={(h) => h.id}
      rowProps={(h) => ({
        'data-testid': 'host-row',
        'data-address': h.address ?? '',
        'data-reachable': String(h.reachable),
      })}
      empty="No hosts yet. An ADMIN adds them with their SSH key."
    />
  );
}
