// ECharts option of a savings report's file-size histogram (files per size bucket).
import type { EcHistogramBucket } from '../../api/types';
import { formatBytes, formatNumber, formatPercent } from '../../lib/format';
import {
  CHART_ACCENT,
  CHART_GRID_LINE,
  chartAxisText,
  escapeHtml,
  tooltipDataIndex,
  type ChartOption,
} from '../../ui';

/** Buckets of files smaller than one cell store little data in many block objects. */
const SMALL = '#a15c07';

export const HISTOGRAM_SERIES = 'Files';

/**
 * One bar per size bucket, smallest on the left (the API's order); buckets below `smallBelow`
 * bytes (one cell) in a warning colour. The tooltip gives the bucket's bytes and share.
 */
export function histogramChartOption(
  buckets: readonly EcHistogramBucket[],
  smallBelow?: number,
): ChartOption {
  const totalBytes = buckets.reduce((sum, b) => sum + b.bytes, 0);
  const small = (b: EcHistogramBucket) =>
    smallBelow != null && b.maxBytes != null && b.maxBytes <= smallBelow;
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 24, bottom: 44 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const b = buckets[tooltipDataIndex(params)];
        if (!b) return '';
        return [
          `<b>${escapeHtml(b.label)}</b>`,
          `<b>${formatNumber(b.files)}</b> files`,
          `${formatBytes(b.bytes)} (${formatPercent(b.bytes, totalBytes)} of the bytes)`,
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      name: 'File size',
      nameLocation: 'middle',
      nameGap: 28,
      nameTextStyle: chartAxisText,
      axisLabel: chartAxisText,
      data: buckets.map((b) => b.label),
    },
    yAxis: {
      type: 'value',
      name: HISTOGRAM_SERIES,
      nameTextStyle: chartAxisText,
      axisLabel: chartAxisText,
      minInterval: 1,
      splitLine: { lineStyle: { color: CHART_GRID_LINE } },
    },
    series: [
      {
        name: HISTOGRAM_SERIES,
        type: 'bar',
        data: buckets.map((b) => ({
          value: b.files,
          itemStyle: { color: small(b) ? SMALL : CHART_ACCENT },
        })),
        barMaxWidth: 40,
      },
    ],
  };
}
