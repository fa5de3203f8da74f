// ECharts option of a table's compaction history (one pair of bars per finished run).
import type { CompactionHistoryPoint } from '../../api/types';
import { formatBytes, formatNumber, formatTimestamp } from '../../lib/format';
import { CHART_GRID_LINE, chartAxisText, tooltipDataIndex, type ChartOption } from '../../ui';
import { formatLocality, TRIGGER_LABEL } from './runState';

const BEFORE = '#a15c07';
const AFTER = '#1f5fbf';

export const HISTORY_SERIES = ['Store files before', 'Store files after'] as const;

/** "#12" — the x-axis label of a run. */
export const runLabel = (p: Pick<CompactionHistoryPoint, 'runId'>) => `#${p.runId}`;

/** Store files before vs after per run, oldest run on the left (the API's order). */
export function historyChartOption(points: readonly CompactionHistoryPoint[]): ChartOption {
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 36, bottom: 44 },
    legend: { top: 0, textStyle: chartAxisText, data: [...HISTORY_SERIES] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const p = points[tooltipDataIndex(params)];
        if (!p) return '';
        return [
          `<b>Run ${runLabel(p)}</b> · ${TRIGGER_LABEL[p.trigger]} · ${p.state}`,
          formatTimestamp(p.finishedAt ?? p.startedAt),
          `store files <b>${formatNumber(p.storeFilesBefore)}</b> → <b>${formatNumber(
            p.storeFilesAfter,
          )}</b> over ${formatNumber(p.regionsDone)} regions`,
          `size ${formatBytes(p.bytesBefore)} → ${formatBytes(p.bytesAfter)}`,
          `locality ${formatLocality(p.localityBefore)} → ${formatLocality(p.localityAfter)}`,
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      name: 'Run',
      nameLocation: 'middle',
      nameGap: 28,
      nameTextStyle: chartAxisText,
      axisLabel: chartAxisText,
      data: points.map(runLabel),
    },
    yAxis: {
      type: 'value',
      name: 'Store files',
      nameTextStyle: chartAxisText,
      axisLabel: chartAxisText,
      minInterval: 1,
      splitLine: { lineStyle: { color: CHART_GRID_LINE } },
    },
    series: [
      {
        name: HISTORY_SERIES[0],
        type: 'bar',
        data: points.map((p) => p.storeFilesBefore),
        itemStyle: { color: BEFORE },
        barMaxWidth: 32,
      },
      {
        name: HISTORY_SERIES[1],
        type: 'bar',
        data: points.map((p) => p.storeFilesAfter),
        itemStyle: { color: AFTER },
        barMaxWidth: 32,
      },
    ],
  };
}
