import { describe, expect, it } from 'vitest';
import type { MetricsChart } from '../../api/types';
import { formatValue, latest, metricsChartOption } from './chartOption';

const chart: MetricsChart = {
  chart: 'requests',
  title: 'Requests/s',
  unit: 'ops/s',
  range: '15m',
  stepSeconds: 10,
  from: '2026-11-26T10:00:00Z',
  to: '2026-11-26T10:15:00Z',
  series: [
    {
      name: 'read',
      points: [
        [1795687200, 1],
        [1795687210, 2.5],
      ],
    },
    { name: 'write', points: [] },
  ],
  bands: [
    {
      kind: 'benchmark',
      id: '7',
      label: 'ycsb-a (A)',
      from: '2026-11-26T10:05:00Z',
      to: '2026-11-26T10:07:00Z',
    },
    { kind: 'compaction', id: '3', label: 'major compaction of t', from: '2026-11-26T10:12:00Z' },
  ],
  queries: ['sum(rate(x[40s]))'],
  prometheusUrl: 'http://127.0.0.1:19090',
};

describe('metrics charts', () => {
  it('draws seconds as milliseconds and every band, an open one to the end of the range', () => {
    const option = metricsChartOption(chart) as {
      series: { data: number[][]; markArea?: { data: unknown[][] } }[];
    };
    expect(option.series[0]!.data[1]).toEqual([1795687210000, 2.5]);
    const bands = option.series[0]!.markArea!.data as { xAxis: number; name?: string }[][];
    expect(bands).toHaveLength(2);
    expect(bands[0]![0]!.name).toBe('ycsb-a (A)');
    expect(bands[1]![1]!.xAxis).toBe(Date.parse(chart.to));
    expect(option.series[1]!.markArea).toBeUndefined();
  });

  it('gives the latest value per series, or says there is none', () => {
    expect(latest(chart)).toEqual([
      { name: 'read', value: '2.5' },
      { name: 'write', value: 'no data' },
    ]);
  });

  it('formats values in their unit', () => {
    expect(formatValue(1536, 'bytes')).toBe('1.5 KiB');
    expect(formatValue(0.0123, 's/s')).toBe('12.3 ms/s');
    expect(formatValue(12.34, 'ms')).toBe('12.3 ms');
  });
});
