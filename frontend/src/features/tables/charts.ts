// ECharts options built from API data. Tooltips are HTML in ECharts, and row keys are user data,
// so every key or server name is escaped before it goes into one.
import type { Heatmap, PreviewRegion, RegionInfo, RegionMap } from '../../api/types';
import { formatBytes, formatNumber, formatRate, formatTimestamp } from '../../lib/format';
import {
  CHART_ACCENT,
  CHART_GRID_LINE,
  chartAxisText,
  escapeHtml,
  tooltipDataIndex,
  type ChartOption,
} from '../../ui';

export { escapeHtml };

/** A region with over 1.2× the mean of samples. */
const HOT_BAR = '#d7301f';
const HEAT = ['#f7fbff', '#fdd49e', '#fc8d59', '#d7301f', '#7f0000'];
const SERVER_COLORS = ['#1f5fbf', '#15803d', '#a15c07', '#7c3aed', '#0e7490', '#b42318'];

/** A start key for an axis or a legend; the empty key is where the table begins. */
export function keyLabel(startKey: string): string {
  return startKey === '' ? '(table start)' : startKey;
}

export function endKeyLabel(endKey: string): string {
  return endKey === '' ? '(table end)' : endKey;
}

/** Samples per planned region; bars above the mean stand out in a darker shade. */
export function previewChartOption(regions: readonly PreviewRegion[], mean?: number): ChartOption {
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 24, bottom: 44 },
    tooltip: {
      trigger: 'item',
      formatter: (params: unknown) => {
        const r = regions[tooltipDataIndex(params)];
        if (!r) return '';
        return [
          `<b>${formatNumber(r.samples)}</b> samples`,
          `from ${escapeHtml(keyLabel(r.startKey))}`,
          `to ${escapeHtml(endKeyLabel(r.endKey))}`,
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      name: 'Planned region',
      nameLocation: 'middle',
      nameGap: 28,
      nameTextStyle: chartAxisText,
      axisLabel: chartAxisText,
      data: regions.map((_, i) => String(i + 1)),
    },
    yAxis: {
      type: 'value',
      name: 'Samples',
      nameTextStyle: chartAxisText,
      axisLabel: chartAxisText,
      minInterval: 1,
      splitLine: { lineStyle: { color: CHART_GRID_LINE } },
    },
    series: [
      {
        type: 'bar',
        data: regions.map((r) => ({
          value: r.samples,
          itemStyle: {
            color: mean != null && r.samples > mean * 1.2 ? HOT_BAR : CHART_ACCENT,
          },
        })),
        barMaxWidth: 40,
      },
    ],
  };
}

export interface ServerLoad {
  server: string;
  regions: number;
  sizeBytes: number;
  storeFiles: number;
}

export function serverLoads(map: RegionMap): ServerLoad[] {
  return map.servers.map((s) => ({
    server: s.server,
    regions: s.regions.length,
    sizeBytes: s.regions.reduce((sum, r) => sum + (r.sizeBytes ?? 0), 0),
    storeFiles: s.regions.reduce((sum, r) => sum + (r.storeFiles ?? 0), 0),
  }));
}

/** True when every region is empty, so areas show region counts instead of sizes. */
export function regionMapByCount(map: RegionMap): boolean {
  return map.servers.every((s) => s.regions.every((r) => !r.sizeBytes));
}

/** A treemap: one block per RegionServer, split into its regions by size. */
export function regionMapOption(map: RegionMap): ChartOption {
  const byCount = regionMapByCount(map);
  const regionTip = (server: string, r: RegionInfo) =>
    [
      `<b>${escapeHtml(r.name)}</b> on ${escapeHtml(server)}`,
      `${escapeHtml(keyLabel(r.startKey))} → ${escapeHtml(endKeyLabel(r.endKey))}`,
      `size ${formatBytes(r.sizeBytes)} · store files ${formatNumber(r.storeFiles)}`,
    ].join('<br/>');
  return {
    animation: false,
    tooltip: {
      formatter: (params: unknown) => {
        const tip = (params as { data?: { tip?: string } }).data?.tip;
        return tip ?? '';
      },
    },
    series: [
      {
        type: 'treemap',
        roam: false,
        nodeClick: false,
        breadcrumb: { show: false },
        top: 4,
        left: 4,
        right: 4,
        bottom: 4,
        label: { show: true, fontSize: 10, overflow: 'truncate' },
        // A parent's band (with its upper label) is drawn in its border colour.
        upperLabel: { show: true, height: 20, color: '#fff', fontWeight: 'bold' },
        levels: [
          // The virtual root: no band.
          { itemStyle: { borderWidth: 0, gapWidth: 4 }, upperLabel: { show: false } },
          // RegionServers: a coloured band with the server name.
          { itemStyle: { borderWidth: 3, gapWidth: 1 } },
          // Regions.
          {
            itemStyle: { borderWidth: 1, gapWidth: 1, borderColor: '#fff' },
            colorSaturation: [0.35, 0.6],
          },
        ],
        data: map.servers.map((s, i) => ({
          name: s.server,
          itemStyle: {
            color: SERVER_COLORS[i % SERVER_COLORS.length],
            borderColor: SERVER_COLORS[i % SERVER_COLORS.length],
          },
          tip: `<b>${escapeHtml(s.server)}</b><br/>${s.regions.length} regions`,
          children: s.regions.map((r) => ({
            name: keyLabel(r.startKey),
            value: byCount ? 1 : (r.sizeBytes ?? 0),
            tip: regionTip(s.server, r),
          })),
        })),
      },
    ],
  };
}

/** Cells with traffic: the e2e waits for this to become positive after a load. */
export function countNonEmptyCells(values: Heatmap['values']): number {
  let n = 0;
  for (const row of values) for (const v of row) if (v !== null && v != null && v > 0) n++;
  return n;
}

/** "15:46:02" within a day, "11-21 15:46" beyond. */
function timeLabel(iso: string, long: boolean): string {
  const t = formatTimestamp(iso);
  return long ? t.slice(5, 16) : t.slice(11);
}

/** Requests/s per key range (y, in key order) and sample time (x). */
export function heatmapOption(heatmap: Heatmap): ChartOption {
  const first = heatmap.times[0];
  const last = heatmap.times.at(-1);
  const long = !!first && !!last && Date.parse(last) - Date.parse(first) > 86_400_000;
  const data: [number, number, number][] = [];
  let max = 0;
  heatmap.values.forEach((row, y) =>
    row.forEach((v, x) => {
      if (v === null || v == null) return;
      data.push([x, y, v]);
      if (v > max) max = v;
    }),
  );
  const rangeTip = (y: number) => {
    const r = heatmap.ranges[y];
    return r ? `${escapeHtml(keyLabel(r.startKey))} → ${escapeHtml(endKeyLabel(r.endKey))}` : '';
  };
  return {
    animation: false,
    grid: { left: 150, right: 24, top: 12, bottom: 72 },
    tooltip: {
      formatter: (params: unknown) => {
        const value = (params as { value?: unknown }).value;
        if (!Array.isArray(value)) return '';
        const [x, y, v] = value as [number, number, number];
        const at = heatmap.times[x];
        return `${rangeTip(y)}<br/>${at ? formatTimestamp(at) : ''}<br/><b>${formatRate(v)}</b> req/s`;
      },
    },
    xAxis: {
      type: 'category',
      data: heatmap.times.map((t) => timeLabel(t, long)),
      axisLabel: chartAxisText,
      splitArea: { show: true },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: heatmap.ranges.map((r) => keyLabel(r.startKey)),
      axisLabel: { ...chartAxisText, width: 136, overflow: 'truncate' },
      splitArea: { show: true },
    },
    visualMap: {
      type: 'continuous',
      min: 0,
      max: max > 0 ? max : 1,
      orient: 'horizontal',
      left: 'center',
      bottom: 4,
      text: [`${formatRate(max)} req/s`, '0'],
      textStyle: chartAxisText,
      inRange: { color: HEAT },
    },
    series: [
      {
        type: 'heatmap',
        data,
        progressive: 0,
        emphasis: { itemStyle: { borderColor: '#1c2530', borderWidth: 1 } },
      },
    ],
  };
}
