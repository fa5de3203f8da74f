import { useMemo, useState } from 'react';
import type { Heatmap, HeatmapMetric } from '../../../api/types';
import { formatDuration, formatRate } from '../../../lib/format';
import { Chart, type Column, ErrorMessage, Loading, SelectField, Table } from '../../../ui';
import { useHeatmap } from '../api';
import { countNonEmptyCells, endKeyLabel, heatmapOption, keyLabel } from '../charts';
import { keyRangeColumns } from './keyColumns';

const METRICS: readonly { value: HeatmapMetric; label: string }[] = [
  { value: 'TOTAL', label: 'Reads + writes' },
  { value: 'READS', label: 'Reads' },
  { value: 'WRITES', label: 'Writes' },
];

const HEATMAP_WINDOWS: readonly { minutes: number; label: string }[] = [
  { minutes: 15, label: 'Last 15 minutes' },
  { minutes: 60, label: 'Last hour' },
  { minutes: 360, label: 'Last 6 hours' },
  { minutes: 1440, label: 'Last 24 hours' },
  { minutes: 10080, label: 'Last 7 days' },
];

interface RangeSummary {
  index: number;
  startKey: string;
  endKey: string;
  mean: number | undefined;
  peak: number | undefined;
}

function rangeSummaries(heatmap: Heatmap): RangeSummary[] {
  return heatmap.ranges.map((r, index) => {
    const values = (heatmap.values[index] ?? []).filter(
      (v): v is number => v !== null && v != null,
    );
    return {
      index,
      startKey: r.startKey,
      endKey: r.endKey,
      mean: values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined,
      peak: values.length ? Math.max(...values) : undefined,
    };
  });
}

const summaryColumns: Column<RangeSummary>[] = [
  ...keyRangeColumns<RangeSummary>(),
  { key: 'mean', header: 'Mean req/s', numeric: true, render: (r) => formatRate(r.mean) },
  { key: 'peak', header: 'Peak req/s', numeric: true, render: (r) => formatRate(r.peak) },
];

/** Requests per key range over time, from the control plane's periodic region samples. */
export function HeatmapPanel({ clusterId, table }: { clusterId: number; table: string }) {
  const [metric, setMetric] = useState<HeatmapMetric>('TOTAL');
  const [minutes, setMinutes] = useState(60);
  const { data, error, isPending, isPlaceholderData } = useHeatmap(clusterId, table, {
    metric,
    minutes,
  });
  // A column is the rate between two samples: none yet means fewer than two samples.
  const enough = !!data && data.times.length > 0 && data.ranges.length > 0;
  const option = useMemo(() => (data && enough ? heatmapOption(data) : null), [data, enough]);
  const summaries = useMemo(() => (data ? rangeSummaries(data) : []), [data]);
  const nonEmpty = data ? countNonEmptyCells(data.values) : 0;

  return (
    <div className="stack" data-testid="heatmap">
      <div className="form-row">
        <SelectField
          label="Metric"
          value={metric}
          onChange={(e) => setMetric(e.target.value as HeatmapMetric)}
        >
          {METRICS.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Window"
          value={minutes}
          onChange={(e) => setMinutes(Number(e.target.value))}
        >
          {HEATMAP_WINDOWS.map((w) => (
            <option key={w.minutes} value={w.minutes}>
              {w.label}
            </option>
          ))}
        </SelectField>
      </div>
      <ErrorMessage error={error} title="Could not load the heatmap" />
      {isPending && !error && <Loading label="Loading heatmap…" />}
      {data && (
        <div className="stack" style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
          <p className="muted" style={{ margin: 0 }}>
            <span data-testid="heatmap-nonempty-cells">{nonEmpty}</span> cells with traffic ·{' '}
            {data.ranges.length} key ranges × {data.times.length} intervals · sampled every{' '}
            {formatDuration(data.intervalSeconds)}
            {data.retentionHours != null && <> · kept {data.retentionHours} h</>}
          </p>
          {!enough || !option ? (
            <div className="notice" role="status" data-testid="heatmap-empty">
              <strong>Not enough samples yet.</strong> Granary samples every region&apos;s request
              counters every {formatDuration(data.intervalSeconds)} and needs two samples to compute
              a rate, so the first column appears about {formatDuration(2 * data.intervalSeconds)}{' '}
              after the table exists (or after a longer window is chosen). This view refreshes by
              itself.
            </div>
          ) : (
            <Chart
              option={option}
              height={Math.min(560, Math.max(220, 90 + 22 * data.ranges.length))}
              aria-label={`Requests per second by key range and time (${metric.toLowerCase()})`}
              data-testid="heatmap-chart"
            >
              <details className="more">
                <summary>Key ranges as a table</summary>
                <Table
                  aria-label="Key ranges"
                  columns={summaryColumns}
                  rows={summaries}
                  rowKey={(r) => r.index}
                />
              </details>
            </Chart>
          )}
          {data.hot.length > 0 && (
            <div>
              <h3 className="subhead">Hot ranges</h3>
              <ul className="reasons" aria-label="Hot ranges">
                {data.hot.map((h) => (
                  <li
                    key={`${h.startKey}|${h.endKey}`}
                    className="reason"
                    data-testid="heatmap-hot-range"
                  >
                    <span className="badge badge-warn">{(h.share * 100).toFixed(0)}%</span>
                    <span className="reason-text">{h.message}</span>
                    <span className="reason-message">
                      {keyLabel(h.startKey)} → {endKeyLabel(h.endKey)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
