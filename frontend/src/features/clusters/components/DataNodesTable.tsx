import type { DataNodeState } from '../../../api/types';
import { formatBytes, formatNumber, formatPercent, formatSecondsAgo } from '../../../lib/format';
import { Badge, type Column, Table, type Tone } from '../../../ui';

const STATE_TONE: Record<DataNodeState['state'], Tone> = {
  LIVE: 'ok',
  DEAD: 'bad',
  DECOMMISSIONING: 'warn',
  DECOMMISSIONED: 'neutral',
};

const columns: Column<DataNodeState>[] = [
  {
    key: 'name',
    header: 'DataNode',
    render: (dn) => (
      <span className="mono" title={dn.hostName}>
        {dn.name}
      </span>
    ),
  },
  {
    key: 'state',
    header: 'State',
    render: (dn) => (
      <Badge tone={STATE_TONE[dn.state] ?? 'neutral'} data-testid="datanode-state">
        {dn.state}
      </Badge>
    ),
  },
  {
    key: 'capacity',
    header: 'Capacity',
    numeric: true,
    render: (dn) => formatBytes(dn.capacityBytes),
  },
  {
    key: 'used',
    header: 'Used',
    numeric: true,
    render: (dn) => (
      <>
        {formatBytes(dn.usedBytes)}{' '}
        <span className="muted">({formatPercent(dn.usedBytes, dn.capacityBytes)})</span>
      </>
    ),
  },
  {
    key: 'remaining',
    header: 'Remaining',
    numeric: true,
    render: (dn) => formatBytes(dn.remainingBytes),
  },
  {
    key: 'contact',
    header: 'Last contact',
    numeric: true,
    render: (dn) => formatSecondsAgo(dn.lastContactSeconds),
  },
  { key: 'blocks', header: 'Blocks', numeric: true, render: (dn) => formatNumber(dn.blocks) },
];

export function DataNodesTable({ dataNodes }: { dataNodes: readonly DataNodeState[] }) {
  return (
    <Table
      aria-label="DataNodes"
      columns={columns}
      rows={dataNodes}
      rowKey={(dn) => dn.name}
      rowProps={(dn) => ({ 'data-testid': 'datanode-row', 'data-state': dn.state })}
      empty="No DataNodes reported."
    />
  );
}
