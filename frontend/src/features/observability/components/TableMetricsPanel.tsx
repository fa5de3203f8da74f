import { useState } from 'react';
import { Panel } from '../../../ui';
import type { Range } from '../api';
import { MetricsChartPanel } from './MetricsChartPanel';
import { RangePicker } from './RangePicker';

/** One table's requests/s, size and store files from the cluster's Prometheus. */
export function TableMetricsPanel({ clusterId, table }: { clusterId: number; table: string }) {
  const [range, setRange] = useState<Range>('1h');
  return (
    <Panel
      title={`${table}, last ${range}`}
      data-testid="table-metrics"
      actions={<RangePicker value={range} onChange={setRange} />}
    >
      <div className="grid grid-3">
        <MetricsChartPanel
          clusterId={clusterId}
          chart="table-requests"
          range={range}
          table={table}
          title="Requests/s"
        />
        <MetricsChartPanel
          clusterId={clusterId}
          chart="table-size"
          range={range}
          table={table}
          title="Size"
        />
        <MetricsChartPanel
          clusterId={clusterId}
          chart="table-storefiles"
          range={range}
          table={table}
          title="Store files"
        />
      </div>
    </Panel>
  );
}
