import type { MetricsChart } from '../../api/types';
import { formatBytes } from '../../lib/format';
import { CHART_GRID_LINE, chartAxisText, type ChartOption } from '../../ui';

/** A value in the chart's unit, short enough for an axis label. */
export function formatValue(value: number, unit: string): string {
  const num = (v: number, digits: number) =>
    v.toLocaleString('en-US', { maximumFractionDigits: digits });
  if (unit === 'bytes') return formatBytes(value);
  if (unit === 'bytes/s') return `${formatBytes(value)}/s`;
  if (unit === 'ms') return `${num(value, 1)} ms`;
  if (unit === 's/s') return `${num(value * 1000, 1)} ms/s`;
  if (unit === 'MiB') return `${num(value, 0)} MiB`;
  return num(value, 2);
}

/**
 * Lines over time, benchmark runs and compactions as shaded bands (an open band runs to the
 * chart's end): what an operator's run did to the cluster is in the same picture.
 */
export function metricsChartOption(chart: MetricsChart): ChartOption {
  const end = Date.parse(chart.to);
  const bands = chart.bands.map((b) => [
    {
      name: b.label,
      xAxis: Date.parse(b.from),
      itemStyle: {
        color: b.kind === 'benchmark' ? 'rgba(31,95,191,0.10)' : 'rgba(191,120,31,0.12)',
      },
    },
    { xAxis: b.to ? Date.parse(b.to) : end },
  ]);
  return {
    animation: false,
    grid: { left: 64, right: 16, top: 28, bottom: 28 },
    legend: { top: 0, textStyle: chartAxisText, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v) => (typeof v === 'number' ? formatValue(v, chart.unit) : String(v)),
    },
    xAxis: {
      type: 'time',
      min: Date.parse(chart.from),
      max: end,
      axisLabel: chartAxisText,
    },
    yAxis: {
      type: 'value',
      axisLabel: { ...chartAxisText, formatter: (v: number) => formatValue(v, chart.unit) },
      splitLine: { lineStyle: { color: CHART_GRID_LINE } },
    },
    series: chart.series.map((s, i) => ({
      type: 'line' as const,
      name: s.name,
      showSymbol: false,
      data: s.points.map((p) => [(p[0] ?? 0) * 1000, p[1] ?? null]),
      ...(i === 0 && bands.length > 0
        ? { markArea: { silent: false, label: { show: false }, data: bands as never } }
        : {}),
    })),
  };
}

/** The latest value of each series, for the text alternative under a chart. */
export function latest(chart: MetricsChart): { name: string; value: string }[] {
  return chart.series.map((s) => {
    const last = s.points.at(-1);
    return {
      name: s.name || chart.title,
      value: last?.[1] != null ? formatValue(last[1], chart.unit) : 'no data',
    };
  });
}
