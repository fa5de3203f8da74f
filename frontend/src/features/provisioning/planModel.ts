// How a provisioning plan is shown: placement (host × role with heaps) and every config value with
// its provenance, filtered by file, provenance, host and text.
import type { ConfigEntry, ConfigSource, ProvisioningPlan } from '../../api/types';
import type { Tone } from '../../ui';
import { ROLES } from './wizardModel';

/** Exhaustive over ConfigSource. */
export const SOURCE_TONE: Record<ConfigSource, Tone> = {
  DEFAULT: 'neutral',
  SIZING_RULE: 'info',
  USER_OVERRIDE: 'warn',
};
export const SOURCE_LABEL: Record<ConfigSource, string> = {
  DEFAULT: 'DEFAULT',
  SIZING_RULE: 'SIZING_RULE',
  USER_OVERRIDE: 'USER_OVERRIDE',
};
export const SOURCES = Object.keys(SOURCE_TONE) as ConfigSource[];

/** The planner's files, in the order a reader expects them. */
export const CONFIG_FILES = [
  'core-site',
  'hdfs-site',
  'hbase-site',
  'zoo.cfg',
  'jvm-heaps',
  'jvm-opts',
] as const;

export interface PlacementCell {
  /** Heap of the role on that host ("384m"), when the plan gives one. */
  heap?: string;
  source?: ConfigSource;
  rule?: string;
}

export interface PlacementRow {
  hostname: string;
  address: string;
  rack: string;
  cores?: number;
  ramMb?: number;
  /** Roles in the planner's order. */
  roles: string[];
  /** role → its heap on this host. */
  cells: Record<string, PlacementCell>;
}

const roleOrder = (role: string) => {
  const i = (ROLES as readonly string[]).indexOf(role);
  return i < 0 ? ROLES.length : i;
};

/** One row per planned host, roles sorted, each with its heap. */
export function placementRows(plan: Pick<ProvisioningPlan, 'hosts'>): PlacementRow[] {
  return plan.hosts.map((h) => {
    const cells: Record<string, PlacementCell> = {};
    for (const role of h.roles) cells[role] = {};
    for (const heap of h.heaps) {
      cells[heap.key] = { heap: heap.value, source: heap.source, rule: heap.rule };
    }
    return {
      hostname: h.hostname,
      address: h.address,
      rack: h.rack,
      cores: h.cores,
      ramMb: h.ramMb,
      roles: [...h.roles].sort((a, b) => roleOrder(a) - roleOrder(b)),
      cells,
    };
  });
}

/** The role columns: the planner's five, then any role it adds later. */
export function placementRoles(rows: readonly PlacementRow[]): string[] {
  const extra = new Set<string>();
  for (const r of rows)
    for (const role of r.roles) if (roleOrder(role) === ROLES.length) extra.add(role);
  return [...ROLES, ...[...extra].sort()];
}

/** How many hosts run each role. */
export function roleCounts(rows: readonly PlacementRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of rows) for (const role of r.roles) counts[role] = (counts[role] ?? 0) + 1;
  return counts;
}

const entryKey = (e: ConfigEntry) => `${e.file}|${e.host ?? ''}|${e.key}`;

/**
 * Every value of the plan: the config list plus the per-host heaps (which the contract gives on
 * the hosts), each once.
 */
export function planEntries(plan: Pick<ProvisioningPlan, 'hosts' | 'config'>): ConfigEntry[] {
  const seen = new Map<string, ConfigEntry>();
  for (const e of plan.config) seen.set(entryKey(e), e);
  for (const h of plan.hosts) {
    for (const heap of h.heaps) {
      const e = { ...heap, file: heap.file || 'jvm-heaps', host: heap.host ?? h.hostname };
      if (!seen.has(entryKey(e))) seen.set(entryKey(e), e);
    }
  }
  return [...seen.values()];
}

/** Files present in the entries: the known ones in their order, then the others by name. */
export function configFiles<T extends { file: string }>(entries: readonly T[]): string[] {
  const present = new Set(entries.map((e) => e.file));
  const known = CONFIG_FILES.filter((f) => present.has(f));
  const other = [...present].filter((f) => !(CONFIG_FILES as readonly string[]).includes(f));
  return [...known, ...other.sort()];
}

export const ALL = 'all';
export const CLUSTER_WIDE = 'cluster';

export interface ConfigFilter {
  file: string;
  source: ConfigSource | typeof ALL;
  /** `all`, `cluster` (values without a host), or a host name. */
  host: string;
  /** Substring of the key or value, case-insensitive. */
  q: string;
}

export const NO_FILTER: ConfigFilter = { file: ALL, source: ALL, host: ALL, q: '' };

export function filterConfig(entries: readonly ConfigEntry[], filter: ConfigFilter): ConfigEntry[] {
  const q = filter.q.trim().toLowerCase();
  return entries.filter(
    (e) =>
      (filter.file === ALL || e.file === filter.file) &&
      (filter.source === ALL || e.source === filter.source) &&
      (filter.host === ALL ||
        (filter.host === CLUSTER_WIDE ? e.host == null : e.host === filter.host)) &&
      (q === '' || e.key.toLowerCase().includes(q) || e.value.toLowerCase().includes(q)),
  );
}

export interface ConfigGroup {
  file: string;
  entries: ConfigEntry[];
}

/** By file (in file order), then cluster-wide values before per-host ones, then by key. */
export function groupByFile(entries: readonly ConfigEntry[]): ConfigGroup[] {
  return configFiles(entries).map((file) => ({
    file,
    entries: entries
      .filter((e) => e.file === file)
      .sort(
        (a, b) =>
          (a.host == null ? 0 : 1) - (b.host == null ? 0 : 1) ||
          (a.host ?? '').localeCompare(b.host ?? '') ||
          a.key.localeCompare(b.key),
      ),
  }));
}

export function sourceCounts(entries: readonly ConfigEntry[]): Record<ConfigSource, number> {
  const counts: Record<ConfigSource, number> = { DEFAULT: 0, SIZING_RULE: 0, USER_OVERRIDE: 0 };
  for (const e of entries) counts[e.source] += 1;
  return counts;
}

/** Hosts that have per-host values, in first-seen order. */
export function configHosts(entries: readonly ConfigEntry[]): string[] {
  return [...new Set(entries.flatMap((e) => (e.host == null ? [] : [e.host])))];
}

/** "6,144 MiB" → shown as GiB once it is a whole number of them ("6 GiB"), else MiB. */
export function formatRamMb(mb: number | undefined): string {
  if (mb == null || !Number.isFinite(mb)) return '—';
  if (mb >= 1024 && mb % 1024 === 0) return `${mb / 1024} GiB`;
  return `${new Intl.NumberFormat('en-US').format(mb)} MiB`;
}
