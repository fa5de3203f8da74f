import { useState } from 'react';
import type { RegionInfo } from '../../../api/types';
import { formatBytes, formatNumber, formatRate } from '../../../lib/format';
import { type Column, ErrorMessage, Loading, Pager, Table } from '../../../ui';
import { DEFAULT_REGION_PAGE_SIZE, REGION_PAGE_SIZES, useTableRegions } from '../api';
import { keyRangeColumns } from './keyColumns';

const columns: Column<RegionInfo>[] = [
  {
    key: 'name',
    header: 'Region',
    render: (r) => (
      <span className="mono" title={r.name}>
        {r.name.length > 12 ? `${r.name.slice(0, 12)}…` : r.name}
      </span>
    ),
  },
  {
    key: 'server',
    header: 'Server',
    render: (r) => <span className="mono">{r.server ?? '—'}</span>,
  },
  ...keyRangeColumns<RegionInfo>('wrap'),
  {
    key: 'size',
    header: 'Store files size',
    numeric: true,
    render: (r) => formatBytes(r.sizeBytes),
  },
  {
    key: 'memstore',
    header: 'MemStore',
    numeric: true,
    render: (r) => (
      <span data-testid="region-memstore" data-bytes={r.memstoreBytes ?? ''}>
        {formatBytes(r.memstoreBytes)}
      </span>
    ),
  },
  { key: 'files', header: 'Store files', numeric: true, render: (r) => formatNumber(r.storeFiles) },
  {
    key: 'locality',
    header: 'Locality',
    numeric: true,
    render: (r) =>
      typeof r.locality === 'number' ? (
        <span data-testid="region-locality" data-value={r.locality}>
          {`${Math.min(100, r.locality * 100).toFixed(0)}%`}
        </span>
      ) : r.localityNote ? (
        <span title={r.localityNote} data-testid="locality-na">
          n/a
        </span>
      ) : (
        '—'
      ),
  },
  {
    key: 'reads',
    header: 'Read/s',
    numeric: true,
    render: (r) => formatRate(r.readRequestsPerSecond),
  },
  {
    key: 'writes',
    header: 'Write/s',
    numeric: true,
    render: (r) => formatRate(r.writeRequestsPerSecond),
  },
];

/** The table's regions in key order, one page at a time. */
export function RegionsPanel({ clusterId, table }: { clusterId: number; table: string }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(DEFAULT_REGION_PAGE_SIZE);
  const { data, error, isPending, isPlaceholderData } = useTableRegions(
    clusterId,
    table,
    page,
    size,
  );
  if (isPending)
    return error ? <ErrorMessage error={error} /> : <Loading label="Loading regions…" />;
  return (
    <div data-testid="regions-table">
      <ErrorMessage error={error} title="Could not refresh the regions" />
      {data && (
        <>
          <div style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
            <Table
              aria-label="Regions"
              columns={columns}
              rows={data.items}
              rowKey={(r) => r.name}
              rowProps={(r) => ({ 'data-testid': 'region-row', 'data-server': r.server })}
              empty="No regions reported yet."
            />
          </div>
          <p className="muted small" data-testid="locality-definition">
            Locality: share of a region&apos;s HFile bytes with a replica on its RegionServer&apos;s
            host (HBase&apos;s figure, at most 100%). n/a for erasure-coded tables: a stripe spreads
            its data over several DataNodes by design — hover for details. MemStore: bytes written
            but not yet flushed to HFiles.
          </p>
          <Pager
            label="Region pages"
            noun="regions"
            page={data.page}
            size={data.size}
            total={data.total}
            sizes={REGION_PAGE_SIZES}
            onPage={setPage}
            onSize={(s) => {
              setSize(s);
              setPage(0);
            }}
            data-testid="regions-total"
          />
        </>
      )}
    </div>
  );
}
