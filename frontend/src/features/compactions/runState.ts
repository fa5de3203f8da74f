// How a compaction run and its regions are shown: state colours, trigger names, progress.
import type {
  CompactionRegionState,
  CompactionRun,
  CompactionRunState,
  CompactionTrigger,
} from '../../api/types';
import { formatDuration, formatElapsed, formatNumber } from '../../lib/format';
import { type CountProgress, countProgress } from '../../lib/progress';
import type { Tone } from '../../ui';

/** Exhaustive over CompactionRunState. */
export const RUN_STATE_TONE: Record<CompactionRunState, Tone> = {
  RUNNING: 'info',
  SUCCEEDED: 'ok',
  PARTIAL: 'warn',
  FAILED: 'bad',
  CANCELLED: 'neutral',
};

/** Exhaustive over CompactionRegionState. */
export const REGION_STATE_TONE: Record<CompactionRegionState, Tone> = {
  PENDING: 'neutral',
  RUNNING: 'info',
  DONE: 'ok',
  SKIPPED: 'neutral',
  FAILED: 'bad',
};

/** Exhaustive over CompactionTrigger. */
export const TRIGGER_LABEL: Record<CompactionTrigger, string> = {
  ON_DEMAND: 'Compact now',
  SCHEDULE: 'Scheduled window',
  MANUAL: 'Schedule run now',
};

/** Regions done, skipped or failed over the regions selected. */
export function runProgress(
  run: Pick<
    CompactionRun,
    'state' | 'regionsTotal' | 'regionsDone' | 'regionsSkipped' | 'regionsFailed'
  >,
): CountProgress {
  const finished = run.regionsDone + run.regionsSkipped + run.regionsFailed;
  // No candidate regions: a finished run had nothing to do, a running one is still selecting.
  return countProgress(finished, run.regionsTotal, run.state === 'RUNNING');
}

/** "16 → 4", with a dash for a side the backend has not measured (yet). */
export function beforeAfter(
  before: number | undefined,
  after: number | undefined,
  format: (n: number | undefined) => string = formatNumber,
): string {
  if (before == null && after == null) return '—';
  return `${format(before)} → ${format(after)}`;
}

/** Locality 0..1 → "87%". */
export function formatLocality(value: number | undefined): string {
  return value == null || !Number.isFinite(value) ? '—' : `${Math.round(value * 100)}%`;
}

/** The backend's duration once known; while running, the time since it started. */
export function runDuration(
  run: Pick<CompactionRun, 'durationSeconds' | 'startedAt' | 'finishedAt'>,
  now: number = Date.now(),
): string {
  if (run.durationSeconds != null) return formatDuration(run.durationSeconds);
  return formatElapsed(run.startedAt, run.finishedAt, now);
}
