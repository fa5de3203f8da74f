import type { ProvisioningPlan } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { type Column, Table } from '../../../ui';
import {
  formatRamMb,
  type PlacementRow,
  placementRoles,
  placementRows,
  roleCounts,
} from '../planModel';
import { roleLabel } from '../wizardModel';
import { SourceBadge } from './Badges';

/** Host × role: a tick and the role's heap where the plan puts it, with the heap's provenance. */
export function PlacementTable({ plan }: { plan: Pick<ProvisioningPlan, 'hosts'> }) {
  const rows = placementRows(plan);
  const roles = placementRoles(rows);
  const counts = roleCounts(rows);
  const columns: Column<PlacementRow>[] = [
    {
      key: 'host',
      header: 'Host',
      render: (r) => (
        <span className="stack-tight">
          <strong>{r.hostname}</strong>
          <span className="mono muted">{r.address}</span>
        </span>
      ),
    },
    { key: 'rack', header: 'Rack', render: (r) => <span className="mono">{r.rack}</span> },
    {
      key: 'size',
      header: 'Cores · RAM',
      render: (r) => `${r.cores == null ? '—' : formatNumber(r.cores)} · ${formatRamMb(r.ramMb)}`,
    },
    ...roles.map((role): Column<PlacementRow> => ({
      key: role,
      header: `${roleLabel(role)} (${counts[role] ?? 0})`,
      align: 'center',
      render: (r) => {
        const cell = r.cells[role];
        if (!cell)
          return (
            <span className="muted" aria-label="no">
              —
            </span>
          );
        return (
          <span
            className="stack-tight placement-cell-on"
            style={{ alignItems: 'center' }}
            data-testid="prov-plan-role"
            data-role={role}
            title={cell.rule}
          >
            <span>
              ✓ <span className="mono">{cell.heap ?? ''}</span>
            </span>
            {cell.source && <SourceBadge source={cell.source} />}
          </span>
        );
      },
    })),
  ];
  return (
    <Table
      aria-label="Placement"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.address}
      rowProps={(r) => ({
        'data-testid': 'prov-plan-host',
        'data-address': r.address,
        'data-hostname': r.hostname,
        'data-roles': r.roles.join(' '),
      })}
    />
  );
}
