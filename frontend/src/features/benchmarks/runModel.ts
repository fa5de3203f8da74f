// How a benchmark run is shown: state colours, loop mode, latencies, CPU and the ceiling ratio.
import type {
  BenchmarkRun,
  BenchmarkRunState,
  BenchmarkSummary,
  BenchmarkProvenance,
} from '../../api/types';
import { formatNumber, formatRate } from '../../lib/format';
import type { KeyValueItem, Tone } from '../../ui';

const DASH = '—';

/** Above this mean CPU the agent, not the cluster, may have been the bottleneck. */
export const CPU_SATURATED_PERCENT = 80;

/** Exhaustive over BenchmarkRunState. */
export const RUN_STATE_TONE: Record<BenchmarkRunState, Tone> = {
  QUEUED: 'neutral',
  RUNNING: 'info',
  SUCCEEDED: 'ok',
  FAILED: 'bad',
  CANCELLED: 'neutral',
};

/** Queued or running: the run page polls, Cancel is offered. */
export function isLive(state: BenchmarkRunState | undefined): boolean {
  return state === 'QUEUED' || state === 'RUNNING';
}

const isNum = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v);

/** "closed loop" or "open loop @ 5,000 ops/s". */
export function modeText(run: Pick<BenchmarkRun, 'mode' | 'targetRate'>): string {
  if (run.mode === 'closed') return 'closed loop';
  return isNum(run.targetRate) ? `open loop @ ${formatRate(run.targetRate)} ops/s` : 'open loop';
}

/** Milliseconds with the precision that matters at their size: 0.15 ms, 12.3 ms, 1,235 ms. */
export function formatMs(ms: number | null | undefined): string {
  if (!isNum(ms)) return DASH;
  const digits = Math.abs(ms) < 10 ? 2 : Math.abs(ms) < 100 ? 1 : 0;
  return `${new Intl.NumberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(ms)} ms`;
}

/** ops/s as the console shows rates. */
export function formatOps(value: number | null | undefined): string {
  return formatRate(value);
}

/** A percentage already in 0..100: "87.3%". */
export function formatCpu(percent: number | null | undefined): string {
  return isNum(percent) ? `${percent.toFixed(1)}%` : DASH;
}

/** ops/s over the ceiling, 0..1 → "42%" ("4.2%" below 10%). */
export function formatCeilingRatio(ratio: number | null | undefined): string {
  if (!isNum(ratio)) return DASH;
  const pct = ratio * 100;
  return `${pct.toFixed(Math.abs(pct) < 10 ? 1 : 0)}%`;
}

/** MiB/s with one decimal. */
export function formatMbPerSec(value: number | null | undefined): string {
  return isNum(value) ? `${value.toFixed(1)} MiB/s` : DASH;
}

/** The agent's mean CPU says its own client threads were the limit. */
export function clientSaturated(cpuMeanPercent: number | null | undefined): boolean {
  return isNum(cpuMeanPercent) && cpuMeanPercent > CPU_SATURATED_PERCENT;
}

/** run.progress 0..1 → 0..100, rounded down (100 only once done); a finished run is full. */
export function progressPercent(run: Pick<BenchmarkRun, 'progress' | 'state'>): number {
  if (run.state === 'SUCCEEDED') return 100;
  const p = isNum(run.progress) ? run.progress : 0;
  return Math.max(0, Math.min(100, Math.floor(p * 100)));
}

/** "YCSB A · run 2/3" style name of a run in lists and headers. */
export function runName(run: Pick<BenchmarkRun, 'id' | 'label' | 'kind' | 'seriesName'>): string {
  if (run.kind === 'CEILING') return `Ceiling probe #${run.id}`;
  if (!run.seriesName || run.seriesName === run.label) return run.label || `#${run.id}`;
  // a one-variant series is named after its workload already; its default label (A) adds nothing
  const soleDefault = /^[A-D]$/.test(run.label) && !run.seriesName.includes(' vs ');
  return soleDefault ? run.seriesName : `${run.seriesName} · ${run.label}`;
}

/** The summary line under the counts: errors and timeouts, or that there were none. */
/** YCSB's Return= counts: OK and NOT_FOUND (a read of a missing key is not an error). */
export function returnsText(s: Pick<BenchmarkSummary, 'ok' | 'notFound'>): string {
  return `Return=OK ${formatNumber(s.ok)} · Return=NOT_FOUND ${formatNumber(s.notFound)}`;
}

/** The agent JVM's garbage collection while measuring. */
export function gcText(count: number, timeMs: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'collection' : 'collections'}, ${formatNumber(timeMs)} ms`;
}

export function errorsText(s: Pick<BenchmarkSummary, 'errors' | 'timeouts'>): string {
  if (s.errors === 0 && s.timeouts === 0) return 'no errors, no timeouts';
  return `${formatNumber(s.errors)} errors · ${formatNumber(s.timeouts)} timeouts`;
}

/** The agent's own cost over the measured time, in one line; a dash before the run has ended. */
export function agentSelfCostText(c: BenchmarkProvenance['agentSelfCost']): string {
  if (!c) return DASH;
  const pauses =
    c.gcPauses === 0
      ? 'no GC pauses'
      : `${formatNumber(c.gcPauses)} GC ${c.gcPauses === 1 ? 'pause' : 'pauses'}, ${formatNumber(
          c.gcPauseTotalMs,
        )} ms in all, longest ${formatNumber(c.gcPauseMaxMs)} ms`;
  return `CPU ${formatRate(c.cpuMeanPercent)}% mean, ${formatRate(c.cpuMaxPercent)}% max · ${pauses} · ${formatNumber(c.allocatedMiB)} MiB allocated (${formatRate(c.allocatedMiBPerSecond)} MiB/s)`;
}

/** Provenance fields as text, in a fixed order; jvmFlags, cpuFlags and agentSelfCost are rendered apart. */
export const PROVENANCE_FIELDS: readonly {
  key: Exclude<keyof BenchmarkProvenance, 'jvmFlags' | 'cpuFlags' | 'agentSelfCost'>;
  label: string;
}[] = [
  { key: 'granaryVersion', label: 'Granary' },
  { key: 'engineVersion', label: 'HBase' },
  { key: 'hadoopVersion', label: 'Hadoop' },
  { key: 'agentVersions', label: 'Agent libraries' },
  { key: 'regions', label: 'Regions' },
  { key: 'tableDescriptor', label: 'Table descriptor' },
  { key: 'clusterConfigDigest', label: 'Cluster config digest' },
  { key: 'ecCoder', label: 'EC coder' },
  { key: 'checksum', label: 'Checksum' },
  { key: 'agentHost', label: 'Agent host' },
  { key: 'agentCores', label: 'Agent cores' },
  { key: 'cpuModel', label: 'CPU model' },
  { key: 'javaVersion', label: 'Java' },
];

/** Every text provenance field, a dash where the backend gave none. */
export function provenanceItems(p: BenchmarkProvenance): KeyValueItem[] {
  return PROVENANCE_FIELDS.map(({ key, label }) => {
    const v = p[key];
    return {
      label,
      value: v == null || v === '' ? DASH : typeof v === 'number' ? formatNumber(v) : v,
      testId: `bench-provenance-${key}`,
    };
  });
}
