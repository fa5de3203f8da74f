import { ecReportFixture } from '../../test/fixtures';
import { histogramChartOption } from './charts';

interface BarSeries {
  name: string;
  type: string;
  data: { value: number; itemStyle: { color: string } }[];
}

const MiB = 1024 ** 2;

describe('histogramChartOption', () => {
  it('draws one bar of files per size bucket, in the API order', () => {
    const option = histogramChartOption(ecReportFixture.histogram);
    expect((option.xAxis as { data: string[] }).data).toEqual(['< 1 MiB', '1–16 MiB', '≥ 16 MiB']);
    const [series] = option.series as BarSeries[];
    expect(series?.type).toBe('bar');
    expect(series?.data.map((d) => d.value)).toEqual([6, 10, 4]);
  });

  it('marks the buckets of files smaller than one cell', () => {
    const option = histogramChartOption(ecReportFixture.histogram, MiB);
    const colors = (option.series as BarSeries[])[0]!.data.map((d) => d.itemStyle.color);
    expect(colors[0]).not.toBe(colors[1]);
    expect(colors[1]).toBe(colors[2]);
  });

  it('gives the bucket bytes and share in the tooltip, escaped', () => {
    const buckets = [
      { label: '<b>', minBytes: 0, maxBytes: MiB, files: 3, bytes: MiB },
      { label: 'big', minBytes: MiB, files: 1, bytes: 3 * MiB },
    ];
    const formatter = (
      histogramChartOption(buckets).tooltip as { formatter: (p: unknown) => string }
    ).formatter;
    const tip = formatter([{ dataIndex: 0 }]);
    expect(tip).toContain('&lt;b&gt;');
    expect(tip).toContain('<b>3</b> files');
    expect(tip).toContain('1.0 MiB (25.0% of the bytes)');
    expect(formatter([{ dataIndex: 7 }])).toBe('');
  });
});
