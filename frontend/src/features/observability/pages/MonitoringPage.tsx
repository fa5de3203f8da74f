import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ChartId } from '../../../api/types';
import { paths } from '../../../lib/paths';
import { ErrorMessage, PageHeader, Panel } from '../../../ui';
import { useCluster } from '../../clusters/api';
import { ClusterNav } from '../../clusters/components/ClusterNav';
import type { Range } from '../api';
import { AlertsPanel } from '../components/AlertsPanel';
import { MetricsChartPanel } from '../components/MetricsChartPanel';
import { RangePicker } from '../components/RangePicker';

const CLUSTER_CHARTS: { id: ChartId; title: string }[] = [
  { id: 'requests', title: 'Requests/s' },
  { id: 'latency', title: 'p99 latency (get, put)' },
  { id: 'heap', title: 'RegionServer heap' },
  { id: 'gc', title: 'RegionServer GC time' },
  { id: 'queues', title: 'Compaction and flush queues' },
  { id: 'storefiles', title: 'Store files' },
  { id: 'hdfs-capacity', title: 'HDFS capacity and trend' },
  { id: 'blocks', title: 'Under-replicated / missing blocks' },
  { id: 'datanode-io', title: 'DataNode I/O' },
];

export function MonitoringPage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const { data: cluster } = useCluster(clusterId);
  const [range, setRange] = useState<Range>('1h');
  if (!Number.isInteger(clusterId)) {
    return (
      <ErrorMessage error={new Error(`"${param}" is not a cluster id.`)} title="Unknown cluster" />
    );
  }
  return (
    <div>
      <PageHeader
        crumbs={
          <>
            <Link to={paths.clusters()}>Clusters</Link> /{' '}
            <Link to={paths.cluster(clusterId)}>{cluster?.name ?? clusterId}</Link> / Monitoring
          </>
        }
        title="Monitoring"
        subtitle="Charts from the cluster's Prometheus; shaded bands are benchmark runs (blue) and compactions (amber)."
        actions={<RangePicker value={range} onChange={setRange} />}
      />
      <ClusterNav clusterId={clusterId} />
      <AlertsPanel clusterId={clusterId} />
      <Panel title={`Cluster, last ${range}`} data-testid="metrics-panel">
        <div className="grid grid-3">
          {CLUSTER_CHARTS.map((c) => (
            <MetricsChartPanel
              key={c.id}
              clusterId={clusterId}
              chart={c.id}
              range={range}
              title={c.title}
            />
          ))}
        </div>
      </Panel>
    </div>
  );
}
