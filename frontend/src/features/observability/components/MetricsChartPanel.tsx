import { useMemo } from 'react';
import type { ChartId } from '../../../api/types';
import { isApiError } from '../../../api/problem';
import { Chart, ErrorMessage } from '../../../ui';
import { useMetricsChart, type Range } from '../api';
import { latest, metricsChartOption } from '../chartOption';

/**
 * One chart of the catalogue. `data-points` counts the points drawn and `data-bands` the bands,
 * so a browser test can tell real data from an empty frame.
 */
export function MetricsChartPanel({
  clusterId,
  chart,
  range,
  table,
  title,
}: {
  clusterId: number;
  chart: ChartId;
  range: Range;
  table?: string;
  title: string;
}) {
  const { data, error } = useMetricsChart(clusterId, chart, range, table);
  const option = useMemo(() => (data ? metricsChartOption(data) : null), [data]);
  const points = data?.series.reduce((n, s) => n + s.points.length, 0) ?? 0;
  const unavailable = isApiError(error) && error.code === 'monitoring-unavailable';
  return (
    <div
      className="metrics-chart"
      data-testid={`metrics-chart-${chart}`}
      data-points={points}
      data-bands={data?.bands.length ?? 0}
    >
      <h3 className="metrics-chart-title">
        {title} {data && <span className="muted">({data.unit})</span>}
      </h3>
      {unavailable ? (
        <p className="muted" data-testid="metrics-unavailable">
          Metrics unavailable: {error.message}
        </p>
      ) : (
        <ErrorMessage error={error} title="Could not load the chart" />
      )}
      {option && data && (
        <Chart option={option} height={200} aria-label={`${title}, last ${range}`}>
          <ul className="metrics-latest muted">
            {latest(data).map((l) => (
              <li key={l.name}>
                {l.name}: {l.value}
              </li>
            ))}
          </ul>
        </Chart>
      )}
      {data && (
        <details className="muted metrics-promql">
          <summary>PromQL</summary>
          {data.queries.map((q) => (
            <code key={q} className="mono">
              {q}
            </code>
          ))}
        </details>
      )}
    </div>
  );
}
