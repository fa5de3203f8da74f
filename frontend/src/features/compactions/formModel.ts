// Form state of the schedule and compact-now forms, their request bodies, and the mapping of
// problem+json field errors (errors[].field = the request property) onto the inputs.
// Numbers stay strings while edited, as in the tables forms.
import type {
  CompactionKind,
  CompactionRequest,
  CompactionSchedule,
  CompactionScheduleInput,
  CompactionSelection,
  CompactionTargetKind,
  FieldError,
} from '../../api/types';
import { compactionShell } from '../../lib/shell';
import { toInt } from '../tables/formModel';

export const DEFAULT_CRON = '0 1 * * *';
export const DEFAULT_DURATION_MINUTES = 240;
export const DEFAULT_MAX_PER_SERVER = 1;
export const DEFAULT_MAX_PER_CLUSTER = 2;
export const DEFAULT_MIN_STORE_FILES = 3;
export const FALLBACK_TIME_ZONE = 'UTC';

export const TARGET_KINDS: readonly { value: CompactionTargetKind; label: string }[] = [
  { value: 'TABLE', label: 'Table' },
  { value: 'NAMESPACE', label: 'Namespace' },
  { value: 'PATTERN', label: 'Table name pattern (regex)' },
];

export const SELECTIONS: readonly { value: CompactionSelection; label: string }[] = [
  { value: 'THRESHOLD', label: 'Regions past a threshold' },
  { value: 'ALL', label: 'Every region' },
];

export const COMPACTION_KINDS: readonly { value: CompactionKind; label: string }[] = [
  { value: 'MAJOR', label: 'Major (rewrite every store into one file)' },
  { value: 'MINOR', label: 'Minor (merge some small files)' },
];

/** The browser's IANA time zone, which a new schedule starts with. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/** IANA zones for the time zone suggestions (empty where the runtime cannot list them). */
export function knownTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------- field errors

/**
 * Field errors keyed by input. The backend names a field by its request property (`cron`,
 * `durationMinutes`); a prefix such as `body.` or `scheduleInput.` is tolerated. Several errors
 * on one field are joined; errors on unknown fields stay out (the form's error box lists them).
 */
export function fieldErrorMap<F extends string>(
  errors: readonly FieldError[],
  fields: readonly F[],
): Partial<Record<F, string>> {
  const known = new Set<string>(fields);
  const map: Partial<Record<F, string>> = {};
  for (const e of errors) {
    const name = e.field.split('.').at(-1) ?? '';
    if (!known.has(name)) continue;
    const field = name as F;
    map[field] = map[field] ? `${map[field]}; ${e.message}` : e.message;
  }
  return map;
}

const positiveInt = (value: string, min = 1, max?: number): boolean => {
  const n = toInt(value);
  return n != null && n >= min && (max == null || n <= max);
};

/** A required integer field: NaN (sent as null) when it holds no integer; validation stops that. */
const requiredInt = (value: string) => toInt(value) ?? Number.NaN;

// ---------------------------------------------------------------- schedules

/** Every property of CompactionScheduleInput: a new contract field is a compile error here. */
const SCHEDULE_INPUT_FIELDS: Record<keyof CompactionScheduleInput, true> = {
  name: true,
  targetKind: true,
  target: true,
  cron: true,
  timeZone: true,
  durationMinutes: true,
  maxPerServer: true,
  maxPerCluster: true,
  selection: true,
  minStoreFilesPerStore: true,
  maxLocalityPercent: true,
  minHoursSinceMajor: true,
  pauseOutsideWindows: true,
  enabled: true,
};
export type ScheduleField = keyof CompactionScheduleInput;
export const SCHEDULE_FIELDS = Object.keys(SCHEDULE_INPUT_FIELDS) as ScheduleField[];

export interface ScheduleForm {
  name: string;
  targetKind: CompactionTargetKind;
  target: string;
  cron: string;
  timeZone: string;
  durationMinutes: string;
  maxPerServer: string;
  maxPerCluster: string;
  selection: CompactionSelection;
  minStoreFilesPerStore: string;
  maxLocalityPercent: string;
  minHoursSinceMajor: string;
  pauseOutsideWindows: boolean;
  enabled: boolean;
}

export function defaultScheduleForm(timeZone: string = browserTimeZone()): ScheduleForm {
  return {
    name: '',
    targetKind: 'TABLE',
    target: '',
    cron: DEFAULT_CRON,
    timeZone,
    durationMinutes: String(DEFAULT_DURATION_MINUTES),
    maxPerServer: String(DEFAULT_MAX_PER_SERVER),
    maxPerCluster: String(DEFAULT_MAX_PER_CLUSTER),
    selection: 'THRESHOLD',
    minStoreFilesPerStore: String(DEFAULT_MIN_STORE_FILES),
    maxLocalityPercent: '',
    minHoursSinceMajor: '',
    pauseOutsideWindows: false,
    enabled: true,
  };
}

const optional = (n: number | undefined) => (n == null ? '' : String(n));

export function scheduleFormFrom(schedule: CompactionScheduleInput): ScheduleForm {
  return {
    name: schedule.name,
    targetKind: schedule.targetKind,
    target: schedule.target,
    cron: schedule.cron,
    timeZone: schedule.timeZone,
    durationMinutes: String(schedule.durationMinutes),
    maxPerServer: String(schedule.maxPerServer),
    maxPerCluster: String(schedule.maxPerCluster),
    selection: schedule.selection,
    minStoreFilesPerStore: optional(schedule.minStoreFilesPerStore),
    maxLocalityPercent: optional(schedule.maxLocalityPercent),
    minHoursSinceMajor: optional(schedule.minHoursSinceMajor),
    pauseOutsideWindows: schedule.pauseOutsideWindows ?? false,
    enabled: schedule.enabled ?? true,
  };
}

/** The request body; thresholds only go with THRESHOLD selection, empty ones are left out. */
export function scheduleInput(form: ScheduleForm): CompactionScheduleInput {
  const threshold = form.selection === 'THRESHOLD';
  return {
    name: form.name.trim(),
    targetKind: form.targetKind,
    target: form.target.trim(),
    cron: form.cron.trim(),
    timeZone: form.timeZone.trim(),
    durationMinutes: requiredInt(form.durationMinutes),
    maxPerServer: requiredInt(form.maxPerServer),
    maxPerCluster: requiredInt(form.maxPerCluster),
    selection: form.selection,
    minStoreFilesPerStore: threshold ? toInt(form.minStoreFilesPerStore) : undefined,
    maxLocalityPercent: threshold ? toInt(form.maxLocalityPercent) : undefined,
    minHoursSinceMajor: threshold ? toInt(form.minHoursSinceMajor) : undefined,
    pauseOutsideWindows: form.pauseOutsideWindows,
    enabled: form.enabled,
  };
}

/**
 * What the browser can tell before sending: required fields and integer ranges of the contract.
 * Cron syntax, zones, the window-vs-gap rule and the target's existence are the backend's call.
 */
export function validateSchedule(form: ScheduleForm): FieldError[] {
  const errors: FieldError[] = [];
  const need = (field: ScheduleField, value: string, message: string) => {
    if (value.trim() === '') errors.push({ field, message });
  };
  const int = (field: ScheduleField, value: string, optionalField: boolean, max?: number) => {
    if (optionalField && value.trim() === '') return;
    if (!positiveInt(value, 1, max)) {
      errors.push({
        field,
        message: max == null ? 'must be a whole number ≥ 1' : `must be a whole number 1–${max}`,
      });
    }
  };
  need('name', form.name, 'is required');
  need(
    'target',
    form.target,
    form.targetKind === 'TABLE'
      ? 'choose a table'
      : form.targetKind === 'NAMESPACE'
        ? 'enter a namespace'
        : 'enter a pattern',
  );
  need('cron', form.cron, 'is required');
  need('timeZone', form.timeZone, 'is required');
  int('durationMinutes', form.durationMinutes, false);
  int('maxPerServer', form.maxPerServer, false);
  int('maxPerCluster', form.maxPerCluster, false);
  if (form.selection === 'THRESHOLD') {
    int('minStoreFilesPerStore', form.minStoreFilesPerStore, true);
    int('maxLocalityPercent', form.maxLocalityPercent, true, 100);
    int('minHoursSinceMajor', form.minHoursSinceMajor, true);
  }
  return errors;
}

/** "3 store files per store, locality below 80%" — the thresholds a schedule selects by. */
export function selectionSummary(
  s: Pick<
    CompactionSchedule,
    'selection' | 'minStoreFilesPerStore' | 'maxLocalityPercent' | 'minHoursSinceMajor'
  >,
): string {
  if (s.selection === 'ALL') return 'every region';
  const parts: string[] = [];
  if (s.minStoreFilesPerStore != null)
    parts.push(`≥ ${s.minStoreFilesPerStore} store files in a store`);
  if (s.maxLocalityPercent != null) parts.push(`locality below ${s.maxLocalityPercent}%`);
  if (s.minHoursSinceMajor != null) parts.push(`no major compaction for ${s.minHoursSinceMajor} h`);
  return parts.length
    ? `regions with ${parts.join(' or ')}`
    : 'regions past a threshold (none set)';
}

// ---------------------------------------------------------------- compact now

export type CompactScope = 'table' | 'region' | 'server';

export const COMPACT_SCOPES: readonly { value: CompactScope; label: string }[] = [
  { value: 'table', label: 'Table (or one column family)' },
  { value: 'region', label: 'One region' },
  { value: 'server', label: 'Every region of a RegionServer' },
];

const COMPACTION_REQUEST_FIELDS: Record<keyof CompactionRequest, true> = {
  kind: true,
  table: true,
  family: true,
  region: true,
  server: true,
  maxPerServer: true,
};
export type CompactField = keyof CompactionRequest;
export const COMPACT_FIELDS = Object.keys(COMPACTION_REQUEST_FIELDS) as CompactField[];

export interface CompactForm {
  kind: CompactionKind;
  scope: CompactScope;
  table: string;
  family: string;
  region: string;
  server: string;
  maxPerServer: string;
}

export function defaultCompactForm(table = ''): CompactForm {
  return {
    kind: 'MAJOR',
    scope: 'table',
    table,
    family: '',
    region: '',
    server: '',
    maxPerServer: String(DEFAULT_MAX_PER_SERVER),
  };
}

/** Exactly one scope goes out (the backend checks region, server, table in that order). */
export function compactRequest(form: CompactForm): CompactionRequest {
  const maxPerServer = requiredInt(form.maxPerServer);
  switch (form.scope) {
    case 'table':
      return {
        kind: form.kind,
        table: form.table.trim(),
        family: form.family.trim() || undefined,
        maxPerServer,
      };
    case 'region':
      return { kind: form.kind, region: form.region.trim(), maxPerServer };
    case 'server':
      return { kind: form.kind, server: form.server.trim(), maxPerServer };
  }
}

export function validateCompact(form: CompactForm): FieldError[] {
  const errors: FieldError[] = [];
  const value = form[form.scope].trim();
  if (value === '') {
    const message = {
      table: 'choose a table',
      region: 'enter an encoded region name',
      server: 'choose a RegionServer',
    }[form.scope];
    errors.push({ field: form.scope, message });
  }
  if (!positiveInt(form.maxPerServer)) {
    errors.push({ field: 'maxPerServer', message: 'must be a whole number ≥ 1' });
  }
  return errors;
}

/** The hbase shell line the form would run, before it is sent (placeholders for empty fields). */
export function compactShellCommand(form: CompactForm): string {
  switch (form.scope) {
    case 'table':
      return compactionShell.table(
        form.kind,
        form.table.trim() || '<table>',
        form.family.trim() || undefined,
      );
    case 'region':
      return compactionShell.region(form.kind, form.region.trim() || '<encoded region>');
    case 'server':
      return compactionShell.server(form.kind, form.server.trim() || '<host,port,startcode>');
  }
}
