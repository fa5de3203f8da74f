import { useMemo } from 'react';
import type { BenchmarkInterval } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { Chart, ErrorMessage, Panel } from '../../../ui';
import { useBenchmarkIntervals } from '../api';
import { latencyChartOption, opsChartOption } from '../charts';
import { formatMs, formatOps } from '../runModel';

const NONE: readonly BenchmarkInterval[] = [];

/**
 * ops/s and p99 latency per second, fed by polling only the new intervals while the run is live.
 * `data-points` on each chart's box counts the points drawn, so a test can watch it grow.
 */
export function LiveCharts({
  clusterId,
  runId,
  live,
}: {
  clusterId: number;
  runId: number;
  live: boolean;
}) {
  const { data, error } = useBenchmarkIntervals(clusterId, runId, live);
  const intervals = data ?? NONE;
  const ops = useMemo(() => opsChartOption(intervals), [intervals]);
  const latency = useMemo(() => latencyChartOption(intervals), [intervals]);
  const last = intervals.at(-1);
  const warm = intervals.filter((i) => i.warmup).length;

  return (
    <Panel title="Per second" data-testid="bench-charts">
      <ErrorMessage error={error} title="Could not load the intervals" />
      <p className="muted" style={{ margin: '0 0 8px' }} data-testid="bench-intervals-summary">
        {intervals.length === 0
          ? live
            ? 'Waiting for the first second of measurements…'
            : 'No intervals were recorded.'
          : `${formatNumber(intervals.length)} seconds (${formatNumber(warm)} warm-up, shaded) · last second ${formatOps(
              last?.opsPerSec,
            )} ops/s, p99 ${formatMs(last?.p99CorrectedMs)} corrected / ${formatMs(
              last?.p99ServiceMs,
            )} service`}
      </p>
      <div className="grid grid-2">
        <div data-testid="bench-ops-chart" data-points={intervals.length}>
          <Chart option={ops} height={240} aria-label="Operations per second, per second" />
        </div>
        <div data-testid="bench-p99-chart" data-points={intervals.length}>
          <Chart
            option={latency}
            height={240}
            aria-label="p99 latency per second, corrected and service"
          />
        </div>
      </div>
    </Panel>
  );
}
