import { benchmarkIntervalsFixture } from '../../test/fixtures';
import { intervalSeries, lastIndex, mergeIntervals } from './intervals';

const [i0, i1, i2, i3, i4] = benchmarkIntervalsFixture as [
  (typeof benchmarkIntervalsFixture)[0],
  (typeof benchmarkIntervalsFixture)[0],
  (typeof benchmarkIntervalsFixture)[0],
  (typeof benchmarkIntervalsFixture)[0],
  (typeof benchmarkIntervalsFixture)[0],
];

describe('mergeIntervals', () => {
  it('appends newer intervals in index order and asks after the last one', () => {
    expect(lastIndex([])).toBe(-1);
    const first = mergeIntervals([], [i0, i1]);
    expect(lastIndex(first)).toBe(1);
    const next = mergeIntervals(first, [i3, i2]);
    expect(next.map((i) => i.index)).toEqual([0, 1, 2, 3]);
    expect(lastIndex(next)).toBe(3);
  });

  it('takes the fresh copy of a repeated index and keeps the list when nothing is new', () => {
    const fresh = { ...i1, opsPerSec: 1 };
    const merged = mergeIntervals([i0, i1], [fresh, i2]);
    expect(merged).toHaveLength(3);
    expect(merged[1]?.opsPerSec).toBe(1);
    const known = [i0];
    const same = mergeIntervals(known, []);
    expect(same).toEqual(known);
    expect(same).not.toBe(known);
  });
});

describe('intervalSeries', () => {
  it('plots each interval at its end, ops and both p99s, and spans the warm-up', () => {
    const s = intervalSeries([i0, i1, i2, i3, i4]);
    expect(s.ops).toEqual([
      [1, 9000],
      [2, 11000],
      [3, 12000],
      [4, 12500],
      [5, 12400],
    ]);
    expect(s.p99Corrected.map((p) => p[1])).toEqual([8, 9, 10, 11, 12]);
    expect(s.p99Service.map((p) => p[1])).toEqual([4, 5, 6, 7, 8]);
    expect(s.warmup).toEqual({ from: 0, to: 2 });
  });

  it('has no warm-up span without warm-up intervals, and no points without intervals', () => {
    expect(intervalSeries([i2, i3]).warmup).toBeUndefined();
    expect(intervalSeries([])).toEqual({
      ops: [],
      p99Corrected: [],
      p99Service: [],
      warmup: undefined,
    });
  });

  it('leaves out a last interval cut short by the end of the run instead of drawing a collapse', () => {
    const tail = { ...i4, index: 5, startSeconds: 5, seconds: 0.2, count: 300, opsPerSec: 1500 };
    const s = intervalSeries([i0, i1, i2, i3, i4, tail]);
    expect(s.ops).toHaveLength(5);
    expect(s.ops.at(-1)).toEqual([5, 12400]);
    expect(s.p99Corrected).toHaveLength(5);
  });
});
