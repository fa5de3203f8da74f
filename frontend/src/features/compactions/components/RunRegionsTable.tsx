import type { CompactionRegion } from '../../../api/types';
import { formatBytes, formatNumber } from '../../../lib/format';
import { type Column, Table } from '../../../ui';
import { keyLabel } from '../../tables/charts';
import { beforeAfter } from '../runState';
import { RegionStateBadge } from './RunStateBadge';

const columns: Column<CompactionRegion>[] = [
  {
    key: 'region',
    header: 'Region',
    render: (r) => (
      <span className="mono" title={r.region}>
        {r.region.length > 12 ? `${r.region.slice(0, 12)}…` : r.region}
      </span>
    ),
  },
  { key: 'table', header: 'Table', render: (r) => <span className="mono">{r.table}</span> },
  {
    key: 'start',
    header: 'Start key',
    className: 'wrap',
    render: (r) => <span className="mono">{keyLabel(r.startKey)}</span>,
  },
  { key: 'server', header: 'Server', render: (r) => <span className="mono">{r.server}</span> },
  { key: 'state', header: 'State', render: (r) => <RegionStateBadge state={r.state} /> },
  { key: 'reason', header: 'Reason', className: 'wrap', render: (r) => r.reason ?? '' },
  {
    key: 'files',
    header: 'Store files',
    numeric: true,
    render: (r) => (
      <span data-testid="compaction-region-files">
        {beforeAfter(r.storeFilesBefore, r.storeFilesAfter)}
      </span>
    ),
  },
  { key: 'stores', header: 'Stores', numeric: true, render: (r) => formatNumber(r.stores) },
  {
    key: 'bytes',
    header: 'Size',
    numeric: true,
    render: (r) => beforeAfter(r.bytesBefore, r.bytesAfter, formatBytes),
  },
];

/** Every region a run considered, in the backend's order, with what happened to it. */
export function RunRegionsTable({ regions }: { regions: readonly CompactionRegion[] }) {
  return (
    <Table
      aria-label="Regions of the run"
      columns={columns}
      rows={regions}
      rowKey={(r) => r.region}
      rowProps={(r) => ({
        'data-testid': 'compaction-region-row',
        'data-state': r.state,
        'data-region': r.region,
      })}
      empty="No regions selected yet."
    />
  );
}
