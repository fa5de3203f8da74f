import { heatmapFixture, regionMapFixture, tablePreviewFixture } from '../../test/fixtures';
import {
  countNonEmptyCells,
  escapeHtml,
  heatmapOption,
  previewChartOption,
  regionMapByCount,
  regionMapOption,
} from './charts';

type Formatter = (params: unknown) => string;

describe('chart options', () => {
  it('counts heatmap cells with traffic, ignoring nulls and zeros', () => {
    expect(countNonEmptyCells(heatmapFixture.values)).toBe(3);
    expect(countNonEmptyCells([[null, 0]])).toBe(0);
  });

  it('puts only existing cells into the heatmap, keys top-down', () => {
    const option = heatmapOption(heatmapFixture);
    const series = (option.series as { data: [number, number, number][] }[])[0]!;
    expect(series.data).toEqual([
      [1, 0, 0],
      [2, 0, 12.5],
      [0, 1, 3],
      [1, 1, 4],
    ]);
    const yAxis = option.yAxis as { data: string[]; inverse: boolean };
    expect(yAxis.data).toEqual(['(table start)', '\\x08']);
    expect(yAxis.inverse).toBe(true);
  });

  it('escapes row keys in tooltips', () => {
    const regions = [{ startKey: '<img src=x onerror=alert(1)>', endKey: '', samples: 1 }];
    const option = previewChartOption(regions, 1);
    const tip = (option.tooltip as { formatter: Formatter }).formatter({ dataIndex: 0 });
    expect(tip).toContain('&lt;img');
    expect(tip).not.toContain('<img');
    expect(escapeHtml(`a&b"'`)).toBe('a&amp;b&quot;&#39;');
  });

  it('draws one bar per planned region, marking those far above the mean', () => {
    const regions = [...tablePreviewFixture.regions, { startKey: 'z', endKey: '', samples: 2000 }];
    const option = previewChartOption(regions, 700);
    const series = (
      option.series as { data: { value: number; itemStyle: { color: string } }[] }[]
    )[0]!;
    expect(series.data).toHaveLength(17);
    const colors = new Set(series.data.slice(0, 16).map((d) => d.itemStyle.color));
    expect(colors.size).toBe(1);
    expect(series.data[16]!.itemStyle.color).not.toBe(series.data[0]!.itemStyle.color);
  });

  it('sizes the region map by bytes, or by region count when all regions are empty', () => {
    expect(regionMapByCount(regionMapFixture)).toBe(false);
    const empty = {
      servers: regionMapFixture.servers.map((s) => ({
        ...s,
        regions: s.regions.map((r) => ({ ...r, sizeBytes: 0 })),
      })),
    };
    expect(regionMapByCount(empty)).toBe(true);
    const data = (
      regionMapOption(empty).series as { data: { children: { value: number }[] }[] }[]
    )[0]!.data;
    expect(data.flatMap((s) => s.children.map((c) => c.value))).toEqual([1, 1]);
  });
});
