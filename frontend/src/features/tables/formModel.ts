// Form state of the create and alter pages, and its conversion to and from the API's shapes.
// Numbers stay strings while edited so an empty field means "backend default".
import type {
  AlterTableRequest,
  CreateTableRequest,
  Durability,
  FamilySpec,
  SamplePattern,
  SplitAlgorithm,
  SplitSpec,
  SplitStrategy,
  TableSettings,
} from '../../api/types';

export const BLOOM_FILTERS = ['NONE', 'ROW', 'ROWCOL', 'ROWPREFIX_FIXED_LENGTH'] as const;
export const DATA_BLOCK_ENCODINGS = [
  'NONE',
  'PREFIX',
  'DIFF',
  'FAST_DIFF',
  'ROW_INDEX_V1',
] as const;
export const DURABILITIES: readonly Durability[] = [
  'USE_DEFAULT',
  'SKIP_WAL',
  'ASYNC_WAL',
  'SYNC_WAL',
  'FSYNC_WAL',
];
export const SPLIT_STRATEGIES: readonly { value: SplitStrategy; label: string }[] = [
  { value: 'NONE', label: 'None (one region)' },
  { value: 'ALGORITHM', label: 'Split algorithm' },
  { value: 'EXPLICIT', label: 'Explicit keys' },
  { value: 'SALT', label: 'Salted buckets' },
];
export const SPLIT_ALGORITHMS: readonly { value: SplitAlgorithm; label: string }[] = [
  { value: 'HEX_STRING', label: 'HEX_STRING (HexStringSplit)' },
  { value: 'UNIFORM', label: 'UNIFORM (UniformSplit, raw bytes)' },
  { value: 'DECIMAL_STRING', label: 'DECIMAL_STRING (decimal digits)' },
];
export const SAMPLE_PATTERNS: readonly { value: SamplePattern; label: string }[] = [
  { value: 'SEQUENTIAL_INTEGERS', label: 'Sequential integers' },
  { value: 'SEQUENTIAL_LONGS', label: 'Sequential longs' },
  { value: 'TIMESTAMPS', label: 'Timestamps' },
  { value: 'UUIDS', label: 'UUIDs' },
  { value: 'PHONE_NUMBERS', label: 'Phone numbers' },
];
const POLICY_PACKAGE = 'org.apache.hadoop.hbase.regionserver.';
export const SPLIT_POLICIES: readonly { value: string; label: string }[] = [
  { value: '', label: 'Cluster default' },
  ...[
    'SteppingSplitPolicy',
    'IncreasingToUpperBoundRegionSplitPolicy',
    'ConstantSizeRegionSplitPolicy',
    'DisabledRegionSplitPolicy',
  ].map((name) => ({ value: POLICY_PACKAGE + name, label: name })),
];

export const DEFAULT_FAMILY_NAME = 'd';
export const DEFAULT_SALT_BUCKETS = 16;
export const DEFAULT_SAMPLE_COUNT = 10_000;
const MIB = 1024 * 1024;

export interface FamilyForm {
  /** Stable React key; not sent. */
  key: number;
  name: string;
  compression: string;
  bloomFilter: string;
  blockSize: string;
  dataBlockEncoding: string;
  ttl: string;
  minVersions: string;
  maxVersions: string;
  inMemory: boolean;
  blockCacheEnabled: boolean;
  /** The family exists in the table (alter): its name cannot change. */
  existing?: boolean;
}

export interface SettingsForm {
  splitPolicy: string;
  maxFileSizeMiB: string;
  memstoreFlushSizeMiB: string;
  durability: Durability | '';
  compactionEnabled: boolean;
}

export interface SplitForm {
  strategy: SplitStrategy;
  algorithm: SplitAlgorithm;
  numRegions: string;
  firstRow: string;
  lastRow: string;
  keys: string;
  saltBuckets: string;
}

export interface SampleForm {
  source: 'pattern' | 'keys';
  pattern: SamplePattern;
  count: string;
  keys: string;
}

export interface WorkloadForm {
  writeHeavy: boolean;
  randomReads: boolean;
}

let nextKey = 1;
export const familyKey = () => nextKey++;

/** The contract's defaults for a family (FamilySpec in openapi.yaml). */
export const FAMILY_DEFAULTS: Omit<FamilySpec, 'name'> = {
  compression: 'NONE',
  bloomFilter: 'ROW',
  blockSizeBytes: 65536,
  dataBlockEncoding: 'NONE',
  ttl: 'FOREVER',
  minVersions: 0,
  maxVersions: 1,
  inMemory: false,
  blockCacheEnabled: true,
};

export function newFamily(name = ''): FamilyForm {
  const d = FAMILY_DEFAULTS;
  return {
    key: familyKey(),
    name,
    compression: d.compression,
    bloomFilter: d.bloomFilter,
    blockSize: String(d.blockSizeBytes),
    dataBlockEncoding: d.dataBlockEncoding,
    ttl: d.ttl,
    minVersions: String(d.minVersions),
    maxVersions: String(d.maxVersions),
    inMemory: d.inMemory,
    blockCacheEnabled: d.blockCacheEnabled,
  };
}

const str = (n: number | undefined, fallback: string) => (n == null ? fallback : String(n));

export function familyFromSpec(spec: FamilySpec): FamilyForm {
  const d = newFamily(spec.name);
  return {
    ...d,
    compression: spec.compression ?? d.compression,
    bloomFilter: spec.bloomFilter ?? d.bloomFilter,
    blockSize: str(spec.blockSizeBytes, d.blockSize),
    dataBlockEncoding: spec.dataBlockEncoding ?? d.dataBlockEncoding,
    ttl: spec.ttl ?? d.ttl,
    minVersions: str(spec.minVersions, d.minVersions),
    maxVersions: str(spec.maxVersions, d.maxVersions),
    inMemory: spec.inMemory ?? d.inMemory,
    blockCacheEnabled: spec.blockCacheEnabled ?? d.blockCacheEnabled,
    existing: true,
  };
}

/** "" → undefined (backend default); otherwise the integer, or undefined if it is none. */
export function toInt(value: string): number | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isInteger(n) ? n : undefined;
}

/** An empty field sends the contract's default (the generated type requires every field). */
export function familyToSpec(f: FamilyForm): FamilySpec {
  return {
    name: f.name.trim(),
    compression: f.compression,
    bloomFilter: f.bloomFilter,
    blockSizeBytes: toInt(f.blockSize) ?? FAMILY_DEFAULTS.blockSizeBytes,
    dataBlockEncoding: f.dataBlockEncoding,
    ttl: f.ttl.trim() || FAMILY_DEFAULTS.ttl,
    minVersions: toInt(f.minVersions) ?? FAMILY_DEFAULTS.minVersions,
    maxVersions: toInt(f.maxVersions) ?? FAMILY_DEFAULTS.maxVersions,
    inMemory: f.inMemory,
    blockCacheEnabled: f.blockCacheEnabled,
  };
}

export const DEFAULT_SETTINGS: SettingsForm = {
  splitPolicy: '',
  maxFileSizeMiB: '',
  memstoreFlushSizeMiB: '',
  durability: '',
  compactionEnabled: true,
};

const bytesToMiB = (bytes: number | undefined) => (bytes == null ? '' : String(bytes / MIB));

function mibToBytes(value: string): number | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) && n > 0 ? Math.round(n * MIB) : undefined;
}

export function settingsFromSpec(s: TableSettings | undefined): SettingsForm {
  return {
    splitPolicy: s?.splitPolicy ?? '',
    maxFileSizeMiB: bytesToMiB(s?.maxFileSizeBytes),
    memstoreFlushSizeMiB: bytesToMiB(s?.memstoreFlushSizeBytes),
    durability: s?.durability ?? '',
    compactionEnabled: s?.compactionEnabled ?? true,
  };
}

export function settingsToSpec(s: SettingsForm): TableSettings {
  return {
    splitPolicy: s.splitPolicy || undefined,
    maxFileSizeBytes: mibToBytes(s.maxFileSizeMiB),
    memstoreFlushSizeBytes: mibToBytes(s.memstoreFlushSizeMiB),
    durability: s.durability || undefined,
    compactionEnabled: s.compactionEnabled,
  };
}

export const DEFAULT_SPLIT: SplitForm = {
  strategy: 'NONE',
  algorithm: 'HEX_STRING',
  numRegions: '8',
  firstRow: '',
  lastRow: '',
  keys: '',
  saltBuckets: String(DEFAULT_SALT_BUCKETS),
};

export function splitToSpec(s: SplitForm): SplitSpec {
  switch (s.strategy) {
    case 'ALGORITHM':
      return {
        strategy: 'ALGORITHM',
        algorithm: s.algorithm,
        numRegions: toInt(s.numRegions),
        firstRow: s.firstRow || undefined,
        lastRow: s.lastRow || undefined,
      };
    case 'EXPLICIT':
      return { strategy: 'EXPLICIT', keys: s.keys };
    case 'SALT':
      return { strategy: 'SALT', saltBuckets: toInt(s.saltBuckets) };
    case 'NONE':
      return { strategy: 'NONE' };
  }
}

export const DEFAULT_SAMPLE: SampleForm = {
  source: 'pattern',
  pattern: 'SEQUENTIAL_INTEGERS',
  count: String(DEFAULT_SAMPLE_COUNT),
  keys: '',
};

export function sampleToRequest(
  s: SampleForm,
): Pick<CreateTableRequest, 'samplePattern' | 'sampleCount' | 'sampleKeys'> {
  // sampleCount is required by the generated type; with pasted keys the backend uses the keys.
  return s.source === 'keys'
    ? { sampleKeys: s.keys, sampleCount: DEFAULT_SAMPLE_COUNT }
    : { samplePattern: s.pattern, sampleCount: toInt(s.count) ?? DEFAULT_SAMPLE_COUNT };
}

export interface CreateForm {
  name: string;
  families: FamilyForm[];
  settings: SettingsForm;
  split: SplitForm;
  sample: SampleForm;
  workload: WorkloadForm;
}

export function createRequest(form: CreateForm): CreateTableRequest {
  return {
    name: form.name,
    families: form.families.map(familyToSpec),
    settings: settingsToSpec(form.settings),
    split: splitToSpec(form.split),
    ...sampleToRequest(form.sample),
    writeHeavy: form.workload.writeHeavy,
    randomReads: form.workload.randomReads,
  };
}

export function alterRequest(
  families: FamilyForm[],
  settings: SettingsForm,
  workload: WorkloadForm,
  confirm?: string,
): AlterTableRequest {
  return {
    families: families.map(familyToSpec),
    settings: settingsToSpec(settings),
    writeHeavy: workload.writeHeavy,
    randomReads: workload.randomReads,
    confirm: confirm || undefined,
  };
}

/** Lines as the backend reads a key list: spaces belong to the key, a final line break is no key. */
export function keyLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** True when the text box does not hold exactly the backend's normalized keys, in order. */
export function keysDiffer(text: string, normalized: readonly string[]): boolean {
  const lines = keyLines(text);
  return lines.length !== normalized.length || lines.some((line, i) => line !== normalized[i]);
}
