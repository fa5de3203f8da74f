// How an experiment is shown: progress over its runs, a run's raw result in one line, the params
// as text, and the JSON file it downloads as. Figures and findings come computed from the server.
import type { BenchmarkRunState, Experiment, ExperimentKind, ExperimentRun } from '../../api/types';
import { formatNumber } from '../../lib/format';
import type { CountProgress } from '../../lib/progress';
import { type FlameNode, flameSize, type KeyValueItem, parseFlame } from '../../ui';
import { isLive } from '../benchmarks/runModel';

export { isLive };

const FINAL: ReadonlySet<BenchmarkRunState> = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED']);

export interface SeriesProgress extends CountProgress {
  /** The run being measured now, if any. */
  current?: ExperimentRun;
  counts: Record<BenchmarkRunState, number>;
}

/**
 * Progress over the runs: finished runs count whole, a running one by its own progress. Queued
 * with nothing started yet, the bar is indeterminate.
 */
export function seriesProgress(
  runs: readonly ExperimentRun[],
  state: BenchmarkRunState,
): SeriesProgress {
  const counts: Record<BenchmarkRunState, number> = {
    QUEUED: 0,
    RUNNING: 0,
    SUCCEEDED: 0,
    FAILED: 0,
    CANCELLED: 0,
  };
  let finished = 0;
  let done = 0;
  let current: ExperimentRun | undefined;
  for (const run of runs) {
    counts[run.state] += 1;
    if (FINAL.has(run.state)) {
      finished += 1;
      done += 1;
    } else if (run.state === 'RUNNING') {
      current ??= run;
      done += Math.max(0, Math.min(1, Number.isFinite(run.progress) ? run.progress : 0));
    }
  }
  const total = runs.length;
  if (!isLive(state)) {
    return { finished, total, percent: 100, indeterminate: false, current, counts };
  }
  const indeterminate =
    total === 0 || (state === 'QUEUED' && counts.RUNNING === 0 && finished === 0);
  const percent = total === 0 ? 0 : Math.min(99, Math.floor((done * 100) / total));
  return { finished, total, percent, indeterminate, current, counts };
}

/** "2 succeeded · 1 running · 1 queued" (states with no runs left out). */
export function countsText(counts: Record<BenchmarkRunState, number>): string {
  const order: BenchmarkRunState[] = ['SUCCEEDED', 'RUNNING', 'QUEUED', 'FAILED', 'CANCELLED'];
  const parts = order
    .filter((s) => counts[s] > 0)
    .map((s) => `${formatNumber(counts[s])} ${s.toLowerCase()}`);
  return parts.length > 0 ? parts.join(' · ') : 'no runs';
}

/** "3 / 4" runs succeeded of all. */
export function succeededText(s: { succeeded: number; runs: number }): string {
  return `${formatNumber(s.succeeded)} / ${formatNumber(s.runs)}`;
}

/** A JSON value in a few characters: numbers by size, short lists inline, objects elided. */
export function compactValue(value: unknown): string {
  if (value == null) return '—';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value);
    if (Number.isInteger(value)) return formatNumber(value);
    const abs = Math.abs(value);
    const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
    return new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value.length > 40 ? `${value.slice(0, 39)}…` : value;
  if (Array.isArray(value)) {
    const simple = value.every((v) => v == null || typeof v !== 'object');
    return simple && value.length <= 4
      ? value.map(compactValue).join(', ')
      : `[${formatNumber(value.length)} items]`;
  }
  return '{…}';
}

export const RESULT_ENTRIES = 6;

/** A run's result as `key value` pairs, the first few; the rest are counted. */
export function resultEntries(
  result: ExperimentRun['result'],
  max = RESULT_ENTRIES,
): { entries: [string, string][]; more: number } {
  if (!result) return { entries: [], more: 0 };
  const all = Object.entries(result);
  return {
    entries: all.slice(0, max).map(([k, v]) => [k, compactValue(v)]),
    more: Math.max(0, all.length - max),
  };
}

/** The experiment's params as rows, labelled as the kind labels them (unknown ones by name). */
export function paramItems(
  kind: Pick<ExperimentKind, 'params'>,
  params: Record<string, unknown>,
): KeyValueItem[] {
  const known = new Set(kind.params.map((p) => p.name));
  const text = (v: unknown, unit?: string) => {
    const t = Array.isArray(v) ? v.map((x) => compactValue(x)).join(', ') : compactValue(v);
    return unit && v != null ? `${t} ${unit}` : t;
  };
  return [
    ...kind.params
      .filter((p) => p.name in params)
      .map((p) => ({ label: p.label, value: text(params[p.name], p.unit) })),
    ...Object.keys(params)
      .filter((k) => !known.has(k))
      .map((k) => ({ label: k, value: text(params[k]) })),
  ];
}

/** The file a Download JSON saves: `experiment-31-ec-coder.json`. */
export function jsonFileName(e: Pick<Experiment, 'summary'>): string {
  const key = e.summary.experiment.replace(/[^A-Za-z0-9._-]+/g, '-');
  return `experiment-${e.summary.seriesId}-${key}.json`;
}

/**
 * The experiment as a `data:` URL for a download link: a link (not a button) as every export of
 * the console is, and pure, so it can be built while rendering.
 */
export function jsonDataUrl(data: unknown): string {
  return `data:application/json;charset=utf-8,${encodeURIComponent(`${JSON.stringify(data, null, 2)}\n`)}`;
}

/** The frames a native-checksums profile highlights (Hadoop's and the JDK's checksum code). */
export const CHECKSUM_FRAME = /checksum|crc32/i;

/** A run's CPU profile (`result.profile`), as far as the page draws it. */
export interface RunProfile {
  run: ExperimentRun;
  /** "no native #1": the run's label and repetition. */
  label: string;
  flame: FlameNode;
  samples?: number;
  /** Of all samples, 0..1, as the tool counted it. */
  checksumShare?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/**
 * Parsed trees by the JSON they were read from: a refetch keeps a finished run's result as it was
 * (structural sharing), so its tree is read once and stays the same object (and the zoom holds).
 */
const flames = new WeakMap<object, FlameNode | null>();

function flameOf(raw: unknown): FlameNode | null {
  if (!isObject(raw)) return null;
  let flame = flames.get(raw);
  if (flame === undefined) {
    flame = parseFlame(raw);
    flames.set(raw, flame);
  }
  return flame;
}

/** The runs whose result holds a flame graph (`result.profile.flame`), in run order. */
export function runProfiles(runs: readonly ExperimentRun[]): RunProfile[] {
  const out: RunProfile[] = [];
  for (const run of runs) {
    const profile = run.result?.profile;
    if (!isObject(profile)) continue;
    const flame = flameOf(profile.flame);
    if (!flame) continue;
    out.push({
      run,
      label: `${run.label} #${run.repetition}`,
      flame,
      samples: finite(profile.samples),
      checksumShare: finite(profile.checksumShare),
    });
  }
  return out;
}

/**
 * A run's result for its tooltip: the JSON, with a flame tree (hundreds of frames) as its size;
 * the tree has a section of its own.
 */
export function resultTitle(result: ExperimentRun['result']): string {
  if (!result) return '';
  return JSON.stringify(
    result,
    (key, value: unknown) => {
      if (key === 'flame' && isObject(value)) {
        const flame = flameOf(value);
        return flame ? `[flame graph: ${formatNumber(flameSize(flame))} frames]` : '[flame graph]';
      }
      return value;
    },
    2,
  );
}
