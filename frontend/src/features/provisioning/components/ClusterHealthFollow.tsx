import { Badge } from '../../../ui';
import type { HealthStatus } from '../../../api/types';
import { HEALTH_FOLLOW_MS, useFollowClusterHealth } from '../api';

const TONE: Record<HealthStatus, 'ok' | 'warn' | 'bad' | 'neutral'> = {
  HEALTHY: 'ok',
  DEGRADED: 'warn',
  UNHEALTHY: 'bad',
  UNKNOWN: 'neutral',
};

/** An installed cluster's health, followed until HEALTHY (the first collection takes a moment). */
export function ClusterHealthFollow({ clusterId }: { clusterId: number }) {
  const cluster = useFollowClusterHealth(clusterId, true);
  const status = cluster.data?.health.status;
  return (
    <span className="row" data-testid="prov-cluster-health" data-status={status ?? 'UNKNOWN'}>
      Health:{' '}
      {status ? (
        <Badge tone={TONE[status]}>{status}</Badge>
      ) : (
        <span className="muted">asking…</span>
      )}
      {status !== 'HEALTHY' && (
        <span className="muted">checked every {HEALTH_FOLLOW_MS / 1000}s until HEALTHY</span>
      )}
    </span>
  );
}
