import {
  canCompare,
  formatChange,
  formatMetricValue,
  formatRatio,
  parseRunIds,
  ratioVerdict,
  toggleRun,
} from './compareModel';

describe('run selection', () => {
  it('parses the runs parameter: positive integers, once each, in order', () => {
    expect(parseRunIds('12,15')).toEqual([12, 15]);
    expect(parseRunIds(' 3, x, 3,0, -1, 7 ')).toEqual([3, 7]);
    expect(parseRunIds(null)).toEqual([]);
    expect(parseRunIds('')).toEqual([]);
  });

  it('compares 2 to 4 runs, ticked in order, ignoring a fifth', () => {
    expect(canCompare([1])).toBe(false);
    expect(canCompare([1, 2])).toBe(true);
    expect(canCompare([1, 2, 3, 4])).toBe(true);
    expect(canCompare([1, 2, 3, 4, 5])).toBe(false);
    expect(toggleRun([], 5)).toEqual([5]);
    expect(toggleRun([5, 2], 5)).toEqual([2]);
    expect(toggleRun([1, 2, 3, 4], 9)).toEqual([1, 2, 3, 4]);
  });
});

describe('ratios', () => {
  it('says better or worse by the direction that is better', () => {
    expect(ratioVerdict(1.2, 'higher')).toBe('better');
    expect(ratioVerdict(0.8, 'higher')).toBe('worse');
    expect(ratioVerdict(1.2, 'lower')).toBe('worse');
    expect(ratioVerdict(0.8, 'lower')).toBe('better');
    expect(ratioVerdict(1.004, 'higher')).toBe('same');
    expect(ratioVerdict(null, 'higher')).toBe('none');
    expect(ratioVerdict(Number.NaN, 'lower')).toBe('none');
  });

  it('formats a ratio and the change it means', () => {
    expect(formatRatio(1.2345)).toBe('1.23×');
    expect(formatRatio(null)).toBe('—');
    expect(formatChange(1.234)).toBe('+23.4%');
    expect(formatChange(0.5)).toBe('−50.0%');
    expect(formatChange(1)).toBe('±0.0%');
    expect(formatChange(undefined)).toBe('—');
  });

  it('formats values in their unit', () => {
    expect(formatMetricValue(12345.6, 'ops/s')).toBe('12,346 ops/s');
    expect(formatMetricValue(8.25, 'ms')).toBe('8.25 ms');
    expect(formatMetricValue(11.84, 'MiB/s')).toBe('11.8 MiB/s');
    expect(formatMetricValue(11.84, 'MiB/s')).toBe('11.8 MiB/s');
    expect(formatMetricValue(0.4236, '', 'ceilingRatio')).toBe('42%');
    expect(formatMetricValue(3, '', 'errors')).toBe('3');
    expect(formatMetricValue(42.5, '%')).toBe('42.5%');
    expect(formatMetricValue(0.25, 'ratio')).toBe('25.0%');
    expect(formatMetricValue(1200, 'count')).toBe('1,200');
    expect(formatMetricValue(3, 'regions')).toBe('3 regions');
    expect(formatMetricValue(null, 'ms')).toBe('—');
  });
});
