import { compactionHistoryFixture } from '../../test/fixtures';
import { historyChartOption } from './charts';

interface BarSeries {
  name: string;
  type: string;
  data: number[];
}

describe('historyChartOption', () => {
  it('draws store files before and after as two bar series, one category per run', () => {
    const option = historyChartOption(compactionHistoryFixture);
    expect((option.xAxis as { data: string[] }).data).toEqual(['#40', '#42']);
    const series = option.series as BarSeries[];
    expect(series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['Store files before', 'bar', [20, 1600]],
      ['Store files after', 'bar', [9, 4]],
    ]);
    expect((option.legend as { data: string[] }).data).toEqual([
      'Store files before',
      'Store files after',
    ]);
  });

  it('explains a run in its tooltip', () => {
    const option = historyChartOption(compactionHistoryFixture);
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const tip = formatter([{ dataIndex: 1 }]);
    expect(tip).toContain('Run #42');
    expect(tip).toContain('<b>1,600</b> → <b>4</b> over 4 regions');
    expect(tip).toContain('locality 50% → 100%');
    expect(formatter([{ dataIndex: 9 }])).toBe('');
  });
});
