// How erasure coding policies, directories, savings reports and conversions are shown.
import type {
  EcConversion,
  EcConversionState,
  EcLayoutCost,
  EcPolicy,
  EcPolicyState,
  EcReport,
} from '../../api/types';
import { formatNumber } from '../../lib/format';
import { type CountProgress, countProgress } from '../../lib/progress';
import { ecShell } from '../../lib/shell';
import type { SelectOption, Tone } from '../../ui';
import type { PolicyAction } from './api';

/** The policy name that stands for 3× replication (directories, reports). */
export const REPLICATION = 'replication';
/** The report's layout name for the files as they are now. */
export const CURRENT_LAYOUT = 'current';

/** Exhaustive over EcPolicyState. */
export const POLICY_STATE_TONE: Record<EcPolicyState, Tone> = {
  ENABLED: 'ok',
  DISABLED: 'neutral',
  REMOVED: 'bad',
};

/** Exhaustive over EcConversionState. */
export const CONVERSION_STATE_TONE: Record<EcConversionState, Tone> = {
  RUNNING: 'info',
  SUCCEEDED: 'ok',
  FAILED: 'bad',
  CANCELLED: 'neutral',
};

const times = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A storage overhead or a ratio to the logical bytes: 1.6667 → "1.67×", 3 → "3×". */
export function formatTimes(ratio: number | undefined): string {
  return ratio == null || !Number.isFinite(ratio) ? '—' : `${times.format(ratio)}×`;
}

/** A policy as people read it: the EC policy's name, or "3× replication". */
export function policyLabel(policy: string | undefined, none = '—'): string {
  if (!policy) return none;
  return policy === REPLICATION ? '3× replication' : policy;
}

/** A report layout: "Current layout", "3× replication" or the policy's name. */
export function layoutLabel(layout: string): string {
  return layout === CURRENT_LAYOUT ? 'Current layout' : policyLabel(layout);
}

/** "3 data + 2 parity" */
export function unitsText(p: Pick<EcPolicy, 'dataUnits' | 'parityUnits'>): string {
  return `${formatNumber(p.dataUnits)} data + ${formatNumber(p.parityUnits)} parity`;
}

export function enabledPolicies(policies: readonly EcPolicy[] | undefined): EcPolicy[] {
  return (policies ?? []).filter((p) => p.state === 'ENABLED');
}

/**
 * Select options of the enabled EC policies (the only ones a directory or table can get), led by
 * a placeholder and, for directories, followed by "3× replication".
 */
export function policyOptions(
  policies: readonly EcPolicy[] | undefined,
  { placeholder, replication = false }: { placeholder: string; replication?: boolean },
): SelectOption[] {
  return [
    { value: '', label: placeholder },
    ...enabledPolicies(policies).map((p) => ({
      value: p.name,
      label: `${p.name} (${formatTimes(p.storageOverhead)})${
        p.fitsTopology === false ? ' — does not fit the cluster' : ''
      }`,
    })),
    ...(replication ? [{ value: REPLICATION, label: '3× replication (no EC here)' }] : []),
  ];
}

/** What a policy's state offers: enable a disabled one, disable an enabled one. */
export function policyAction(state: EcPolicyState): PolicyAction | undefined {
  if (state === 'DISABLED') return 'enable';
  if (state === 'ENABLED') return 'disable';
  return undefined;
}

/**
 * The shell line of a policy action: the backend's `shellCommand` when it is that action (the
 * contract gives one line per policy), else the console's own.
 */
export function policyActionShell(
  policy: Pick<EcPolicy, 'name' | 'shellCommand'>,
  action: PolicyAction,
): string {
  const flag = action === 'enable' ? '-enablePolicy' : '-disablePolicy';
  if (policy.shellCommand.includes(flag)) return policy.shellCommand;
  return action === 'enable'
    ? ecShell.enablePolicy(policy.name)
    : ecShell.disablePolicy(policy.name);
}

/** The hdfs line of a directory change: an EC policy, "replication", or unset (undefined). */
export function directoryPolicyShell(path: string, policy: string | undefined): string {
  if (policy == null) return ecShell.unsetPolicy(path);
  if (policy === REPLICATION) return ecShell.replicate(path);
  return ecShell.setPolicy(path, policy || '<policy>');
}

// ---------------------------------------------------------------- HDFS paths

/** "hbase//data/" → "/hbase/data": absolute, no doubled or trailing slash; empty is the root. */
export function normalizeHdfsPath(input: string): string {
  const parts = input.trim().split('/').filter(Boolean);
  return `/${parts.join('/')}`;
}

export interface PathCrumb {
  name: string;
  path: string;
}

/** "/hbase/data" → "/", "hbase" (/hbase), "data" (/hbase/data). */
export function pathCrumbs(path: string): PathCrumb[] {
  const parts = normalizeHdfsPath(path).split('/').filter(Boolean);
  return [
    { name: '/', path: '/' },
    ...parts.map((name, i) => ({ name, path: `/${parts.slice(0, i + 1).join('/')}` })),
  ];
}

// ---------------------------------------------------------------- reports

/** The report's rows: the current layout first, then each enabled policy and replication. */
export function reportLayouts(report: Pick<EcReport, 'current' | 'layouts'>): EcLayoutCost[] {
  return [report.current, ...report.layouts.filter((l) => l.layout !== CURRENT_LAYOUT)];
}

/** The predicted cost of one layout (a policy name or "replication"). */
export function layoutFor(
  report: Pick<EcReport, 'layouts'> | undefined,
  layout: string,
): EcLayoutCost | undefined {
  return report?.layouts.find((l) => l.layout === layout);
}

// ---------------------------------------------------------------- conversions

/** Files converted or failed over the files to convert. */
export function conversionProgress(
  c: Pick<EcConversion, 'state' | 'filesTotal' | 'filesDone' | 'filesFailed'>,
): CountProgress {
  return countProgress(c.filesDone + c.filesFailed, c.filesTotal, c.state === 'RUNNING');
}

/** "3 of 5 files converted · 1 failed" */
export function filesText(c: Pick<EcConversion, 'filesTotal' | 'filesDone' | 'filesFailed'>) {
  const failed = c.filesFailed ? ` · ${formatNumber(c.filesFailed)} failed` : '';
  return `${formatNumber(c.filesDone)} of ${formatNumber(c.filesTotal)} files converted${failed}`;
}

/** A conversion's throttle: 0 (or none) is unthrottled. */
/** Files copied at once: the limit, and while running how many are in flight. */
export function copyingText(
  parallel: number | undefined,
  copying: number | undefined,
  running: boolean,
): string {
  if (parallel == null) return '—';
  return running
    ? `${formatNumber(copying ?? 0)} copying now, up to ${formatNumber(parallel)}`
    : `up to ${formatNumber(parallel)}`;
}

/** The conversion's copy rate (bytes copied per second of copying). */
export function rateText(mibPerSecond: number | undefined): string {
  return mibPerSecond == null ? 'nothing copied yet' : `${formatNumber(mibPerSecond)} MiB/s`;
}

export function throttleText(mbPerSecond: number | undefined): string {
  return mbPerSecond ? `${formatNumber(mbPerSecond)} MiB/s` : 'unthrottled';
}
