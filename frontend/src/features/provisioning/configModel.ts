// The configuration page's model: role-group tabs, the editable rows of each group, typed checks
// of well-known keys (the catalog's type, bounds and default), the request the page sends, and
// where the backend's findings point. The backend validates again and decides what restarts;
// these checks only catch typos before a round trip.
import type {
  ClusterConfig,
  ConfigChangeRequest,
  ConfigKey,
  ConfigMap,
  Finding,
  FindingSeverity,
} from '../../api/types';
import { formatBytes, formatDuration } from '../../lib/format';
import { inRestartOrder } from './restartModel';
import type { FindingView } from './scaleInModel';
import { roleLabel } from './wizardModel';

// ---------------------------------------------------------------- groups

/** The cluster-wide group's id; every other group is a role id. */
export const CLUSTER_GROUP = 'cluster';

export interface ConfigGroup {
  id: string;
  label: string;
  /** The hosts whose files the group's values go into. */
  hosts: string[];
}

/** Cluster-wide first, then one group per role the cluster runs, in restart order. */
export function configGroups(
  config: Pick<ClusterConfig, 'roles' | 'roleOverrides'>,
): ConfigGroup[] {
  const roles = inRestartOrder(
    new Set([...Object.keys(config.roles), ...Object.keys(config.roleOverrides)]),
  );
  const all = [...new Set(Object.values(config.roles).flat())].sort();
  return [
    { id: CLUSTER_GROUP, label: 'Cluster-wide', hosts: all },
    ...roles.map((role) => ({ id: role, label: roleLabel(role), hosts: config.roles[role] ?? [] })),
  ];
}

// ---------------------------------------------------------------- rows

/** The files a value can go into (the contract's ConfigMap). */
export const CONFIG_FILES = ['hbase-site', 'hdfs-site', 'core-site', 'zoo.cfg'] as const;

export interface ConfigRow {
  /** Stable across edits, for React keys and focus. */
  id: number;
  file: string;
  key: string;
  value: string;
}

/** group id → its rows. */
export type ConfigDraft = Record<string, ConfigRow[]>;

let nextRowId = 0;
export const newRow = (file: string = CONFIG_FILES[0], key = '', value = ''): ConfigRow => ({
  id: ++nextRowId,
  file,
  key,
  value,
});

function rowsOf(map: ConfigMap | undefined): ConfigRow[] {
  return Object.entries(map ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([file, entries]) =>
      Object.entries(entries)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => newRow(file, key, value)),
    );
}

/** The installed values as editable rows, per group. */
export function draftFromConfig(config: ClusterConfig): ConfigDraft {
  const draft: ConfigDraft = {};
  for (const g of configGroups(config)) {
    draft[g.id] = rowsOf(g.id === CLUSTER_GROUP ? config.overrides : config.roleOverrides[g.id]);
  }
  return draft;
}

/** file → key → value of the rows with a key (sorted, so equal drafts give equal JSON). */
export function toConfigMap(rows: readonly ConfigRow[]): ConfigMap {
  const map: ConfigMap = {};
  const sorted = rows
    .map((r) => ({ ...r, key: r.key.trim() }))
    .filter((r) => r.key !== '')
    .sort((a, b) => a.file.localeCompare(b.file) || a.key.localeCompare(b.key));
  for (const r of sorted) (map[r.file] ??= {})[r.key] = r.value;
  return map;
}

/** The request for a draft: every group is sent, since role groups replace the installed ones whole. */
export function changeRequest(draft: ConfigDraft, batchSize = 1): ConfigChangeRequest {
  const roleOverrides: Record<string, ConfigMap> = {};
  for (const [group, rows] of Object.entries(draft).sort(([a], [b]) => a.localeCompare(b))) {
    if (group === CLUSTER_GROUP) continue;
    const map = toConfigMap(rows);
    if (Object.keys(map).length > 0) roleOverrides[group] = map;
  }
  return { overrides: toConfigMap(draft[CLUSTER_GROUP] ?? []), roleOverrides, batchSize };
}

/** What a draft would change, as a comparable string (batch size aside). */
export const draftKey = (draft: ConfigDraft) => {
  const { overrides, roleOverrides } = changeRequest(draft);
  return JSON.stringify({ overrides, roleOverrides });
};

/** Keys of a group added, changed or removed against the installed values. */
export function groupEdits(rows: readonly ConfigRow[], installed: ConfigMap | undefined): number {
  const now = toConfigMap(rows);
  const was = installed ?? {};
  const entries = (m: ConfigMap) =>
    Object.entries(m).flatMap(([f, kv]) =>
      Object.entries(kv).map(([k, v]): [string, string] => [`${f}|${k}`, v]),
    );
  const a = new Map(entries(now));
  const b = new Map(entries(was));
  let n = 0;
  for (const [k, v] of a) if (b.get(k) !== v) n++;
  for (const k of b.keys()) if (!a.has(k)) n++;
  return n;
}

// ---------------------------------------------------------------- typed checks

export type KeyIndex = ReadonlyMap<string, ConfigKey>;

export const keyIndex = (keys: readonly ConfigKey[] | undefined): KeyIndex =>
  new Map((keys ?? []).map((k) => [k.key, k]));

const UNITS: Record<string, number> = {
  '': 1,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  t: 1024 ** 4,
  p: 1024 ** 5,
  e: 1024 ** 6,
};

/** "128m" → 134217728, as Hadoop reads sizes (one binary prefix, no fraction); NaN otherwise. */
export function parseBytes(value: string): number {
  const m = /^(\d+)([kmgtpe]?)$/i.exec(value.trim());
  return m ? Number(m[1]) * UNITS[m[2]!.toLowerCase()]! : Number.NaN;
}

/** A bound as the key's type says it: "1.0 MiB", "1m 30s", "1000". */
function formatBound(type: string, n: number): string {
  if (type === 'bytes') return formatBytes(n);
  if (type === 'duration-ms') return formatDuration(n / 1000);
  return String(n);
}

function rangeError(meta: ConfigKey, n: number): string | undefined {
  const { min, max, type } = meta;
  const below = min != null && n < min;
  const above = max != null && n > max;
  if (!below && !above) return undefined;
  if (min != null && max != null)
    return `must be between ${formatBound(type, min)} and ${formatBound(type, max)}`;
  return below
    ? `must be at least ${formatBound(type, min!)}`
    : `must be at most ${formatBound(type, max!)}`;
}

const INT = /^[+-]?\d+$/;
const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Why `value` does not fit the known key's type and bounds, or undefined when it does. */
export function validateValue(meta: ConfigKey, value: string): string | undefined {
  const v = value.trim();
  if (v === '') return 'needs a value (remove the row to drop the key)';
  switch (meta.type) {
    case 'int':
      return INT.test(v) ? rangeError(meta, Number(v)) : 'must be a whole number';
    case 'float':
      return FLOAT.test(v) ? rangeError(meta, Number(v)) : 'must be a number';
    case 'bool':
      return /^(true|false)$/i.test(v) ? undefined : 'must be true or false';
    case 'bytes': {
      const n = parseBytes(v);
      return Number.isNaN(n)
        ? 'must be a size in bytes, optionally with k, m, g or t (e.g. 128m)'
        : rangeError(meta, n);
    }
    case 'duration-ms':
      return /^\d+$/.test(v)
        ? rangeError(meta, Number(v))
        : 'must be a whole number of milliseconds';
    default:
      return undefined;
  }
}

const TYPE_LABEL: Record<string, string> = {
  int: 'whole number',
  float: 'number',
  bool: 'true or false',
  bytes: 'bytes (k, m, g, t suffixes)',
  'duration-ms': 'milliseconds',
  string: 'text',
};

/** "whole number · 1–1000 · default 30", the hint under a known key's input. */
export function typeHint(meta: ConfigKey): string {
  const bounds =
    meta.min != null && meta.max != null
      ? `${formatBound(meta.type, meta.min)}–${formatBound(meta.type, meta.max)}`
      : meta.min != null
        ? `≥ ${formatBound(meta.type, meta.min)}`
        : meta.max != null
          ? `≤ ${formatBound(meta.type, meta.max)}`
          : undefined;
  const fallback =
    meta.defaultValue == null
      ? undefined
      : meta.type === 'bytes' && !Number.isNaN(parseBytes(meta.defaultValue))
        ? `default ${meta.defaultValue} (${formatBytes(parseBytes(meta.defaultValue))})`
        : meta.type === 'duration-ms' && /^\d+$/.test(meta.defaultValue)
          ? `default ${meta.defaultValue} (${formatDuration(Number(meta.defaultValue) / 1000)})`
          : `default ${meta.defaultValue}`;
  return [TYPE_LABEL[meta.type] ?? meta.type, bounds, fallback].filter(Boolean).join(' · ');
}

export interface RowCheck {
  /** The catalog's entry, when the key is well known. */
  meta?: ConfigKey;
  /** Blocks Preview: the backend would refuse it anyway. */
  error?: string;
  /** Allowed, but worth a look. */
  warning?: string;
}

/** A row's checks within its group: key present and once, file chosen, value typed. */
export function checkRow(
  row: ConfigRow,
  rows: readonly ConfigRow[],
  group: string,
  keys: KeyIndex,
): RowCheck {
  const key = row.key.trim();
  if (key === '') return row.value.trim() === '' ? {} : { error: 'needs a key' };
  const meta = keys.get(key);
  if (rows.some((r) => r.id !== row.id && r.key.trim() === key && r.file === row.file))
    return { meta, error: `${key} is set twice in this group` };
  if (!meta) {
    return {
      warning: `Not a key Granary knows: written into ${row.file} as given, without a check.`,
    };
  }
  const error = validateValue(meta, row.value);
  if (error) return { meta, error };
  if (meta.file !== row.file)
    return { meta, error: `${key} belongs in ${meta.file}, not ${row.file}` };
  if (group !== CLUSTER_GROUP && meta.roles.length > 0 && !meta.roles.includes(group)) {
    return {
      meta,
      warning: `${roleLabel(group)} does not read ${key} (${meta.roles.map(roleLabel).join(', ')} ${meta.roles.length === 1 ? 'does' : 'do'}): here it changes nothing.`,
    };
  }
  return { meta };
}

/** Rows with an error, over every group: Preview waits until there are none. */
export function draftErrors(draft: ConfigDraft, keys: KeyIndex): number {
  return Object.entries(draft).reduce(
    (n, [group, rows]) => n + rows.filter((r) => checkRow(r, rows, group, keys).error).length,
    0,
  );
}

/** Known keys a group's new row can offer: those its role reads (every key cluster-wide). */
export function suggestedKeys(keys: readonly ConfigKey[] | undefined, group: string): ConfigKey[] {
  return (keys ?? [])
    .filter((k) => group === CLUSTER_GROUP || k.roles.length === 0 || k.roles.includes(group))
    .sort((a, b) => a.key.localeCompare(b.key));
}

// ---------------------------------------------------------------- findings

/** Titles of the planner's codes a configuration change can meet; others show by severity. */
export const CONFIG_FINDING_TITLE: Record<string, string> = {
  'invalid-override-value': 'Invalid value',
  'unknown-override-file': 'Unknown file',
  'unknown-override-key': 'Unknown key',
  'cache-fractions-too-large': 'Caches too large',
  'low-replication': 'Low replication',
};

export interface FindingTarget {
  group: string;
  file: string;
  key?: string;
}

/**
 * Where a finding's field points: `overrides.hbase-site["k"]` (cluster-wide) or
 * `roleOverrides.regionserver.hbase-site["k"]`; undefined for any other field.
 */
export function findingTarget(field: string): FindingTarget | undefined {
  const m = /^(?:roleOverrides\.([A-Za-z_]+)\.|overrides\.)([^[\]]+?)(?:\["(.+)"\])?$/.exec(field);
  if (!m) return undefined;
  return { group: m[1] ?? CLUSTER_GROUP, file: m[2]!, key: m[3] };
}

/** `code: message` (a 400's field errors) or a preview finding, as FindingList shows it. */
export function configFindingView(
  f: { code?: string; severity: FindingSeverity; field: string; text: string },
  groups: readonly ConfigGroup[],
): FindingView {
  const target = findingTarget(f.field);
  const label = (id: string) => groups.find((g) => g.id === id)?.label ?? roleLabel(id);
  const where = target
    ? [label(target.group), target.file, target.key].filter(Boolean).join(' · ')
    : f.field || 'configuration';
  const title =
    (f.code && CONFIG_FINDING_TITLE[f.code]) || (f.severity === 'ERROR' ? 'Error' : 'Warning');
  return { ...f, where, title };
}

export function configFindings(
  findings: readonly Finding[],
  groups: readonly ConfigGroup[],
): { errors: FindingView[]; warnings: FindingView[] } {
  const views = findings.map((f) =>
    configFindingView(
      { code: f.code || undefined, severity: f.severity, field: f.field, text: f.message },
      groups,
    ),
  );
  return {
    errors: views.filter((v) => v.severity === 'ERROR'),
    warnings: views.filter((v) => v.severity !== 'ERROR'),
  };
}
