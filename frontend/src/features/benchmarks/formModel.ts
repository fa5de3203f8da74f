// The launch form: its state (numbers stay strings while edited), presets, which fields a
// workload uses, checks, the capacity rule and the request body.
import { isApiError } from '../../api/problem';
import type {
  BenchmarkCeiling,
  BenchmarkLaunch,
  BenchmarkPreset,
  BenchmarkSpec,
  BenchmarkWorkload,
  FieldError,
  RequestDistribution,
  YcsbWorkload,
} from '../../api/types';
import { formatBoolean, formatNumber, formatRate } from '../../lib/format';
import { toInt } from '../tables/formModel';

/** The contract's defaults of BenchmarkSpec (sent for fields the workload does not use). */
export const SPEC_DEFAULTS = {
  threads: 4,
  durationSeconds: 30,
  warmupSeconds: 5,
  targetRate: 0,
  operationCount: 0,
  rows: 100_000,
  valueSize: 1000,
  batchSize: 1,
  clientBuffering: false,
  scanLength: 100,
  loadFirst: true,
  recordCount: 10_000,
  fieldCount: 10,
  fieldLength: 100,
} as const satisfies Omit<
  BenchmarkSpec,
  | 'label'
  | 'workload'
  | 'table'
  | 'family'
  | 'ycsbWorkload'
  | 'requestDistribution'
  | 'hotKeys'
  | 'ycsbProperties'
>;

export const DEFAULT_WORKLOAD: BenchmarkWorkload = 'randomRead';
export const MIN_REPETITIONS = 1;
export const MAX_REPETITIONS = 10;
export const MAX_LABEL = 60;
export const MAX_NAME = 100;
/** The contract's maxLength of a YCSB workload file. */
export const MAX_YCSB_FILE = 16_384;

export type WorkloadFamily = 'pe' | 'ycsb' | 'rmw' | 'ceiling';
export type LoopMode = 'closed' | 'open';

/** Exhaustive over BenchmarkWorkload. */
const WORKLOAD_INFO: Record<BenchmarkWorkload, { family: WorkloadFamily; label: string }> = {
  sequentialWrite: { family: 'pe', label: 'PE sequentialWrite' },
  randomWrite: { family: 'pe', label: 'PE randomWrite' },
  randomRead: { family: 'pe', label: 'PE randomRead' },
  sequentialRead: { family: 'pe', label: 'PE sequentialRead' },
  scan: { family: 'pe', label: 'PE scan' },
  ycsb: { family: 'ycsb', label: 'YCSB' },
  rmw: { family: 'rmw', label: 'Batch read-modify-write' },
  // Shown on probe runs; launchBenchmark does not take it.
  ceiling: { family: 'ceiling', label: 'Ceiling probe (cached Gets)' },
};

/** What the launch form offers (not the ceiling probe's own workload). */
export const WORKLOADS = (Object.keys(WORKLOAD_INFO) as BenchmarkWorkload[])
  .filter((value) => WORKLOAD_INFO[value].family !== 'ceiling')
  .map((value) => ({ value, label: WORKLOAD_INFO[value].label }));

export const YCSB_WORKLOADS: readonly { value: YcsbWorkload | ''; label: string }[] = [
  { value: '', label: 'Choose…' },
  { value: 'A', label: 'A — 50% read, 50% update' },
  { value: 'B', label: 'B — 95% read, 5% update' },
  { value: 'C', label: 'C — read only' },
  { value: 'D', label: 'D — read latest, 5% insert' },
  { value: 'E', label: 'E — short scans, 5% insert' },
  { value: 'F', label: 'F — read-modify-write' },
];

export const DISTRIBUTIONS: readonly { value: RequestDistribution | ''; label: string }[] = [
  { value: '', label: "The workload's own" },
  { value: 'uniform', label: 'uniform' },
  { value: 'zipfian', label: 'zipfian' },
  { value: 'latest', label: 'latest' },
  { value: 'hotspot', label: 'hotspot' },
];

export function workloadFamily(workload: BenchmarkWorkload): WorkloadFamily {
  return WORKLOAD_INFO[workload].family;
}

export function workloadLabel(workload: BenchmarkWorkload): string {
  return WORKLOAD_INFO[workload].label;
}

export const isWriteWorkload = (w: BenchmarkWorkload) =>
  w === 'sequentialWrite' || w === 'randomWrite';

// ---------------------------------------------------------------- fields

/** Every property of BenchmarkSpec and BenchmarkLaunch but `variants`: compile error when one is added. */
const REQUEST_FIELDS: Record<
  keyof BenchmarkSpec | Exclude<keyof BenchmarkLaunch, 'variants'>,
  true
> = {
  label: true,
  workload: true,
  table: true,
  family: true,
  threads: true,
  durationSeconds: true,
  warmupSeconds: true,
  targetRate: true,
  operationCount: true,
  rows: true,
  valueSize: true,
  batchSize: true,
  clientBuffering: true,
  scanLength: true,
  loadFirst: true,
  ycsbWorkload: true,
  recordCount: true,
  requestDistribution: true,
  fieldCount: true,
  fieldLength: true,
  hotKeys: true,
  ycsbProperties: true,
  name: true,
  repetitions: true,
  acceptAboveCapacity: true,
  profile: true,
};
/** Server field errors name these (a `variants[0].` prefix is dropped by fieldErrorMap). */
export type BenchmarkField = keyof typeof REQUEST_FIELDS;
export const BENCHMARK_FIELDS = Object.keys(REQUEST_FIELDS) as BenchmarkField[];

export interface BenchmarkForm {
  /** The preset the form was filled from ('' = none). */
  presetId: string;
  name: string;
  label: string;
  workload: BenchmarkWorkload;
  table: string;
  family: string;
  threads: string;
  durationSeconds: string;
  warmupSeconds: string;
  mode: LoopMode;
  targetRate: string;
  operationCount: string;
  rows: string;
  valueSize: string;
  batchSize: string;
  clientBuffering: boolean;
  scanLength: string;
  loadFirst: boolean;
  ycsbWorkload: YcsbWorkload | '';
  recordCount: string;
  requestDistribution: RequestDistribution | '';
  fieldCount: string;
  fieldLength: string;
  hotKeys: string;
  /** A YCSB workload file's text ('' = the core workload chosen). */
  ycsbProperties: string;
  repetitions: string;
  acceptAboveCapacity: boolean;
  /** Profile the RegionServers' CPU with async-profiler for each run. */
  profile: boolean;
}

/** The fields only some workloads use. */
export type TuningField =
  | 'rows'
  | 'valueSize'
  | 'batchSize'
  | 'clientBuffering'
  | 'scanLength'
  | 'loadFirst'
  | 'ycsbWorkload'
  | 'recordCount'
  | 'requestDistribution'
  | 'fieldCount'
  | 'fieldLength'
  | 'hotKeys'
  | 'ycsbProperties';

/** The tuning fields that hold a whole number. */
type NumericTuningField =
  'rows' | 'valueSize' | 'batchSize' | 'scanLength' | 'recordCount' | 'fieldCount' | 'fieldLength';

export type WorkloadChoice = Pick<BenchmarkForm, 'workload' | 'ycsbWorkload'> &
  Partial<Pick<BenchmarkForm, 'ycsbProperties'>>;

/** A YCSB run from a workload file: the file sets the mix and the fields below are its own. */
export const fromYcsbFile = (f: WorkloadChoice) =>
  f.workload === 'ycsb' && (f.ycsbProperties ?? '').trim() !== '';

/** Whether a YCSB workload file scans (scanproportion above 0), as the backend reads it. */
export function ycsbFileScans(text: string): boolean {
  const m = /^[ \t]*scanproportion[ \t]*[=:][ \t]*(\S+)/m.exec(text);
  return m != null && Number(m[1]) > 0;
}

/** Exhaustive over TuningField: whether the chosen workload reads the field. */
const keyValue = (f: WorkloadChoice) => ['pe', 'rmw'].includes(workloadFamily(f.workload));

const APPLIES: Record<TuningField, (f: WorkloadChoice) => boolean> = {
  rows: keyValue,
  valueSize: keyValue,
  batchSize: (f) => keyValue(f) && f.workload !== 'scan',
  // PE writes through a BufferedMutator; YCSB's binding buffers its updates and inserts.
  clientBuffering: (f) => isWriteWorkload(f.workload) || f.workload === 'ycsb',
  scanLength: (f) =>
    f.workload === 'scan' || (f.workload === 'ycsb' && !fromYcsbFile(f) && f.ycsbWorkload === 'E'),
  // Writes measure writing; everything else reads what the load wrote (the probe writes its row).
  loadFirst: (f) => !isWriteWorkload(f.workload) && f.workload !== 'ceiling',
  ycsbWorkload: (f) => f.workload === 'ycsb' && !fromYcsbFile(f),
  // a workload file's recordcount, fieldcount and fieldlength hold (the backend reads them)
  recordCount: (f) => f.workload === 'ycsb' && !fromYcsbFile(f),
  requestDistribution: (f) => f.workload === 'ycsb',
  fieldCount: (f) => f.workload === 'ycsb' && !fromYcsbFile(f),
  fieldLength: (f) => f.workload === 'ycsb' && !fromYcsbFile(f),
  hotKeys: (f) => f.workload === 'rmw',
  ycsbProperties: (f) => f.workload === 'ycsb',
};

export function applies(field: TuningField, form: WorkloadChoice): boolean {
  return APPLIES[field](form);
}

const str = (value: number | undefined, fallback: number) => String(value ?? fallback);

/** Form fields of a spec. Presets may leave out fields that have a contract default. */
export function specForm(
  spec: Partial<BenchmarkSpec>,
): Omit<BenchmarkForm, 'presetId' | 'name' | 'repetitions' | 'acceptAboveCapacity' | 'profile'> {
  const D = SPEC_DEFAULTS;
  const rate = spec.targetRate ?? D.targetRate;
  return {
    label: spec.label ?? '',
    workload: spec.workload ?? DEFAULT_WORKLOAD,
    table: spec.table ?? '',
    family: spec.family ?? '',
    threads: str(spec.threads, D.threads),
    durationSeconds: str(spec.durationSeconds, D.durationSeconds),
    warmupSeconds: str(spec.warmupSeconds, D.warmupSeconds),
    mode: rate > 0 ? 'open' : 'closed',
    targetRate: rate > 0 ? String(rate) : '',
    operationCount: str(spec.operationCount, D.operationCount),
    rows: str(spec.rows, D.rows),
    valueSize: str(spec.valueSize, D.valueSize),
    batchSize: str(spec.batchSize, D.batchSize),
    clientBuffering: spec.clientBuffering ?? D.clientBuffering,
    scanLength: str(spec.scanLength, D.scanLength),
    loadFirst: spec.loadFirst ?? D.loadFirst,
    ycsbWorkload: spec.ycsbWorkload ?? '',
    recordCount: str(spec.recordCount, D.recordCount),
    requestDistribution: spec.requestDistribution ?? '',
    fieldCount: str(spec.fieldCount, D.fieldCount),
    fieldLength: str(spec.fieldLength, D.fieldLength),
    hotKeys: spec.hotKeys == null ? '' : String(spec.hotKeys),
    ycsbProperties: spec.ycsbProperties ?? '',
  };
}

export function defaultBenchmarkForm(table = ''): BenchmarkForm {
  return {
    ...specForm({ workload: DEFAULT_WORKLOAD, table }),
    presetId: '',
    name: '',
    repetitions: String(MIN_REPETITIONS),
    acceptAboveCapacity: false,
    profile: false,
  };
}

/**
 * The form filled from a preset. The table (and its family) already chosen stay: presets leave
 * the table to the user. Repetitions stay too; the series is named after the preset.
 */
export function applyPreset(form: BenchmarkForm, preset: BenchmarkPreset): BenchmarkForm {
  const keepTable = form.table.trim() !== '';
  return {
    ...specForm(preset.spec),
    presetId: preset.id,
    name: preset.label,
    table: keepTable ? form.table : (preset.spec.table ?? ''),
    family: keepTable ? form.family : (preset.spec.family ?? ''),
    repetitions: form.repetitions,
    acceptAboveCapacity: false,
    profile: form.profile,
  };
}

/** The form a launch page opens with: a preset from the URL if it names one, and a table. */
export function initialBenchmarkForm(
  presets: readonly BenchmarkPreset[] | undefined,
  presetId: string | null,
  table: string | null,
): BenchmarkForm {
  const form = defaultBenchmarkForm(table ?? '');
  const preset = presetId ? presets?.find((p) => p.id === presetId) : undefined;
  return preset ? applyPreset(form, preset) : form;
}

// ---------------------------------------------------------------- numbers

/** A finite decimal number, or undefined for empty / not a number. */
export function toNumber(value: string): number | undefined {
  const t = value.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/** A required field: NaN (sent as null) when it holds no integer; validation stops that. */
const requiredInt = (value: string) => toInt(value) ?? Number.NaN;

// ---------------------------------------------------------------- capacity

export interface CapacityExcess {
  rate: number;
  ceiling: number;
}

/** An open-loop rate above the measured ceiling (undefined when within it or unknown). */
export function capacityExcess(
  form: Pick<BenchmarkForm, 'mode' | 'targetRate'>,
  ceiling: BenchmarkCeiling | undefined,
): CapacityExcess | undefined {
  if (form.mode !== 'open' || !ceiling?.measured || ceiling.opsPerSec == null) return;
  const rate = toNumber(form.targetRate);
  if (rate == null || rate <= ceiling.opsPerSec) return;
  return { rate, ceiling: ceiling.opsPerSec };
}

export function capacityWarning(e: CapacityExcess): string {
  return `The target rate ${formatRate(e.rate)} ops/s is above the cluster's measured ceiling of ${formatRate(
    e.ceiling,
  )} ops/s: the run would measure a queue growing, not the cluster.`;
}

/**
 * A refusal of the launch because of the capacity rule: a 400 / 409 whose code, detail or a field
 * error's message speaks of capacity (the backend puts it on `variants[i].targetRate`).
 */
export function isCapacityRefusal(error: unknown): boolean {
  if (!isApiError(error) || (error.status !== 409 && error.status !== 400)) return false;
  const p = error.problem;
  return [p.code, p.detail ?? '', ...(p.errors ?? []).map((e) => e.message)].some((s) =>
    /capacity/i.test(s),
  );
}

// ---------------------------------------------------------------- checks and body

/**
 * What the browser can tell before sending: ranges of the contract's numbers, a table, a YCSB
 * workload, and the capacity rule (given the ceiling). The table's existence is the backend's call.
 */
export function validateBenchmark(
  form: BenchmarkForm,
  ceiling?: BenchmarkCeiling,
  requireAcceptance = false,
): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: BenchmarkField, message: string) => errors.push({ field, message });
  const int = (field: BenchmarkField, value: string, min: number, max?: number, what = '') => {
    const n = toInt(value);
    if (n == null || n < min || (max != null && n > max)) {
      add(
        field,
        max == null
          ? `must be a whole number${what} ≥ ${min}`
          : `must be a whole number${what} from ${min} to ${max}`,
      );
    }
  };
  const tuning = (field: NumericTuningField) => {
    if (applies(field, form)) int(field, form[field], 1);
  };

  if (form.table.trim() === '') add('table', 'choose a table');
  if (form.label.trim().length > MAX_LABEL) add('label', `at most ${MAX_LABEL} characters`);
  if (form.name.trim().length > MAX_NAME) add('name', `at most ${MAX_NAME} characters`);
  int('threads', form.threads, 1);
  int('durationSeconds', form.durationSeconds, 1, undefined, ' of seconds');
  int('warmupSeconds', form.warmupSeconds, 0, undefined, ' of seconds');
  if (form.operationCount.trim() !== '') int('operationCount', form.operationCount, 0);
  if (applies('ycsbProperties', form) && form.ycsbProperties.length > MAX_YCSB_FILE) {
    add('ycsbProperties', `at most ${MAX_YCSB_FILE.toLocaleString('en-US')} characters`);
  }
  if (form.mode === 'open') {
    const rate = toNumber(form.targetRate);
    if (rate == null || rate < 0) add('targetRate', 'must be a number ≥ 0 (ops/s)');
    else if (rate === 0)
      add('targetRate', 'an open loop needs a rate above 0 (or use closed loop)');
  }
  tuning('rows');
  tuning('valueSize');
  tuning('batchSize');
  tuning('scanLength');
  tuning('recordCount');
  tuning('fieldCount');
  tuning('fieldLength');
  if (applies('ycsbWorkload', form) && form.ycsbWorkload === '') {
    add('ycsbWorkload', 'choose a YCSB workload');
  }
  if (applies('hotKeys', form) && form.hotKeys.trim() !== '') {
    const hot = toInt(form.hotKeys);
    const rows = toInt(form.rows);
    if (hot == null || hot < 1) add('hotKeys', 'must be a whole number ≥ 1');
    else if (rows != null && hot > rows) add('hotKeys', 'cannot exceed the rows');
  }
  int('repetitions', form.repetitions, MIN_REPETITIONS, MAX_REPETITIONS);
  const excess = capacityExcess(form, ceiling);
  if ((excess || requireAcceptance) && !form.acceptAboveCapacity) {
    add('acceptAboveCapacity', 'tick to launch above the measured capacity anyway');
  }
  return errors;
}

/** The variant the form describes; fields its workload does not use go with their defaults. */
export function specFromForm(form: BenchmarkForm): BenchmarkSpec {
  const D = SPEC_DEFAULTS;
  const on = (field: TuningField) => applies(field, form);
  const int = (field: NumericTuningField, value: string) =>
    on(field) ? requiredInt(value) : D[field];
  const spec: BenchmarkSpec = {
    label: form.label.trim() || undefined,
    workload: form.workload,
    table: form.table.trim(),
    family: form.family.trim() || undefined,
    threads: requiredInt(form.threads),
    durationSeconds: requiredInt(form.durationSeconds),
    warmupSeconds: requiredInt(form.warmupSeconds),
    targetRate: form.mode === 'open' ? (toNumber(form.targetRate) ?? Number.NaN) : 0,
    operationCount: form.operationCount.trim() === '' ? 0 : requiredInt(form.operationCount),
    rows: int('rows', form.rows),
    valueSize: int('valueSize', form.valueSize),
    batchSize: int('batchSize', form.batchSize),
    clientBuffering: on('clientBuffering') ? form.clientBuffering : D.clientBuffering,
    scanLength: int('scanLength', form.scanLength),
    loadFirst: on('loadFirst') ? form.loadFirst : D.loadFirst,
    ycsbWorkload: on('ycsbWorkload') ? form.ycsbWorkload || undefined : undefined,
    recordCount: int('recordCount', form.recordCount),
    requestDistribution: on('requestDistribution')
      ? form.requestDistribution || undefined
      : undefined,
    fieldCount: int('fieldCount', form.fieldCount),
    fieldLength: int('fieldLength', form.fieldLength),
    hotKeys: on('hotKeys') ? toInt(form.hotKeys) : undefined,
    ycsbProperties: fromYcsbFile(form) ? form.ycsbProperties : undefined,
  };
  if (!fromYcsbFile(form)) return spec;
  // the file's own counts and lengths are the defaults: send only what the user typed over them
  const fromFile: Partial<BenchmarkSpec> = { ...spec };
  delete fromFile.recordCount;
  delete fromFile.fieldCount;
  delete fromFile.fieldLength;
  delete fromFile.scanLength;
  if (form.operationCount.trim() === '') delete fromFile.operationCount;
  return fromFile as BenchmarkSpec;
}

/** POST …/benchmarks/runs: one variant, `repetitions` times. */
export function launchRequest(form: BenchmarkForm): BenchmarkLaunch {
  return {
    name: form.name.trim() || undefined,
    variants: [specFromForm(form)],
    repetitions: requiredInt(form.repetitions),
    acceptAboveCapacity: form.acceptAboveCapacity,
    profile: form.profile,
  };
}

// ---------------------------------------------------------------- a run's spec as text

const SPEC_LABELS: Record<TuningField, string> = {
  rows: 'Rows (key space)',
  valueSize: 'Value size (bytes)',
  batchSize: 'Batch size',
  clientBuffering: 'Client-side buffering',
  scanLength: 'Scan length',
  loadFirst: 'Load first',
  ycsbWorkload: 'YCSB workload',
  recordCount: 'Record count',
  requestDistribution: 'Request distribution',
  fieldCount: 'Field count',
  fieldLength: 'Field length (bytes)',
  hotKeys: 'Hot keys',
  ycsbProperties: 'YCSB workload file',
};

/** A run's spec as label/value rows: the common fields, then those its workload uses. */
export function specRows(spec: BenchmarkSpec): { label: string; value: string }[] {
  const choice: WorkloadChoice = { workload: spec.workload, ycsbWorkload: spec.ycsbWorkload ?? '' };
  const num = (n: number | undefined) => formatNumber(n);
  const rows = [
    { label: 'Workload', value: workloadLabel(spec.workload) },
    { label: 'Table', value: spec.table },
    { label: 'Family', value: spec.family || "the table's first" },
    { label: 'Threads', value: num(spec.threads) },
    {
      label: 'Duration',
      value: `${num(spec.durationSeconds)} s after ${num(spec.warmupSeconds)} s warm-up`,
    },
    {
      label: 'Loop',
      value: (spec.targetRate ?? 0) > 0 ? `open @ ${formatRate(spec.targetRate)} ops/s` : 'closed',
    },
    {
      label: 'Operation count',
      value: spec.operationCount ? num(spec.operationCount) : 'by duration',
    },
  ];
  const value = (field: TuningField): string => {
    const v = spec[field];
    if (typeof v === 'boolean') return formatBoolean(v);
    if (typeof v === 'number') return num(v);
    if (field === 'requestDistribution') return v || "the workload's own";
    if (field === 'hotKeys') return 'all rows';
    if (field === 'ycsbProperties') {
      return v
        ? `${String(v).trim().split('\n').length} lines (spec.ycsbProperties in the JSON export)`
        : 'none';
    }
    if (field === 'ycsbWorkload' && !v && spec.ycsbProperties) return 'from the workload file';
    return v ?? '—';
  };
  for (const field of Object.keys(SPEC_LABELS) as TuningField[]) {
    if (applies(field, choice)) rows.push({ label: SPEC_LABELS[field], value: value(field) });
  }
  return rows;
}
