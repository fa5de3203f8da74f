import { useMemo } from 'react';
import { formatBytes, formatNumber } from '../../../lib/format';
import { Chart, type Column, ErrorMessage, Loading, Table, Timestamp } from '../../../ui';
import { useRegionMap } from '../api';
import { regionMapByCount, regionMapOption, type ServerLoad, serverLoads } from '../charts';

const columns: Column<ServerLoad>[] = [
  {
    key: 'server',
    header: 'RegionServer',
    render: (s) => <span className="mono">{s.server}</span>,
  },
  { key: 'regions', header: 'Regions', numeric: true, render: (s) => formatNumber(s.regions) },
  { key: 'size', header: 'Size', numeric: true, render: (s) => formatBytes(s.sizeBytes) },
  {
    key: 'files',
    header: 'Store files',
    numeric: true,
    render: (s) => formatNumber(s.storeFiles),
  },
];

/** Where the table's regions live: one block per RegionServer, divided by region size. */
export function RegionMapPanel({ clusterId, table }: { clusterId: number; table: string }) {
  const { data, error, isPending } = useRegionMap(clusterId, table);
  const option = useMemo(() => (data ? regionMapOption(data) : null), [data]);
  const loads = useMemo(() => (data ? serverLoads(data) : []), [data]);
  if (isPending) {
    return error ? <ErrorMessage error={error} /> : <Loading label="Loading region map…" />;
  }
  if (!data || !option) return <ErrorMessage error={error} />;
  const regionCount = loads.reduce((n, s) => n + s.regions, 0);
  return (
    <div className="stack" data-testid="region-map">
      <ErrorMessage error={error} title="Could not refresh the region map" />
      <p className="muted" style={{ margin: 0 }}>
        <span data-testid="region-map-region-count">{regionCount}</span> regions on{' '}
        <span data-testid="region-map-server-count">{loads.length}</span> RegionServers ·{' '}
        {regionMapByCount(data)
          ? 'all regions are empty, so each block shows one region'
          : 'block area is region size on disk'}
        {data.collectedAt && (
          <>
            {' '}
            · collected <Timestamp iso={data.collectedAt} relative />
          </>
        )}
      </p>
      {regionCount > 0 && (
        <Chart option={option} height={320} aria-label="Regions per RegionServer by size" />
      )}
      <Table
        aria-label="Regions per RegionServer"
        columns={columns}
        rows={loads}
        rowKey={(s) => s.server}
        rowProps={(s) => ({ 'data-testid': 'region-map-server', 'data-server': s.server })}
        empty="No regions are assigned yet."
      />
    </div>
  );
}
