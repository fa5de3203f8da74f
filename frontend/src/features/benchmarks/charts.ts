// ECharts options of a run's live charts: ops/s and p99 latency per one-second interval, with the
// warm-up shaded (it is measured but left out of the summary).
import type { BenchmarkInterval } from '../../api/types';
import { formatNumber } from '../../lib/format';
import {
  CHART_ACCENT,
  CHART_GRID_LINE,
  CHART_MUTED,
  chartAxisText,
  tooltipDataIndex,
  type ChartOption,
} from '../../ui';
import { intervalSeries, type Point } from './intervals';
import { formatMs, formatOps } from './runModel';

const CORRECTED = '#a15c07';
const SERVICE = CHART_ACCENT;
const WARMUP_FILL = 'rgba(95, 107, 122, 0.12)';

export const OPS_SERIES = 'ops/s';
export const P99_SERIES = ['p99 corrected', 'p99 service'] as const;
export const WARMUP_LABEL = 'warm-up';

type Warmup = { from: number; to: number } | undefined;

/** The shaded warm-up span, hung on the first series. */
function warmupArea(warmup: Warmup) {
  if (!warmup) return undefined;
  const span: [{ name: string; xAxis: number }, { xAxis: number }] = [
    { name: WARMUP_LABEL, xAxis: warmup.from },
    { xAxis: warmup.to },
  ];
  return {
    silent: true,
    itemStyle: { color: WARMUP_FILL },
    label: { show: true, position: 'insideTop' as const, color: CHART_MUTED, fontSize: 11 },
    data: [span],
  };
}

function timeAxis() {
  return {
    type: 'value' as const,
    name: 'seconds since start',
    nameLocation: 'middle' as const,
    nameGap: 28,
    nameTextStyle: chartAxisText,
    axisLabel: chartAxisText,
    min: 0,
    minInterval: 1,
    splitLine: { show: false },
  };
}

function valueAxis(name: string) {
  return {
    type: 'value' as const,
    name,
    nameTextStyle: chartAxisText,
    axisLabel: chartAxisText,
    splitLine: { lineStyle: { color: CHART_GRID_LINE } },
  };
}

function line(name: string, data: Point[], color: string, warmup?: Warmup) {
  return {
    name,
    type: 'line' as const,
    data,
    showSymbol: data.length < 2,
    lineStyle: { width: 1.5, color },
    itemStyle: { color },
    markArea: warmupArea(warmup),
  };
}

/** The tooltip's first line: when, and whether it is warm-up. */
function intervalHead(i: BenchmarkInterval): string {
  return `<b>${formatNumber(i.startSeconds)}–${formatNumber(i.startSeconds + i.seconds)} s</b>${
    i.warmup ? ` · ${WARMUP_LABEL}` : ''
  }`;
}

function tooltip(
  intervals: readonly BenchmarkInterval[],
  body: (i: BenchmarkInterval) => string[],
) {
  return {
    trigger: 'axis' as const,
    formatter: (params: unknown) => {
      const i = intervals[tooltipDataIndex(params)];
      return i ? [intervalHead(i), ...body(i)].join('<br/>') : '';
    },
  };
}

export function opsChartOption(intervals: readonly BenchmarkInterval[]): ChartOption {
  const s = intervalSeries(intervals);
  return {
    animation: false,
    grid: { left: 64, right: 24, top: 28, bottom: 44 },
    tooltip: tooltip(intervals, (i) => [
      `<b>${formatOps(i.opsPerSec)}</b> ops/s (${formatNumber(i.count)} ops)`,
      `${formatNumber(i.errors)} errors · ${formatNumber(i.timeouts)} timeouts`,
      `agent CPU ${i.agentCpuPercent.toFixed(0)}%`,
    ]),
    xAxis: timeAxis(),
    yAxis: { ...valueAxis(OPS_SERIES), min: 0 },
    series: [line(OPS_SERIES, s.ops, CHART_ACCENT, s.warmup)],
  };
}

export function latencyChartOption(intervals: readonly BenchmarkInterval[]): ChartOption {
  const s = intervalSeries(intervals);
  return {
    animation: false,
    grid: { left: 64, right: 24, top: 36, bottom: 44 },
    legend: { top: 0, textStyle: chartAxisText, data: [...P99_SERIES] },
    tooltip: tooltip(intervals, (i) => [
      `p99 corrected <b>${formatMs(i.p99CorrectedMs)}</b> (from the intended start)`,
      `p99 service <b>${formatMs(i.p99ServiceMs)}</b> (from the actual send)`,
      `p50 corrected ${formatMs(i.p50CorrectedMs)}`,
    ]),
    xAxis: timeAxis(),
    yAxis: { ...valueAxis('ms'), min: 0 },
    series: [
      line(P99_SERIES[0], s.p99Corrected, CORRECTED, s.warmup),
      line(P99_SERIES[1], s.p99Service, SERVICE),
    ],
  };
}
