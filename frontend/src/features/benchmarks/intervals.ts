// A run's one-second intervals as the live page accumulates them, and the points charted from them.
import type { BenchmarkInterval } from '../../api/types';

/** The `after` of the next poll: the last index held, -1 before the first. */
export function lastIndex(intervals: readonly BenchmarkInterval[]): number {
  return intervals.length === 0 ? -1 : Math.max(...intervals.map((i) => i.index));
}

/**
 * `fresh` appended to `known`, by index: a repeated index takes the fresh copy (a poll that
 * overlaps the last one adds nothing twice), and the result is in index order.
 */
export function mergeIntervals(
  known: readonly BenchmarkInterval[],
  fresh: readonly BenchmarkInterval[],
): BenchmarkInterval[] {
  if (fresh.length === 0) return [...known];
  const byIndex = new Map<number, BenchmarkInterval>();
  for (const i of known) byIndex.set(i.index, i);
  for (const i of fresh) byIndex.set(i.index, i);
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

/** [seconds since the start of the run, value]: a point is drawn at the end of its interval. */
export type Point = [number, number];

export interface IntervalSeries {
  ops: Point[];
  p99Corrected: Point[];
  p99Service: Point[];
  /** The warm-up's span on the time axis (its intervals are not in the summary). */
  warmup?: { from: number; to: number };
}

const end = (i: BenchmarkInterval) => i.startSeconds + i.seconds;

/**
 * A run's last interval is cut short when the duration ends (and threads drain in it): a fraction of a
 * second of stragglers would draw as a collapse, so intervals under this length are not charted.
 */
export const MIN_CHARTED_SECONDS = 0.9;

export function intervalSeries(intervals: readonly BenchmarkInterval[]): IntervalSeries {
  const warm = intervals.filter((i) => i.warmup);
  const full = intervals.filter((i) => i.seconds >= MIN_CHARTED_SECONDS);
  return {
    ops: full.map((i) => [end(i), i.opsPerSec]),
    p99Corrected: full.map((i) => [end(i), i.p99CorrectedMs]),
    p99Service: full.map((i) => [end(i), i.p99ServiceMs]),
    warmup:
      warm.length === 0
        ? undefined
        : {
            from: Math.min(...warm.map((i) => i.startSeconds)),
            to: Math.max(...warm.map(end)),
          },
  };
}
