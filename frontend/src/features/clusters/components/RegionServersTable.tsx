import type { RegionServerState } from '../../../api/types';
import { formatHeap, formatNumber, formatRate } from '../../../lib/format';
import { type Column, ProgressBar, Table } from '../../../ui';

const columns: Column<RegionServerState>[] = [
  { key: 'name', header: 'RegionServer', render: (rs) => <span className="mono">{rs.name}</span> },
  { key: 'regions', header: 'Regions', numeric: true, render: (rs) => formatNumber(rs.regions) },
  {
    key: 'rps',
    header: 'Requests/s',
    numeric: true,
    render: (rs) => formatRate(rs.requestsPerSecond),
  },
  {
    key: 'read',
    header: 'Reads/s',
    numeric: true,
    render: (rs) => formatRate(rs.readRequestsPerSecond),
  },
  {
    key: 'write',
    header: 'Writes/s',
    numeric: true,
    render: (rs) => formatRate(rs.writeRequestsPerSecond),
  },
  {
    key: 'storeFiles',
    header: 'Store files',
    numeric: true,
    render: (rs) => formatNumber(rs.storeFiles),
  },
  {
    key: 'heap',
    header: 'Heap',
    render: (rs) =>
      rs.usedHeapMb != null && rs.maxHeapMb ? (
        <ProgressBar
          label={`Heap of ${rs.name}`}
          value={(rs.usedHeapMb / rs.maxHeapMb) * 100}
          valueText={formatHeap(rs.usedHeapMb, rs.maxHeapMb)}
          tone={rs.usedHeapMb / rs.maxHeapMb > 0.85 ? 'warn' : 'info'}
        />
      ) : (
        formatHeap(rs.usedHeapMb, rs.maxHeapMb)
      ),
  },
];

export function RegionServersTable({
  regionServers,
}: {
  regionServers: readonly RegionServerState[];
}) {
  return (
    <Table
      aria-label="RegionServers"
      columns={columns}
      rows={regionServers}
      rowKey={(rs) => rs.name}
      rowProps={() => ({ 'data-testid': 'regionserver-row' })}
      empty="No live RegionServers reported."
    />
  );
}
