import { useState } from 'react';
import { Link } from 'react-router';
import { apiUrls, paths } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { Button, ErrorMessage, Loading, Panel, Stat, Timestamp } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useBenchmarkCeiling, useBenchmarkRun, useMeasureCeiling } from '../api';
import { formatCpu, formatMs, formatOps, isLive } from '../runModel';
import { RunStateBadge } from './RunStateBadge';

/**
 * The cluster's measured ceiling (its best ops/s on cached single-row Gets), which the ceiling
 * ratio of every run and the launch form's capacity check refer to; OPERATOR+ re-measures it.
 */
export function CeilingCard({ clusterId }: { clusterId: number }) {
  const [awaited, setAwaited] = useState<number>();
  // The probe queued here: followed until the ceiling has been read after it finished.
  const probe = useBenchmarkRun(clusterId, awaited ?? Number.NaN);
  const ceiling = useBenchmarkCeiling(
    clusterId,
    awaited == null
      ? undefined
      : {
          live: probe.data ? isLive(probe.data.state) : !probe.error,
          readAt: probe.dataUpdatedAt,
        },
  );
  const measure = useMeasureCeiling(clusterId);
  const c = ceiling.data;
  const probing = isLive(c?.state) || isLive(probe.data?.state);

  return (
    <Panel
      title={
        <span className="row">
          Cluster ceiling
          {probing && (
            <RunStateBadge
              state={probe.data?.state ?? c?.state ?? 'QUEUED'}
              testId="bench-ceiling-state"
            />
          )}
        </span>
      }
      data-testid="bench-ceiling"
      actions={
        <RoleGate min="OPERATOR">
          <Button
            size="sm"
            busy={measure.isPending}
            disabled={probing}
            title={curlCommand('POST', apiUrls.benchmarkCeiling(clusterId))}
            onClick={() =>
              measure.mutate(undefined, { onSuccess: (launched) => setAwaited(launched.runIds[0]) })
            }
          >
            Measure ceiling
          </Button>
        </RoleGate>
      }
    >
      <div className="stack">
        <span className="muted">
          Gets of cached rows (one per region, spread over the RegionServers) at full speed from 4 ×
          cores threads for 10 s after a 20 s warm-up: the most this cluster serves. A target rate
          above it measures a growing queue, not the cluster.
        </span>
        <ErrorMessage error={ceiling.error} title="Could not load the ceiling" />
        {ceiling.isPending && !ceiling.error && <Loading label="Loading ceiling…" />}
        {c &&
          (c.measured ? (
            <>
              <div className="stat-row">
                <Stat
                  label="Ceiling"
                  value={`${formatOps(c.opsPerSec)} ops/s`}
                  testId="bench-ceiling-ops"
                />
                <Stat label="p99 service" value={formatMs(c.p99ServiceMs)} />
                <Stat label="Threads" value={c.threads == null ? '—' : String(c.threads)} />
                <Stat label="Agent CPU" value={formatCpu(c.agentCpuPercent)} />
              </div>
              <span data-testid="bench-ceiling-measured">
                Measured <Timestamp iso={c.measuredAt} relative />
                {c.runId != null && (
                  <>
                    {' '}
                    by <Link to={paths.benchmarkRun(clusterId, c.runId)}>probe run #{c.runId}</Link>
                  </>
                )}
              </span>
            </>
          ) : (
            <div className="notice" role="status" data-testid="bench-ceiling-unmeasured">
              Not measured yet: runs show no ceiling ratio and the launch form cannot warn of a
              target rate above capacity.
            </div>
          ))}
        <ErrorMessage error={measure.error} title="Could not start the probe" />
        {measure.data && measure.data.runIds[0] != null && (
          <span role="status">
            Probe queued as{' '}
            <Link to={paths.benchmarkRun(clusterId, measure.data.runIds[0])}>
              run #{measure.data.runIds[0]}
            </Link>
            ; the ceiling updates when it finishes.
          </span>
        )}
      </div>
    </Panel>
  );
}
