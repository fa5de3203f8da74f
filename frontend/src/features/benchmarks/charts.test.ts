import { benchmarkIntervalsFixture } from '../../test/fixtures';
import { latencyChartOption, opsChartOption, P99_SERIES, WARMUP_LABEL } from './charts';

interface LineSeries {
  name: string;
  type: string;
  data: [number, number][];
  markArea?: { data: [{ name: string; xAxis: number }, { xAxis: number }][] };
}

const series = (option: { series?: unknown }) => option.series as LineSeries[];
const formatterOf = (option: { tooltip?: unknown }) =>
  (option.tooltip as { formatter: (p: unknown) => string }).formatter;

describe('opsChartOption', () => {
  it('draws ops/s per second with the warm-up shaded', () => {
    const [ops] = series(opsChartOption(benchmarkIntervalsFixture));
    expect(ops?.type).toBe('line');
    expect(ops?.data).toHaveLength(5);
    expect(ops?.data[0]).toEqual([1, 9000]);
    expect(ops?.markArea?.data).toEqual([[{ name: WARMUP_LABEL, xAxis: 0 }, { xAxis: 2 }]]);
  });

  it('has no shaded area once no interval is warm-up, and explains a second in its tooltip', () => {
    const measured = benchmarkIntervalsFixture.filter((i) => !i.warmup);
    expect(series(opsChartOption(measured))[0]?.markArea).toBeUndefined();
    const formatter = formatterOf(opsChartOption(benchmarkIntervalsFixture));
    const tip = formatter([{ dataIndex: 0 }]);
    expect(tip).toContain('0–1 s</b> · warm-up');
    expect(tip).toContain('<b>9,000</b> ops/s');
    expect(formatter([{ dataIndex: 2 }])).not.toContain('warm-up');
    expect(formatter([{ dataIndex: 99 }])).toBe('');
  });
});

describe('latencyChartOption', () => {
  it('draws p99 corrected and p99 service as two series', () => {
    const option = latencyChartOption(benchmarkIntervalsFixture);
    const s = series(option);
    expect(s.map((x) => x.name)).toEqual([...P99_SERIES]);
    expect(s[0]?.data.map((p) => p[1])).toEqual([8, 9, 10, 11, 12]);
    expect(s[1]?.data.map((p) => p[1])).toEqual([4, 5, 6, 7, 8]);
    expect(s[0]?.markArea?.data).toHaveLength(1);
    expect((option.legend as { data: string[] }).data).toEqual([...P99_SERIES]);
    expect(formatterOf(option)([{ dataIndex: 3 }])).toContain('p99 corrected <b>11.0 ms</b>');
  });
});
