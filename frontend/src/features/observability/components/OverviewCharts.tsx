import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { Panel } from '../../../ui';
import { MetricsChartPanel } from './MetricsChartPanel';

/** The overview's last hour: load, latency and capacity; the rest is on the Monitoring page. */
export function OverviewCharts({ clusterId }: { clusterId: number }) {
  return (
    <Panel
      title="Last hour"
      data-testid="overview-charts"
      actions={
        <Link to={paths.monitoring(clusterId)} data-testid="overview-monitoring-link">
          All charts and alerts →
        </Link>
      }
    >
      <div className="grid grid-3">
        <MetricsChartPanel clusterId={clusterId} chart="requests" range="1h" title="Requests/s" />
        <MetricsChartPanel clusterId={clusterId} chart="latency" range="1h" title="p99 latency" />
        <MetricsChartPanel
          clusterId={clusterId}
          chart="hdfs-capacity"
          range="1h"
          title="HDFS capacity"
        />
      </div>
    </Panel>
  );
}
