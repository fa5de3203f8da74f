// Selecting runs to compare, and how a comparison's values and ratios are shown.
import type { BenchmarkMetric } from '../../api/types';
import { formatNumber, formatRate } from '../../lib/format';
import { formatCeilingRatio, formatMs } from './runModel';

export const MIN_COMPARE = 2;
export const MAX_COMPARE = 4;

/** Ratios this close to 1 are "the same" (noise, not a finding). */
export const SAME_RATIO_TOLERANCE = 0.01;

/** 2–4 runs: what the compare endpoint takes. */
export function canCompare(runIds: readonly number[]): boolean {
  return runIds.length >= MIN_COMPARE && runIds.length <= MAX_COMPARE;
}

/** "12,15" (or "12, 15") → [12, 15]: positive integers, first occurrence kept, order kept. */
export function parseRunIds(value: string | null | undefined): number[] {
  if (!value) return [];
  const ids: number[] = [];
  for (const part of value.split(',')) {
    const t = part.trim();
    if (!/^\d+$/.test(t)) continue;
    const n = Number(t);
    if (n > 0 && !ids.includes(n)) ids.push(n);
  }
  return ids;
}

/** Ticks or unticks a run; a fifth tick is ignored. Order of ticking is kept (first = baseline). */
export function toggleRun(selected: readonly number[], runId: number): number[] {
  if (selected.includes(runId)) return selected.filter((id) => id !== runId);
  return selected.length >= MAX_COMPARE ? [...selected] : [...selected, runId];
}

export type RatioVerdict = 'better' | 'worse' | 'same' | 'none';

/** Whether a ratio to the first run is an improvement, given which way is better. */
export function ratioVerdict(
  ratio: number | null | undefined,
  better: BenchmarkMetric['better'],
): RatioVerdict {
  if (typeof ratio !== 'number' || !Number.isFinite(ratio)) return 'none';
  if (Math.abs(ratio - 1) < SAME_RATIO_TOLERANCE) return 'same';
  const up = ratio > 1;
  return up === (better === 'higher') ? 'better' : 'worse';
}

/** 1.234 → "1.23×". */
export function formatRatio(ratio: number | null | undefined): string {
  if (typeof ratio !== 'number' || !Number.isFinite(ratio)) return '—';
  return `${ratio.toFixed(2)}×`;
}

/** 1.234 → "+23.4%", 0.5 → "−50.0%" (the change from the first run). */
export function formatChange(ratio: number | null | undefined): string {
  if (typeof ratio !== 'number' || !Number.isFinite(ratio)) return '—';
  const pct = (ratio - 1) * 100;
  const sign = pct > 0 ? '+' : pct < 0 ? '−' : '±';
  return `${sign}${Math.abs(pct).toFixed(1)}%`;
}

/** Metrics given as a fraction without a unit, shown as a percentage. */
const FRACTION_KEYS = new Set(['ceilingRatio']);

/** A metric value in its unit (units as the backend names them: ms, ops/s, MiB/s, %, …). */
export function formatMetricValue(
  value: number | null | undefined,
  unit: string,
  key = '',
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  if (FRACTION_KEYS.has(key)) return formatCeilingRatio(value);
  const u = unit.trim();
  switch (u.toLowerCase()) {
    case 'ms':
      return formatMs(value);
    case 'ops/s':
      return `${formatRate(value)} ops/s`;
    case 'mb/s':
    case 'mib/s':
      return `${value.toFixed(1)} ${u}`;
    case '%':
      return `${value.toFixed(1)}%`;
    case 'ratio':
      return `${(value * 100).toFixed(1)}%`;
    case '':
    case 'count':
      return Number.isInteger(value) ? formatNumber(value) : value.toFixed(2);
    default:
      return `${Number.isInteger(value) ? formatNumber(value) : value.toFixed(2)} ${u}`;
  }
}
