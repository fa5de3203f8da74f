// The smoke suite's one fixture set: every object the mocked API serves, typed with the contract's
// generated types so that a schema change breaks `tsc` here rather than the pages at run time.
// mockApi.ts serves it (and keeps the state mutations change); the specs assert its figures.
// Objects the component tests' fixtures (src/test/fixtures.ts) already hold are taken from there.
import type {
  ApiToken,
  AuditPage,
  BenchmarkCeiling,
  BenchmarkComparison,
  BenchmarkInterval,
  BenchmarkPreset,
  BenchmarkRunDetail,
  BenchmarkRunState,
  BenchmarkSummary,
  Cluster,
  ClusterOverview,
  ClusterSpecInput,
  CodecReport,
  CompactionRegion,
  CompactionRun,
  CompactionRunDetail,
  CompactionSchedule,
  CompactionScheduleInput,
  ClusterConfig,
  ConfigChangePreview,
  ConfigChangeRequest,
  ConfigEntry,
  ConfigMap,
  CreateTableRequest,
  FieldError,
  Heatmap,
  Host,
  HostView,
  InstalledVersion,
  InstalledVersionDetail,
  Operation,
  OperationDetail,
  OperationEvent,
  PlanDiff,
  PlannedHostView,
  ProvisioningPlan,
  ProvisioningRun,
  ProvisioningRunDetail,
  ProvisioningTask,
  PutRowsResponse,
  RegionInfo,
  Role,
  RollingRestartRequest,
  RollingRestartStep,
  RollingRestartStepPlan,
  ScaleInHostProgress,
  ScaleInPreflight,
  RowPage,
  TableDetail,
  TablePreview,
  TableRow,
  TableSummary,
  User,
} from '../../src/api/types';
import { SPEC_DEFAULTS } from '../../src/features/benchmarks/formModel';
import { shellKeyBytes } from '../../src/features/tables/rowKeys';
import {
  codecReportFixture,
  configKeysFixture,
  haFixture,
  overviewFixture,
  tableDetailFixture,
} from '../../src/test/fixtures';

export const NOW = Date.now();
export const iso = (msAgo: number) => new Date(NOW - msAgo).toISOString();
const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------- users

export const PASSWORD = 'correct-horse-battery';
export const usernameOf = (role: Role) => (role === 'ADMIN' ? 'admin' : role.toLowerCase());

export const users: User[] = [
  { username: 'admin', role: 'ADMIN', enabled: true, createdAt: iso(DAY) },
  { username: 'ops', role: 'OPERATOR', enabled: true, createdAt: iso(HOUR) },
  { username: 'viewer', role: 'VIEWER', enabled: false, createdAt: iso(10 * MINUTE) },
];

export const tokens: ApiToken[] = [
  { id: 7, name: 'grafana-exporter', createdAt: iso(2 * HOUR), lastUsedAt: iso(30_000) },
];

// ---------------------------------------------------------------- cluster

export const CLUSTER_ID = overviewFixture.cluster.id;
export const SERVERS = ['127.0.0.1,19630,1732200000001', '127.0.0.1,19640,1732200000002'];

// The component tests' cluster `local` (the same ids and addresses), here with a health to show.
export const cluster: Cluster = {
  ...overviewFixture.cluster,
  createdAt: iso(DAY),
  health: {
    status: 'DEGRADED',
    collectedAt: iso(3_000),
    reasons: [
      {
        code: 'DATANODE_DEAD',
        severity: 'DEGRADED',
        message: 'DataNode 127.0.0.1:19350 last contact 94 s ago',
      },
      {
        code: 'UNDER_REPLICATED_BLOCKS',
        severity: 'DEGRADED',
        message: '12 blocks under-replicated',
      },
    ],
  },
};

export const overview: ClusterOverview = {
  cluster,
  health: cluster.health,
  collectedAt: iso(3_000),
  versions: { hbase: '2.6.4-hadoop3', hadoop: '3.4.2' },
  hdfs: {
    reachable: true,
    safeMode: false,
    liveDataNodes: 4,
    deadDataNodes: 1,
    capacityBytes: 1000 * GiB,
    usedBytes: 25 * GiB,
    remainingBytes: 975 * GiB,
    underReplicatedBlocks: 12,
    missingBlocks: 0,
    dataNodes: [1, 2, 3, 4, 5].map((i) => ({
      name: `127.0.0.1:${19300 + 10 * i}`,
      hostName: 'localhost',
      state: i === 5 ? 'DEAD' : 'LIVE',
      capacityBytes: 200 * GiB,
      usedBytes: (3 + i) * GiB,
      remainingBytes: (197 - i) * GiB,
      lastContactSeconds: i === 5 ? 94 : 1,
      blocks: 140 + i * 7,
    })),
  },
  hbase: {
    reachable: true,
    master: '127.0.0.1,19600,1732200000000',
    clusterId: '6f1c2a9e-1b7d-4d55-9d9e-2f3b5a8c7d10',
    liveRegionServers: 2,
    deadRegionServers: 0,
    regionsInTransition: 0,
    regionCount: 7,
    tableCount: 3,
    balancerEnabled: true,
    regionServers: [
      {
        name: SERVERS[0]!,
        regions: 4,
        requestsPerSecond: 12.5,
        readRequestsPerSecond: 10.1,
        writeRequestsPerSecond: 2.4,
        usedHeapMb: 310,
        maxHeapMb: 1024,
        storeFiles: 9,
      },
      {
        name: SERVERS[1]!,
        regions: 3,
        requestsPerSecond: 3,
        readRequestsPerSecond: 1,
        writeRequestsPerSecond: 2,
        usedHeapMb: 880,
        maxHeapMb: 1024,
        storeFiles: 5,
      },
    ],
    deadServers: [],
  },
  nativeSupport: { ...overviewFixture.nativeSupport, reportedBy: 'datanode1' },
};

// ---------------------------------------------------------------- a highly available cluster

/** 2 is the cluster the provisioning smoke installs; this one is registered already. */
export const HA_CLUSTER_ID = 3;

// The component tests' HA members (nn1 active, nn2 standby, a backup HMaster), here with the
// third ZooKeeper down: the quorum serves 2 of 3 and the health says so.
export const haCluster: Cluster = {
  id: HA_CLUSTER_ID,
  name: 'ha-lab',
  kind: 'PROVISIONED',
  zookeeperQuorum: haFixture.zookeepers.map((z) => z.address).join(','),
  namenodeUri: `hdfs://${haFixture.nameservice}`,
  namenodeWebUrl: haFixture.namenodes[0]!.webUrl,
  masterWebUrl: haFixture.masters[0]!.webUrl,
  createdAt: iso(2 * DAY),
  health: {
    status: 'DEGRADED',
    collectedAt: iso(2_000),
    reasons: [
      {
        code: 'ZOOKEEPER_QUORUM_DEGRADED',
        severity: 'DEGRADED',
        message: `ZooKeeper ${haFixture.zookeepers[2]!.address} is down; 2 of 3 serve`,
      },
    ],
  },
};

export const haOverview: ClusterOverview = {
  ...overview,
  cluster: haCluster,
  health: haCluster.health,
  collectedAt: iso(2_000),
  ha: {
    ...haFixture,
    zookeepers: haFixture.zookeepers.map((z, i) => (i === 2 ? { ...z, mode: 'down' } : z)),
  },
};

/** GET /clusters */
export const clusters: Cluster[] = [cluster, haCluster];

// ---------------------------------------------------------------- operations

/** An operation with its events, as GET /operations/{id} answers. */
function operation(
  id: string,
  fields: Omit<Operation, 'id' | 'clusterId' | 'createdBy'>,
  events: OperationEvent[] = [],
): OperationDetail {
  return { id, clusterId: CLUSTER_ID, createdBy: 'admin', ...fields, events };
}

/** An operation as it ends: what its SSE stream sends last. */
export function settled(op: OperationDetail, message = 'done'): OperationDetail {
  return {
    ...op,
    state: 'SUCCEEDED',
    progress: 100,
    message,
    startedAt: op.startedAt ?? iso(1_000),
    finishedAt: iso(0),
  };
}

export const BALANCER_OP_ID = '3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b';
export const balancerOperation = operation(
  BALANCER_OP_ID,
  {
    type: 'BALANCER_RUN',
    target: 'cluster local',
    state: 'RUNNING',
    progress: 40,
    message: 'Moving regions',
    createdAt: iso(8_000),
    startedAt: iso(7_000),
    cancelRequested: false,
    shellEquivalent: 'hbase shell> balance_switch true\nhbase shell> balancer',
  },
  [
    { at: iso(7_000), level: 'INFO', message: 'Balancer switch turned on', progress: 10 },
    { at: iso(5_000), level: 'INFO', message: 'Balancer round started', progress: 40 },
  ],
);
/** What the balancer's stream adds before it ends. */
export const balancerStream = {
  event: { at: iso(1_000), level: 'INFO', message: '3 region moves planned', progress: 80 },
  message: 'Balancer ran; 3 regions moved',
} satisfies { event: OperationEvent; message: string };

/** A finished operation that drove a run (compaction, benchmark, install). */
function finishedOperation(
  id: string,
  type: string,
  target: string,
  startedMsAgo: number,
  messages: string[],
  state: Operation['state'] = 'SUCCEEDED',
): OperationDetail {
  const step = 20_000; // between events
  return operation(
    id,
    {
      type,
      target,
      state,
      progress: 100,
      message: messages.at(-1),
      createdAt: iso(startedMsAgo),
      startedAt: iso(startedMsAgo),
      finishedAt: iso(startedMsAgo - step * messages.length),
    },
    messages.map((message, i) => ({
      at: iso(startedMsAgo - step * (i + 1)),
      level: state === 'FAILED' && i === messages.length - 1 ? 'ERROR' : 'INFO',
      message,
      progress: Math.round((100 * (i + 1)) / messages.length),
    })),
  );
}

/** What the stream of an operation started by a mutation reports before it ends. */
export const workingEvent: OperationEvent = {
  at: iso(500),
  level: 'INFO',
  message: 'working',
  progress: 60,
};

/** A new operation a mutation starts (ids distinct from the seeded ones). */
export function startedOperation(
  seq: number,
  type: string,
  target: string,
  fields: Partial<Pick<Operation, 'clusterId' | 'shellEquivalent'>> = {},
): OperationDetail {
  return {
    ...operation(`7a1e0c00-0000-4000-8000-${String(seq).padStart(12, '0')}`, {
      type,
      target,
      state: 'PENDING',
      progress: 0,
      createdAt: iso(0),
    }),
    ...fields,
  };
}

// ---------------------------------------------------------------- audit

export const audit: AuditPage = {
  page: 0,
  size: 50,
  total: 2,
  items: [
    {
      id: 2,
      at: iso(8_000),
      username: 'admin',
      action: 'POST /api/v1/clusters/1/balancer',
      target: 'cluster local',
      result: 'SUCCESS',
      status: 202,
      detail: `operation ${BALANCER_OP_ID}`,
      remoteAddress: '127.0.0.1',
    },
    {
      id: 1,
      at: iso(MINUTE),
      username: 'viewer',
      action: 'POST /api/v1/clusters/1/balancer',
      target: 'cluster local',
      result: 'DENIED',
      status: 403,
      detail: 'requires OPERATOR',
      remoteAddress: '127.0.0.1',
    },
  ],
};

// ---------------------------------------------------------------- tables

const hex = (n: number) => `\\x${n.toString(16).padStart(2, '0')}`;

/** A table of the mock: its regions follow from its bucket count. */
export interface MockTable {
  name: string;
  namespace: string;
  enabled: boolean;
  buckets: number;
}

export const tables: MockTable[] = [
  { name: 'orders', namespace: 'default', enabled: true, buckets: 16 },
  { name: 'metrics:cpu', namespace: 'metrics', enabled: false, buckets: 1 },
];
export const namespaces = ['default', 'metrics'];
const orders = tables[0]!;

function boundaries(buckets: number) {
  return Array.from({ length: buckets }, (_, i) => ({
    startKey: i === 0 ? '' : hex(i),
    endKey: i === buckets - 1 ? '' : hex(i + 1),
  }));
}

type MockRegion = Required<
  Pick<
    RegionInfo,
    | 'name'
    | 'startKey'
    | 'endKey'
    | 'server'
    | 'sizeBytes'
    | 'storeFiles'
    | 'locality'
    | 'readRequestsPerSecond'
    | 'writeRequestsPerSecond'
  >
>;

export function regions(t: MockTable): MockRegion[] {
  return boundaries(t.buckets).map((b, i) => ({
    ...b,
    name: `${(0x5f2c9e0a + i * 7919).toString(16)}${'0'.repeat(24)}`,
    server: SERVERS[i % SERVERS.length]!,
    sizeBytes: (40 + ((i * 37) % 25)) * MiB,
    storeFiles: 1 + (i % 3),
    locality: i % 5 === 0 ? 0.5 : 1,
    readRequestsPerSecond: i === 3 ? 220 : 12,
    writeRequestsPerSecond: 80 + i,
  }));
}

const sum = <T>(items: readonly T[], of: (item: T) => number) =>
  items.reduce((s, item) => s + of(item), 0);

export function tableSummary(t: MockTable): TableSummary {
  const rs = regions(t);
  return {
    name: t.name,
    namespace: t.namespace,
    enabled: t.enabled,
    regionCount: rs.length,
    sizeBytes: sum(rs, (r) => r.sizeBytes),
    storeFiles: sum(rs, (r) => r.storeFiles),
    readRequestsPerSecond: sum(rs, (r) => r.readRequestsPerSecond),
    writeRequestsPerSecond: sum(rs, (r) => r.writeRequestsPerSecond),
  };
}

export function tableDetail(t: MockTable): TableDetail {
  return {
    ...tableSummary(t),
    // the component tests' table: its first family and its settings
    families: tableDetailFixture.families.slice(0, 1),
    settings: tableDetailFixture.settings,
    describeCommand: `describe '${t.name}'`,
  };
}

export function heatmap(t: MockTable, metric: Heatmap['metric']): Heatmap {
  const times = Array.from({ length: 72 }, (_, i) => iso((71 - i) * 5_000));
  const ranges = boundaries(t.buckets);
  const values = ranges.map((_, r) =>
    times.map((__, x) =>
      x < 6 && r > 8 ? null : Math.round((r === 3 ? 220 : 30 + ((r * 13 + x * 7) % 40)) * 10) / 10,
    ),
  );
  return {
    metric,
    intervalSeconds: 5,
    retentionHours: 24,
    times,
    ranges,
    values,
    hot: [
      {
        ...ranges[Math.min(3, ranges.length - 1)]!,
        share: 0.31,
        message:
          'This range takes 31% of all requests; its fair share is 6%. Check the key design.',
      },
    ],
  };
}

// ---------------------------------------------------------------- rows (shell's binary-safe form)

const USERS = ['Ada', 'Grace', 'Linus', 'Barbara', 'Edsger', 'Donald', 'Margaret', 'Ken'];

/** `orders` holds 12 rows (a first page of 10 leaves more); the other tables none. */
export function tableRows(t: MockTable): TableRow[] {
  if (t.name !== orders.name) return [];
  return Array.from({ length: 12 }, (_, i) => ({
    key: `user${String(i).padStart(3, '0')}`,
    cells: [
      {
        family: 'd',
        qualifier: 'name',
        value: USERS[i % USERS.length]!,
        timestamp: NOW - (12 - i) * MINUTE,
      },
      { family: 'd', qualifier: 'flags', value: `\\x00${hex(i)}`, timestamp: NOW - HOUR },
    ],
  }));
}

/** HBase's order: unsigned bytes, a prefix first. */
export function compareKeys(a: string, b: string): number {
  const x = shellKeyBytes(a);
  const y = shellKeyBytes(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

const shellQuote = (s: string) => `"${s.replace(/"/g, '\\"')}"`;

/** What GET /rows answers: `limit` rows from `start` (inclusive) in key order. */
export function scanRows(
  table: string,
  rows: readonly TableRow[],
  start: string,
  limit: number,
): RowPage {
  const from = [...rows]
    .sort((a, b) => compareKeys(a.key, b.key))
    .filter((r) => !start || compareKeys(r.key, start) >= 0);
  return {
    rows: from.slice(0, limit),
    more: from.length > limit,
    shellCommand: `scan '${table}', {${start ? `STARTROW => ${shellQuote(start)}, ` : ''}LIMIT => ${limit}}`,
  };
}

export const getRowCommand = (table: string, key: string) => `get '${table}', ${shellQuote(key)}`;

const printable = (s: string) => /^[\x20-\x7e]*$/.test(s);
const NOT_PRINTABLE = 'printable ASCII only; write any other byte as \\xNN (e.g. \\x00)';

/** The API's field errors for a put (unknown family, characters outside printable ASCII). */
export function putRowErrors(t: MockTable, rows: readonly TableRow[]): FieldError[] {
  const families = tableDetail(t).families.map((f) => f.name);
  return rows.flatMap((r, i) => [
    ...(printable(r.key) ? [] : [{ field: `rows[${i}].key`, message: NOT_PRINTABLE }]),
    ...r.cells.flatMap((c, j) => {
      const at = `rows[${i}].cells[${j}]`;
      if (!families.includes(c.family))
        return [
          { field: `${at}.family`, message: `table '${t.name}' has no family '${c.family}'` },
        ];
      return (['qualifier', 'value'] as const)
        .filter((k) => !printable(c[k]))
        .map((k) => ({ field: `${at}.${k}`, message: NOT_PRINTABLE }));
    }),
  ]);
}

/** What PUT /rows answers: the counts and the first row's put. */
export function putRowsResponse(table: string, rows: readonly TableRow[]): PutRowsResponse {
  const first = rows[0]!;
  const cell = first.cells[0]!;
  return {
    rowsWritten: rows.length,
    cellsWritten: rows.reduce((n, r) => n + r.cells.length, 0),
    shellCommand: `put '${table}', ${shellQuote(first.key)}, ${shellQuote(`${cell.family}:${cell.qualifier}`)}, ${shellQuote(cell.value)}`,
  };
}

// The component tests' probe, except that ZSTD loaded here (the create form offers it).
export const codecs: CodecReport = {
  ...codecReportFixture,
  probedAt: iso(10 * MINUTE),
  codecs: codecReportFixture.codecs.map((c) =>
    c.name === 'ZSTD' ? { ...c, available: true, detail: '1,150 bytes written' } : c,
  ),
};

/** What POST /tables/preview answers for a create request. */
export function tablePreview(body: CreateTableRequest): TablePreview {
  let splitKeys: string[] = [];
  const messages: string[] = [];
  const { split } = body;
  if (split.strategy === 'SALT') {
    const n = split.saltBuckets ?? 16;
    splitKeys = Array.from({ length: n - 1 }, (_, i) => hex(i + 1));
    messages.push(`clients must write keys as [CRC32(key) mod ${n}] + key`);
  } else if (split.strategy === 'ALGORITHM') {
    splitKeys = Array.from({ length: (split.numRegions ?? 2) - 1 }, (_, i) => hex(i + 1));
  } else if (split.strategy === 'EXPLICIT') {
    const lines = (split.keys ?? '').split('\n').filter((l) => l !== '');
    splitKeys = [...new Set(lines)].sort();
    if (splitKeys.length < lines.length)
      messages.push(`${lines.length - splitKeys.length} duplicate keys removed`);
    if (lines.join() !== [...lines].sort().join())
      messages.push('keys were not sorted; sorted them');
  }
  const n = splitKeys.length + 1;
  const samples = 10_000;
  const counts = Array.from(
    { length: n },
    (_, i) => Math.floor(samples / n) + (i < samples % n ? 1 : 0),
  );
  const max = Math.max(...counts);
  const mean = samples / n;
  const family = body.families[0];
  return {
    splitKeys,
    regions: counts.map((c, i) => ({
      startKey: i === 0 ? '' : splitKeys[i - 1]!,
      endKey: splitKeys[i] ?? '',
      samples: c,
    })),
    samples,
    maxPerRegion: max,
    meanPerRegion: mean,
    maxOverMean: max / mean,
    lint:
      n === 1
        ? [
            {
              code: 'SEQUENTIAL_KEYS_UNSPLIT',
              severity: 'WARN',
              message:
                'Sample keys increase monotonically and the table is neither salted nor pre-split.',
            },
          ]
        : [],
    messages,
    shellCommand: `create '${body.name}', {NAME => '${family?.name ?? 'd'}', COMPRESSION => '${family?.compression ?? 'NONE'}'}${n > 1 ? `, SPLITS => [${splitKeys.map((k) => `'${k}'`).join(', ')}]` : ''}`,
  };
}

// ---------------------------------------------------------------- compactions

/** Store files before a compaction: 2–4 per region; regions with 2 stay under the threshold. */
const filesBefore = (i: number) => 2 + (i % 3);
export const MIN_STORE_FILES = 3;

/**
 * The regions of a major compaction of `orders`: the first `finished` candidates DONE, the next
 * `running` RUNNING, the rest PENDING; regions under the threshold SKIPPED from the start.
 */
function ordersCompactionRegions(finished: number, running = 0): CompactionRegion[] {
  let candidate = 0;
  return regions(orders).map((r, i): CompactionRegion => {
    const before = filesBefore(i);
    const base = {
      region: r.name,
      table: orders.name,
      startKey: r.startKey,
      server: r.server,
      stores: 1,
      storeFilesBefore: before,
      bytesBefore: r.sizeBytes,
      localityBefore: r.locality,
    };
    if (before < MIN_STORE_FILES) {
      return {
        ...base,
        state: 'SKIPPED',
        reason: `${before} store files, under the threshold of ${MIN_STORE_FILES}`,
      };
    }
    candidate += 1;
    if (candidate <= finished) {
      return {
        ...base,
        state: 'DONE',
        reason: `${before} store files ≥ ${MIN_STORE_FILES}`,
        storeFilesAfter: 1,
        bytesAfter: Math.round(r.sizeBytes * 0.9),
        localityAfter: 1,
      };
    }
    return { ...base, state: candidate <= finished + running ? 'RUNNING' : 'PENDING' };
  });
}

export const ORDERS_COMPACTION_CANDIDATES = ordersCompactionRegions(0).filter(
  (r) => r.state !== 'SKIPPED',
).length;

/** A major compaction of `orders` with its totals summed from its regions. */
export function ordersCompaction(
  id: number,
  fields: Pick<CompactionRunDetail, 'trigger' | 'startedAt'> &
    Partial<CompactionRunDetail> & { finished?: number; running?: number },
): CompactionRunDetail {
  const { finished = ORDERS_COMPACTION_CANDIDATES, running = 0, ...rest } = fields;
  const rs = ordersCompactionRegions(finished, running);
  const done = rs.filter((r) => r.state === 'DONE');
  const count = (state: CompactionRegion['state']) => rs.filter((r) => r.state === state).length;
  const mean = (of: (r: CompactionRegion) => number) =>
    done.length === 0 ? undefined : sum(done, of) / done.length;
  const over = running === 0 && finished >= ORDERS_COMPACTION_CANDIDATES;
  return {
    id,
    kind: 'MAJOR',
    scope: `table ${orders.name}`,
    state: over ? 'SUCCEEDED' : 'RUNNING',
    maxPerServer: 1,
    maxPerCluster: 2,
    regionsTotal: rs.length,
    regionsDone: done.length,
    regionsSkipped: count('SKIPPED'),
    regionsFailed: count('FAILED'),
    regionsRunning: count('RUNNING'),
    regionsPending: count('PENDING'),
    storeFilesBefore: sum(done, (r) => r.storeFilesBefore ?? 0),
    storeFilesAfter: sum(done, (r) => r.storeFilesAfter ?? 0),
    bytesRead: sum(done, (r) => r.bytesBefore ?? 0),
    bytesWritten: sum(done, (r) => r.bytesAfter ?? 0),
    localityBefore: mean((r) => r.localityBefore ?? 0),
    localityAfter: mean((r) => r.localityAfter ?? 0),
    durationSeconds: over ? 312 : undefined,
    finishedAt: over ? iso(0) : undefined,
    shellCommand: `major_compact '${orders.name}'`,
    regions: rs,
    ...rest,
  };
}

/** A run as the run list gives it: without its regions. */
export function runSummary(detail: CompactionRunDetail): CompactionRun {
  const run: Partial<CompactionRunDetail> = { ...detail };
  delete run.regions;
  return run as CompactionRun;
}

export const NIGHTLY_SCHEDULE_ID = 1;
const COMPACTION_OP_ID = 'c0a1e5ce-0000-4000-8000-000000000041';

export const compactionRuns: CompactionRunDetail[] = [
  ordersCompaction(41, {
    trigger: 'SCHEDULE',
    scheduleId: NIGHTLY_SCHEDULE_ID,
    scheduleName: 'nightly-orders',
    windowStart: iso(9 * HOUR),
    windowEnd: iso(7 * HOUR),
    startedAt: iso(9 * HOUR),
    finishedAt: iso(9 * HOUR - 312_000),
    operationId: COMPACTION_OP_ID,
    message: 'every candidate region compacted',
  }),
  {
    id: 40,
    trigger: 'ON_DEMAND',
    kind: 'MINOR',
    scope: 'table metrics:cpu',
    state: 'FAILED',
    message: 'RegionServer 127.0.0.1,19640 refused: compactions are switched off',
    startedAt: iso(2 * DAY),
    finishedAt: iso(2 * DAY - 4_000),
    durationSeconds: 4,
    maxPerServer: 1,
    regionsTotal: 1,
    regionsDone: 0,
    regionsSkipped: 0,
    regionsFailed: 1,
    regionsRunning: 0,
    regionsPending: 0,
    shellCommand: "compact 'metrics:cpu'",
    regions: [
      {
        region: 'a81f03c2d4e5f60718293a4b5c6d7e8f',
        table: 'metrics:cpu',
        startKey: '',
        server: SERVERS[1]!,
        state: 'FAILED',
        reason: 'compaction switch is off on this RegionServer',
        stores: 1,
        storeFilesBefore: 6,
      },
    ],
  },
];

export const compactionOperations: OperationDetail[] = [
  finishedOperation(COMPACTION_OP_ID, 'COMPACTION_RUN', 'table orders', 9 * HOUR, [
    'window opened: 16 regions, 10 candidates',
    '10 regions compacted, 6 skipped',
  ]),
];

/** What a schedule's windows run, as the backend words it. */
const scheduleShell = (target: string) => [
  `compaction_switch true`,
  `major_compact '<region of ${target}>'   # one region at a time per RegionServer`,
];

/** A schedule as the backend answers it, from what was sent. */
export function compactionSchedule(
  id: number,
  input: CompactionScheduleInput,
  fields: Partial<CompactionSchedule> = {},
): CompactionSchedule {
  return {
    ...input,
    id,
    nextWindows: input.enabled ? [1, 2, 3].map((d) => iso(-(d * DAY - 15 * HOUR))) : [],
    recommendations: [],
    shellCommands: scheduleShell(input.target),
    createdBy: 'admin',
    createdAt: iso(0),
    ...fields,
  };
}

export const compactionSchedules: CompactionSchedule[] = [
  compactionSchedule(
    NIGHTLY_SCHEDULE_ID,
    {
      name: 'nightly-orders',
      targetKind: 'TABLE',
      target: orders.name,
      cron: '0 1 * * *',
      timeZone: 'Europe/Berlin',
      durationMinutes: 120,
      maxPerServer: 1,
      maxPerCluster: 2,
      selection: 'THRESHOLD',
      minStoreFilesPerStore: MIN_STORE_FILES,
      pauseOutsideWindows: false,
      enabled: true,
    },
    {
      lastRun: compactionRuns[0],
      createdAt: iso(30 * DAY),
      recommendations: [
        {
          code: 'WINDOW_LONGER_THAN_NEEDED',
          severity: 'INFO',
          message: 'The last window finished in 5 min of its 120; a 30-minute window would do.',
        },
      ],
    },
  ),
  compactionSchedule(
    2,
    {
      name: 'weekly-metrics',
      targetKind: 'NAMESPACE',
      target: 'metrics',
      cron: '0 3 * * 0',
      timeZone: 'UTC',
      durationMinutes: 240,
      maxPerServer: 1,
      maxPerCluster: 1,
      selection: 'ALL',
      pauseOutsideWindows: true,
      enabled: false,
    },
    { createdAt: iso(12 * DAY) },
  ),
];

/** The server's check the form does not make: a cron hour past 23. */
export function scheduleErrors(input: CompactionScheduleInput): FieldError[] {
  const hour = input.cron.trim().split(/\s+/)[1];
  return hour && /^\d+$/.test(hour) && Number(hour) > 23
    ? [{ field: 'cron', message: `hour ${hour} is out of range 0-23` }]
    : [];
}

// ---------------------------------------------------------------- benchmarks

/** A preset: the contract's defaults (as the form knows them) with the preset's own fields. */
const preset = (
  id: string,
  label: string,
  description: string,
  spec: Partial<BenchmarkPreset['spec']> & Pick<BenchmarkPreset['spec'], 'workload'>,
): BenchmarkPreset => ({ id, label, description, spec: { ...SPEC_DEFAULTS, ...spec } });

export const benchmarkPresets: BenchmarkPreset[] = [
  preset('pe-random-read', 'PE randomRead', 'PerformanceEvaluation random Gets over 100,000 rows', {
    workload: 'randomRead',
  }),
  preset('ycsb-a', 'YCSB A', 'Update heavy: 50% reads, 50% updates, zipfian', {
    workload: 'ycsb',
    ycsbWorkload: 'A',
    threads: 8,
    durationSeconds: 20,
    recordCount: 20_000,
  }),
  preset('ycsb-c-open', 'YCSB C, open loop', 'Read only at 40,000 ops/s, zipfian', {
    workload: 'ycsb',
    ycsbWorkload: 'C',
    threads: 8,
    durationSeconds: 20,
    targetRate: 40_000,
    recordCount: 20_000,
  }),
];

export const CEILING_OPS = 48_200;
export const benchmarkCeiling: BenchmarkCeiling = {
  measured: true,
  runId: 30,
  opsPerSec: CEILING_OPS,
  p99ServiceMs: 3.4,
  agentCpuPercent: 61.2,
  threads: 16,
  measuredAt: iso(3 * HOUR),
  state: 'SUCCEEDED',
};

const ycsbA = benchmarkPresets[1]!;
const BENCH_OP_ID = 'be4c0000-0000-4000-8000-000000000031';

/** Seconds of a YCSB A run: 5 of warm-up, then 20 measured, ops/s around `ops`. */
export function benchmarkIntervals(ops: number, count = 25): BenchmarkInterval[] {
  return Array.from({ length: count }, (_, i) => {
    const warmup = i < 5;
    const opsPerSec = Math.round(warmup ? ops * (0.5 + i / 10) : ops + ((i * 37) % 11) * 40 - 200);
    return {
      index: i,
      startSeconds: i,
      seconds: 1,
      warmup,
      count: opsPerSec,
      opsPerSec,
      errors: 0,
      timeouts: 0,
      p50CorrectedMs: 2.1,
      p99CorrectedMs: warmup ? 31 - i : 17 + (i % 4) * 0.5,
      p99ServiceMs: warmup ? 14 - i : 8.5 + (i % 3) * 0.3,
      agentCpuPercent: 50 + (i % 5),
      systemCpuPercent: 35,
    };
  });
}

const latency = (p99: number) => ({
  min: p99 / 20,
  p50: p99 / 8,
  p90: p99 / 3,
  p95: p99 / 2,
  p99,
  p999: p99 * 2,
  max: p99 * 4,
  mean: p99 / 6,
});

/** A finished YCSB A summary: half reads, half updates. */
function ycsbSummary(ops: number, p99: number, p99Service: number, cpu: number): BenchmarkSummary {
  const count = ops * 20;
  const half = (op: string, share: number) => ({
    op,
    count: count * share,
    ok: count * share,
    notFound: 0,
    errors: 0,
    timeouts: 0,
    rows: count * share,
    bytes: count * share * 1000,
    opsPerSec: ops * share,
    okPerSec: ops * share,
    corrected: latency(p99),
    service: latency(p99Service),
  });
  return {
    measuredSeconds: 20,
    count,
    ok: count,
    notFound: 0,
    opsPerSec: ops,
    okPerSec: ops,
    gcCount: 6,
    gcTimeMs: 41,
    ycsbReport: true,
    mbPerSec: (ops * 1000) / MiB,
    errors: 0,
    timeouts: 0,
    agentCpuMean: cpu,
    agentCpuMax: cpu + 9,
    complete: true,
    corrected: latency(p99),
    service: latency(p99Service),
    ops: [half('READ', 0.5), half('UPDATE', 0.5)],
  };
}

/** A YCSB A run on `orders`; finished when given a summary. */
export function ycsbRun(
  id: number,
  fields: Partial<BenchmarkRunDetail> & { state: BenchmarkRunState; startedMsAgo: number },
  summary?: BenchmarkSummary,
): BenchmarkRunDetail {
  const { startedMsAgo, ...rest } = fields;
  const finished = summary != null;
  return {
    id,
    seriesId: id,
    seriesName: 'YCSB A',
    label: 'A',
    repetition: 1,
    kind: 'WORKLOAD',
    workload: 'ycsb A',
    table: orders.name,
    mode: 'closed',
    threads: ycsbA.spec.threads,
    durationSeconds: ycsbA.spec.durationSeconds,
    progress: finished ? 1 : 0,
    phase: finished ? 'done' : 'queued',
    createdAt: iso(startedMsAgo + 2_000),
    startedAt: iso(startedMsAgo),
    finishedAt: finished ? iso(startedMsAgo - 25_000) : undefined,
    opsPerSec: summary?.opsPerSec,
    mbPerSec: summary?.mbPerSec,
    p99CorrectedMs: summary?.corrected.p99,
    p99ServiceMs: summary?.service.p99,
    agentCpuPercent: summary?.agentCpuMean,
    errors: summary?.errors,
    timeouts: summary?.timeouts,
    ceilingOpsPerSec: CEILING_OPS,
    ceilingRatio: summary ? summary.opsPerSec / CEILING_OPS : undefined,
    complete: finished ? true : undefined,
    shellEquivalent: `ycsb run hbase2 -P workloads/workloada -p table=${orders.name} -p columnfamily=d -threads ${ycsbA.spec.threads}`,
    spec: { ...ycsbA.spec, table: orders.name },
    provenance: {
      granaryVersion: '0.1.0',
      engineVersion: '2.6.4-hadoop3',
      hadoopVersion: '3.4.2',
      regions: orders.buckets,
      tableDescriptor: `'${orders.name}', {NAME => 'd', COMPRESSION => 'SNAPPY'}`,
      clusterConfigDigest: 'sha256:9b1f0c7e5d2a',
      ecCoder: 'ISA-L',
      checksum: 'CRC32C',
      agentHost: 'localhost',
      agentCores: 2,
      cpuModel: 'AMD EPYC 7B13',
      javaVersion: '17.0.13',
      jvmFlags: ['-Xmx2g', '-XX:+UseG1GC'],
      agentVersions: 'granary 0.1.0, hbase-client 2.6.4-hadoop3, ycsb 0.17.0',
    },
    summary,
    ...rest,
  };
}

export const benchmarkRuns: BenchmarkRunDetail[] = [
  ycsbRun(
    32,
    {
      state: 'SUCCEEDED',
      startedMsAgo: HOUR,
      mode: 'open',
      targetRate: 10_000,
      spec: { ...ycsbA.spec, table: orders.name, targetRate: 10_000 },
    },
    ycsbSummary(9_980, 6.1, 5.8, 83.4),
  ),
  ycsbRun(
    31,
    { state: 'SUCCEEDED', startedMsAgo: 2 * HOUR, operationId: BENCH_OP_ID },
    ycsbSummary(12_450, 18.7, 9.2, 54.3),
  ),
  {
    ...ycsbRun(30, { state: 'SUCCEEDED', startedMsAgo: 3 * HOUR }),
    kind: 'CEILING',
    workload: 'ceiling',
    seriesName: 'Ceiling probe',
    threads: 16,
    progress: 1,
    phase: 'done',
    finishedAt: iso(3 * HOUR - 30_000),
    opsPerSec: CEILING_OPS,
    p99ServiceMs: 3.4,
    agentCpuPercent: 61.2,
    ceilingRatio: 1,
    complete: true,
  },
];

export const benchmarkOperations: OperationDetail[] = [
  finishedOperation(BENCH_OP_ID, 'BENCHMARK', 'table orders', 2 * HOUR, [
    'loaded 20,000 records',
    'run 31 finished: 12,450 ops/s',
  ]),
];

/** What GET /benchmarks/compare answers for runs of `benchmarkRuns`. */
export function benchmarkComparison(ids: readonly number[]): BenchmarkComparison | undefined {
  const runs = ids.map((id) => benchmarkRuns.find((r) => r.id === id));
  if (runs.some((r) => r == null)) return undefined;
  const found = runs as BenchmarkRunDetail[];
  const metric = (
    key: 'opsPerSec' | 'p99CorrectedMs' | 'p99ServiceMs' | 'agentCpuPercent',
    label: string,
    unit: string,
    better: 'higher' | 'lower',
  ) => {
    const values = found.map((r) => r[key] ?? null);
    const first = values[0];
    return {
      key,
      label,
      unit,
      better,
      values,
      ratios: values.map((v) => (v == null || first == null ? null : v / first)),
    };
  };
  return {
    runs: found,
    metrics: [
      metric('opsPerSec', 'Throughput', 'ops/s', 'higher'),
      metric('p99CorrectedMs', 'p99 corrected', 'ms', 'lower'),
      metric('p99ServiceMs', 'p99 service', 'ms', 'lower'),
      metric('agentCpuPercent', 'Agent CPU', '%', 'lower'),
    ],
    differences: [
      ...(new Set(found.map((r) => r.mode)).size > 1
        ? [`mode: ${found.map((r) => r.mode).join(' → ')}`]
        : []),
      ...(new Set(found.map((r) => r.spec.targetRate)).size > 1
        ? [`targetRate: ${found.map((r) => r.spec.targetRate).join(' → ')}`]
        : []),
    ],
  };
}

// ---------------------------------------------------------------- provisioning

/** An inventory host: 8 cores, 32 GiB and two data disks unless it says otherwise. */
const host = (id: number, keyFingerprint: string, fields: Partial<Host> = {}): Host => ({
  id,
  address: `10.77.0.${10 + id}`,
  hostname: `gr-node-${id}`,
  sshUser: 'root',
  keyFingerprint,
  redacted: false,
  cores: 8,
  ramMb: 32_768,
  dataDisks: ['/data/1', '/data/2'],
  rack: '/rack-a',
  reachable: true,
  createdAt: iso(5 * DAY),
  ...fields,
});

export const hosts: Host[] = [
  host(1, 'SHA256:q5Yw0k2v8m1Hn3c7QpLr9s4TzXe6Ud2Bf0Ga1Jh8Ki4'),
  host(2, 'SHA256:Wm3e5R7t9Y1u3I5o7P9a1S3d5F7g9H1j3K5l7Z9x1C3'),
  host(3, 'SHA256:b8N6m4V2c0X8z6L4k2J0h8G6f4D2s0A8p6O4i2U0y8T', {
    sshUser: 'granary',
    cores: 2,
    ramMb: 2_048,
    dataDisks: ['/data/1'],
    rack: '/rack-b',
    reachable: false,
    checkMessage: 'connect to 10.77.0.13 port 22: No route to host',
    createdAt: iso(DAY),
  }),
];

/** A host as a VIEWER gets it: no address, SSH user or key. */
export function redactedHost(h: Host): HostView {
  return {
    id: h.id,
    hostname: h.hostname,
    redacted: true,
    cores: h.cores,
    ramMb: h.ramMb,
    dataDisks: h.dataDisks,
    rack: h.rack,
    reachable: h.reachable,
    checkMessage: h.checkMessage,
    createdAt: h.createdAt,
  };
}

/** The least RAM the default and small profiles plan for. */
export const MIN_RAM_MB = 4_096;

/** The planner's findings on a spec (its 400), none when it plans. */
export function planErrors(spec: ClusterSpecInput): FieldError[] {
  if (spec.profile === 'lab') return [];
  return (spec.hosts ?? []).flatMap((h, i) => {
    const ramMb = hosts.find((k) => k.address === h.address)?.ramMb ?? 0;
    return ramMb < MIN_RAM_MB
      ? [
          {
            field: `hosts[${i}].ramMb`,
            message: `ram-too-small: the ${spec.profile ?? 'default'} profile needs ${MIN_RAM_MB} MiB, the host has ${ramMb} MiB`,
          },
        ]
      : [];
  });
}

/** One value of the plan; `host` for a per-host one. */
const conf = (
  file: string,
  key: string,
  value: string,
  source: ConfigEntry['source'],
  rule?: string,
  host?: string,
): ConfigEntry => ({ file, key, value, source, rule, host });

/** What POST /provisioning/plan answers: masters on the first host, workers on every host. */
export function provisioningPlan(spec: ClusterSpecInput): ProvisioningPlan {
  const planned = (spec.hosts ?? []).map((h, i): PlannedHostView => {
    const k = hosts.find((x) => x.address === h.address)!;
    const roles = i === 0 ? ['zookeeper', 'namenode', 'hbase_master'] : [];
    roles.push('datanode', 'regionserver');
    const rsGb = Math.min(31, Math.floor((k.ramMb ?? 0) / 1024) - roles.length);
    return {
      hostname: k.hostname!,
      address: k.address,
      rack: k.rack!,
      cores: k.cores,
      ramMb: k.ramMb,
      roles,
      heaps: roles.map((role) =>
        role === 'regionserver'
          ? conf(
              'jvm-heaps',
              role,
              `${rsGb}g`,
              'SIZING_RULE',
              'RAM − 1 GiB for the OS − 1 GiB per other daemon, at most 31 GiB',
              k.hostname,
            )
          : conf(
              'jvm-heaps',
              role,
              '1g',
              'DEFAULT',
              'profile default: 1 GiB per daemon',
              k.hostname,
            ),
      ),
    };
  });
  const master = planned[0]?.hostname ?? '';
  const replication = Math.min(3, planned.length);
  const disks = hosts.find((h) => h.address === spec.hosts?.[0]?.address)?.dataDisks ?? [];
  const config: ConfigEntry[] = [
    conf('core-site', 'fs.defaultFS', `hdfs://${master}:8020`, 'DEFAULT'),
    conf('hdfs-site', 'dfs.replication', String(replication), 'SIZING_RULE', 'min(3, DataNodes)'),
    conf(
      'hdfs-site',
      'dfs.datanode.data.dir',
      disks.map((d) => `file://${d}/hdfs`).join(','),
      'SIZING_RULE',
      'one directory per data disk',
    ),
    conf('hbase-site', 'hbase.zookeeper.quorum', master, 'DEFAULT'),
    conf('hbase-site', 'hfile.block.cache.size', '0.4', 'SIZING_RULE', 'workload balanced'),
    conf(
      'hbase-site',
      'hbase.regionserver.global.memstore.size',
      '0.4',
      'SIZING_RULE',
      'workload balanced',
    ),
    conf('zoo.cfg', 'tickTime', '2000', 'DEFAULT'),
  ];
  return {
    cluster: spec.name,
    profile: spec.profile ?? 'default',
    workload: spec.workload,
    hosts: planned,
    config,
    warnings:
      replication < 3
        ? [
            {
              code: 'low-replication',
              field: 'hosts',
              message: `${planned.length} DataNodes: dfs.replication is ${replication}, below 3`,
            },
          ]
        : [],
  };
}

/** install.yml's task results on `hostnames`, in the order Ansible reports them. */
export function installTasks(hostnames: readonly string[]): ProvisioningTask[] {
  const [first, ...rest] = hostnames;
  const rows: Omit<ProvisioningTask, 'seq'>[] = [];
  const play = (task: string) => rows.push({ task, status: 'play' });
  const each = (task: string, status: string, on: readonly string[] = hostnames) =>
    on.forEach((host) => rows.push({ host, task, status }));
  play('Prepare hosts');
  each('Install packages', 'changed');
  each('Create data directories', 'ok');
  play('ZooKeeper');
  each('Write zoo.cfg', 'changed', [first!]);
  each('Start ZooKeeper', 'changed', [first!]);
  play('HDFS');
  each('Write hdfs-site.xml', 'changed');
  each('Format the NameNode', 'changed', [first!]);
  each('Format the NameNode', 'skipped', rest);
  play('HBase');
  each('Write hbase-site.xml', 'changed');
  each('Wait for RegionServer healthy', 'ok');
  return rows.map((r, i) => ({ ...r, seq: i + 1, at: iso((rows.length - i) * 4_000) }));
}

const INSTALL_FAILED_OP_ID = '1a5b0000-0000-4000-8000-000000000007';

export const provisioningRuns: ProvisioningRunDetail[] = [
  {
    id: 7,
    cluster: 'edge-1',
    playbook: 'install',
    state: 'FAILED',
    message: 'gr-node-3 unreachable',
    operationId: INSTALL_FAILED_OP_ID,
    changed: 1,
    createdAt: iso(DAY),
    finishedAt: iso(DAY - 40_000),
    command:
      'cd /opt/granary/ansible && ansible-playbook -i var/provisioning/7/hosts.yml install.yml',
    tasks: [
      { seq: 1, task: 'Prepare hosts', status: 'play', at: iso(DAY - 2_000) },
      {
        seq: 2,
        host: 'gr-node-1',
        task: 'Install packages',
        status: 'changed',
        at: iso(DAY - 20_000),
      },
      {
        seq: 3,
        host: 'gr-node-3',
        task: 'Install packages',
        status: 'unreachable',
        message: 'Failed to connect to the host via ssh: No route to host',
        at: iso(DAY - 38_000),
      },
    ],
  },
];

export const provisioningOperations: OperationDetail[] = [
  finishedOperation(
    INSTALL_FAILED_OP_ID,
    'PROVISIONING_RUN',
    'cluster edge-1',
    DAY,
    ['ansible-playbook install.yml started', 'gr-node-3 unreachable'],
    'FAILED',
  ),
];

/** Every operation the mock knows before a test starts anything. */
export const seededOperations: OperationDetail[] = [
  balancerOperation,
  ...compactionOperations,
  ...benchmarkOperations,
  ...provisioningOperations,
];

// ---------------------------------------------------------------- ha-lab: installed versions, scale-in

const MASTERS = ['zookeeper', 'namenode', 'journalnode', 'zkfc', 'hbase_master'];
const WORKERS = ['datanode', 'regionserver'];

const haHost = (i: number, roles: string[]): PlannedHostView => ({
  hostname: `ha-${i}`,
  address: `10.0.3.${i}`,
  rack: '/rack-a',
  cores: 8,
  ramMb: 32 * 1024,
  roles,
  heaps: roles
    .filter((r) => r !== 'zkfc')
    .map((r) =>
      r === 'regionserver'
        ? conf('jvm-heaps', r, '20g', 'SIZING_RULE', '32 GiB − OS − daemons', `ha-${i}`)
        : conf('jvm-heaps', r, '1g', 'DEFAULT', undefined, `ha-${i}`),
    ),
});

/** ha-1 and ha-2 carry the NameNodes and HMasters, ha-3 the third ZooKeeper; ha-4.. only work. */
export const haInstalledHosts: PlannedHostView[] = [
  haHost(1, [...MASTERS, ...WORKERS]),
  haHost(2, [...MASTERS, ...WORKERS]),
  haHost(3, ['zookeeper', 'journalnode', ...WORKERS]),
  haHost(4, WORKERS),
  haHost(5, WORKERS),
  haHost(6, WORKERS),
];

/** The NameNode handlers grow with the DataNodes (20 × ln(DataNodes), as the planner sizes them). */
const nnHandlers = (datanodes: number) => String(Math.round(20 * Math.log(datanodes)));

export function haInstalledPlan(
  hosts: readonly PlannedHostView[],
  overrides: ConfigMap = {},
): ProvisioningPlan {
  return {
    cluster: haCluster.name,
    profile: 'default',
    workload: 'balanced',
    hosts: [...hosts],
    config: [
      conf('hdfs-site', 'dfs.replication', '3', 'SIZING_RULE', 'min(3, DataNodes)'),
      conf(
        'hdfs-site',
        'dfs.namenode.handler.count',
        nnHandlers(hosts.length),
        'SIZING_RULE',
        '20 × ln(DataNodes)',
      ),
      conf('hbase-site', 'hbase.rootdir', 'hdfs://granary-ha/hbase', 'DEFAULT'),
      ...Object.entries(overrides).flatMap(([file, kv]) =>
        Object.entries(kv).map(([key, value]) => conf(file, key, value, 'USER_OVERRIDE')),
      ),
    ],
    warnings: [],
    erasureCodingPolicies: [],
    ha: { enabled: true, source: 'SIZING_RULE', nameservice: 'granary-ha' },
  };
}

/** The values a version holds: cluster-wide and per role group (file → key → value). */
export interface InstalledConfig {
  overrides: ConfigMap;
  roleOverrides: Record<string, ConfigMap>;
}

export interface InstalledEntry extends InstalledConfig {
  version: number;
  playbook: string;
  runId: number;
  createdAt: string;
  hosts: PlannedHostView[];
}

/** ha-lab's values since its install: the handlers cluster-wide, the RegionServers' block cache. */
export const haConfig: InstalledConfig = {
  overrides: {
    'hbase-site': { 'hbase.regionserver.handler.count': '30' },
    'hdfs-site': { 'dfs.permissions.enabled': 'true' },
  },
  roleOverrides: { regionserver: { 'hbase-site': { 'hfile.block.cache.size': '0.4' } } },
};

/** Installed with five hosts, then ha-6 added. */
export const haInstalled: InstalledEntry[] = [
  {
    version: 1,
    playbook: 'install',
    runId: 3,
    createdAt: iso(3 * DAY),
    hosts: haInstalledHosts.slice(0, 5),
    ...haConfig,
  },
  {
    version: 2,
    playbook: 'scale_out',
    runId: 5,
    createdAt: iso(DAY),
    hosts: haInstalledHosts,
    ...haConfig,
  },
];

export function installedVersion(e: InstalledEntry): InstalledVersion {
  return {
    version: e.version,
    cluster: haCluster.name,
    runId: e.runId,
    playbook: e.playbook,
    createdAt: e.createdAt,
    createdBy: 'admin',
    hosts: e.hosts.map((h) => h.address),
  };
}

/** What changes from one host list to the next, as the backend's diff says it. */
export function planDiff(
  from: readonly PlannedHostView[] | undefined,
  to: readonly PlannedHostView[],
  fromVersion?: number,
): PlanDiff {
  const before = new Set((from ?? []).map((h) => h.address));
  const after = new Set(to.map((h) => h.address));
  const added = to.filter((h) => !before.has(h.address));
  const removed = (from ?? []).filter((h) => !after.has(h.address));
  const workers = (hosts: readonly PlannedHostView[]) =>
    hosts.filter((h) => h.roles.includes('datanode')).length;
  const oldHandlers = from ? nnHandlers(workers(from)) : undefined;
  const newHandlers = nnHandlers(workers(to));
  const configChanges =
    oldHandlers === newHandlers
      ? []
      : [
          {
            file: 'hdfs-site',
            key: 'dfs.namenode.handler.count',
            oldValue: oldHandlers,
            newValue: newHandlers,
          },
        ];
  const namenodes = to.filter((h) => h.roles.includes('namenode')).map((h) => h.hostname);
  return {
    fromVersion,
    hostsAdded: added.map((h) => h.address),
    hostsRemoved: removed.map((h) => h.address),
    roleChanges: added.map((h) => ({ host: h.hostname, added: h.roles, removed: [] })),
    configChanges,
    restarts: configChanges.length > 0 && from ? [{ role: 'namenode', hosts: namenodes }] : [],
    summary: [
      ...added.map((h) => `${h.hostname} joins as DataNode + RegionServer`),
      ...removed.map((h) => `${h.hostname} leaves: its blocks and regions move to the others`),
    ],
  };
}

export function installedVersionDetail(
  entries: readonly InstalledEntry[],
  version: number,
): InstalledVersionDetail | undefined {
  const i = entries.findIndex((e) => e.version === version);
  if (i < 0) return undefined;
  const e = entries[i]!;
  const prev = entries[i - 1];
  return {
    ...installedVersion(e),
    plan: haInstalledPlan(e.hosts, e.overrides),
    diff: prev ? compareVersions(prev, e) : planDiff(undefined, e.hosts),
  };
}

/** Per leaving host, what its DataNode holds. */
export const BYTES_PER_LEAVING_HOST = 1.5 * GiB;

/** The preflight's answer on the installed hosts: masters and too few DataNodes refuse. */
export function scaleInPreflight(
  installed: readonly PlannedHostView[],
  requested: readonly string[],
): ScaleInPreflight {
  const findings: ScaleInPreflight['findings'] = [];
  const leaving = requested.map((a, i) => ({ i, host: installed.find((h) => h.address === a) }));
  for (const { i, host } of leaving) {
    if (!host) {
      findings.push({
        code: 'scale-in-unknown-host',
        severity: 'ERROR',
        field: `hosts[${i}]`,
        message: `${requested[i]} is not a host of the installed version`,
      });
    } else if (host.roles.includes('namenode')) {
      findings.push({
        code: 'scale-in-namenode',
        severity: 'ERROR',
        field: `hosts[${i}]`,
        message: `${host.hostname} runs a NameNode of granary-ha: move it to another host first`,
      });
    } else if (host.roles.includes('zookeeper')) {
      findings.push({
        code: 'scale-in-breaks-quorum',
        severity: 'ERROR',
        field: `hosts[${i}]`,
        message: `${host.hostname} is one of 3 ZooKeeper servers: 2 would be left, an even quorum`,
      });
    }
  }
  const remaining = installed.filter(
    (h) => h.roles.includes('datanode') && !requested.includes(h.address),
  ).length;
  if (remaining < 3) {
    findings.push({
      code: 'scale-in-replication',
      severity: 'ERROR',
      field: 'hosts',
      message: `dfs.replication is 3: ${remaining} DataNodes would remain`,
    });
  }
  findings.push({
    code: 'scale-in-under-replicated',
    severity: 'WARNING',
    field: 'hosts',
    message: '4 blocks are under-replicated now; the decommission waits for them too',
  });
  const after = installed.filter((h) => !requested.includes(h.address));
  const names = leaving.map((l) => l.host?.hostname ?? requested[l.i]!);
  return {
    ok: !findings.some((f) => f.severity === 'ERROR'),
    hosts: [...requested],
    findings,
    bytesToMove: requested.length * BYTES_PER_LEAVING_HOST,
    // as the backend answers: the diff does not name the version (the console knows it)
    diff: planDiff(installed, after),
    shellCommands: names.flatMap((n) => [
      `hbase org.apache.hadoop.hbase.util.RegionMover -r ${n} -o unload`,
      `ssh ${n} systemctl stop granary-regionserver`,
      `echo ${n} >> /etc/granary/hdfs/dfs.exclude && hdfs dfsadmin -refreshNodes`,
      `ssh ${n} systemctl stop granary-datanode`,
    ]),
  };
}

/** A leaving host's steps in the mock: one per poll, regions then blocks counting down. */
const SCALE_IN_STEPS: Omit<ScaleInHostProgress, 'host'>[] = [
  { phase: 'UNLOADING_REGIONS', regionsLeft: 14 },
  { phase: 'UNLOADING_REGIONS', regionsLeft: 5 },
  { phase: 'STOPPING_REGIONSERVER', regionsLeft: 0 },
  { phase: 'DECOMMISSIONING', regionsLeft: 0, blocksLeft: 420 },
  { phase: 'WAITING_FOR_REDUNDANCY', regionsLeft: 0, blocksLeft: 37 },
  { phase: 'STOPPING_DATANODE', regionsLeft: 0, blocksLeft: 0 },
  { phase: 'FORGETTING', regionsLeft: 0, blocksLeft: 0 },
];
export const SCALE_IN_STEPS_PER_HOST = SCALE_IN_STEPS.length;
/** A host's polls: its phases, then one with it DONE and the next one not started (a pause stops there). */
export const SCALE_IN_SPAN = SCALE_IN_STEPS_PER_HOST + 1;
/** The poll on which the last host is DONE. */
export const scaleInLastStep = (hosts: number) => hosts * SCALE_IN_SPAN - 1;
/** Between two hosts: the one before DONE, the next PENDING. */
export const isBetweenHosts = (step: number, hosts: number) =>
  step % SCALE_IN_SPAN === SCALE_IN_STEPS_PER_HOST && step < scaleInLastStep(hosts);

/** A scale-in `step` polls in: hosts before it DONE, the one it is on in its phase, the rest PENDING. */
export function scaleInRunAt(
  run: ProvisioningRun,
  hosts: readonly string[],
  step: number,
): ProvisioningRunDetail {
  const progress = hosts.map((host, k): ScaleInHostProgress => {
    const at = step - k * SCALE_IN_SPAN;
    const startedAt = iso(Math.max(0, (hosts.length - k) * SCALE_IN_SPAN * 1_000));
    if (at < 0) return { host, phase: 'PENDING' };
    if (at >= SCALE_IN_STEPS_PER_HOST)
      return { host, phase: 'DONE', regionsLeft: 0, blocksLeft: 0, startedAt, finishedAt: iso(0) };
    return { host, ...SCALE_IN_STEPS[at]!, startedAt };
  });
  const tasks: ProvisioningTask[] = progress
    .filter((p) => p.phase !== 'PENDING')
    .flatMap((p) => [
      { seq: 0, task: `Scale in ${p.host}`, status: 'play' },
      { seq: 0, host: p.host, task: 'Unload its regions', status: 'changed' },
      ...(p.phase === 'UNLOADING_REGIONS'
        ? []
        : [{ seq: 0, host: p.host, task: 'Decommission its DataNode', status: 'changed' }]),
    ])
    .map((t, i) => ({ ...t, seq: i + 1, at: iso(0) }));
  return { ...run, progress, tasks };
}

// ---------------------------------------------------------------- ha-lab: configuration and rolling restarts

/** GET /config/keys: the component tests' catalog. */
export const configKeys = configKeysFixture;

/** The backend's restart order (RestartSteps.ORDER). */
const RESTART_ORDER = [
  'regionserver',
  'datanode',
  'journalnode',
  'zookeeper',
  'namenode',
  'zkfc',
  'hbase_master',
];

/** role → the host names running it, in plan order. */
export function rolesOf(hosts: readonly PlannedHostView[]): Record<string, string[]> {
  const roles: Record<string, string[]> = {};
  for (const r of RESTART_ORDER) {
    const on = hosts.filter((h) => h.roles.includes(r)).map((h) => h.hostname);
    if (on.length > 0) roles[r] = on;
  }
  return roles;
}

/** Steps as the backend plans them: RegionServers in batches, DataNodes alone, others together. */
export function restartPlan(
  roles: Record<string, string[]>,
  pick: (role: string) => readonly string[],
  batchSize: number,
): RollingRestartStepPlan[] {
  const steps: Omit<RollingRestartStepPlan, 'seq'>[] = [];
  for (const role of RESTART_ORDER) {
    const hosts = (roles[role] ?? []).filter((h) => pick(role).includes(h));
    const size = role === 'regionserver' ? batchSize : role === 'datanode' ? 1 : hosts.length;
    for (let i = 0; i < hosts.length; i += size)
      steps.push({ role: role as RollingRestartStepPlan['role'], hosts: hosts.slice(i, i + size) });
  }
  return steps.map((s, i) => ({ ...s, seq: i + 1 }));
}

export const restartStepShell = (s: Pick<RollingRestartStepPlan, 'role' | 'hosts'>) =>
  `ansible-playbook -i <inventory>/hosts.yml rolling_restart.yml -e rolling_restart_role=${s.role} -e '{"rolling_restart_hosts": [${s.hosts.map((h) => `"${h}"`).join(', ')}]}'`;

/** POST …/rolling-restart/preview for ha-lab: every role, or the ones asked, or what is pending. */
export function rollingRestartSteps(
  hosts: readonly PlannedHostView[],
  request: RollingRestartRequest,
  pending: readonly RollingRestartStepPlan[],
): RollingRestartStepPlan[] {
  const roles = rolesOf(hosts);
  const wanted = (role: string) => !request.roles?.length || request.roles.includes(role as never);
  const pendingOf = (role: string) =>
    pending.filter((p) => p.role === role).flatMap((p) => p.hosts);
  return restartPlan(
    roles,
    (role) => (!wanted(role) ? [] : request.onlyChanged ? pendingOf(role) : (roles[role] ?? [])),
    request.batchSize,
  );
}

/** Which roles read a file, for keys the catalog does not know. */
const FILE_READERS: Record<string, string[]> = {
  'hbase-site': ['regionserver', 'hbase_master'],
  'hdfs-site': ['namenode', 'datanode', 'journalnode'],
  'core-site': ['namenode', 'datanode', 'regionserver', 'hbase_master'],
  'zoo.cfg': ['zookeeper'],
};

const readers = (file: string, key: string) =>
  configKeys.find((k) => k.key === key)?.roles ?? FILE_READERS[file] ?? [];

type ConfigChange = PlanDiff['configChanges'][number];

function mapChanges(from: ConfigMap | undefined, to: ConfigMap | undefined, role?: string) {
  const changes: ConfigChange[] = [];
  const files = new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})]);
  for (const file of [...files].sort()) {
    const a = from?.[file] ?? {};
    const b = to?.[file] ?? {};
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (a[key] === b[key]) continue;
      changes.push({ file, key, role, oldValue: a[key], newValue: b[key] });
    }
  }
  return changes;
}

/** Every value that differs, cluster-wide and per role group. */
export function configChanges(from: InstalledConfig, to: InstalledConfig): ConfigChange[] {
  const roles = new Set([...Object.keys(from.roleOverrides), ...Object.keys(to.roleOverrides)]);
  return [
    ...mapChanges(from.overrides, to.overrides),
    ...[...roles].sort().flatMap((r) => mapChanges(from.roleOverrides[r], to.roleOverrides[r], r)),
  ];
}

/** The roles (with their hosts) that read a changed value: a role group's value only its role. */
export function configRestarts(
  changes: readonly ConfigChange[],
  hosts: readonly PlannedHostView[],
): PlanDiff['restarts'] {
  const roles = rolesOf(hosts);
  const restart = new Set<string>();
  for (const c of changes) {
    for (const r of c.role ? [c.role] : readers(c.file, c.key)) if (roles[r]) restart.add(r);
  }
  return RESTART_ORDER.filter((r) => restart.has(r)).map((role) => ({ role, hosts: roles[role]! }));
}

/** compareInstalledVersions: hosts and roles as planDiff says, values as configChanges does. */
export function compareVersions(from: InstalledEntry, to: InstalledEntry): PlanDiff {
  const hostsDiff = planDiff(from.hosts, to.hosts, from.version);
  const values = configChanges(from, to);
  const restarts = [...hostsDiff.restarts];
  for (const r of configRestarts(values, to.hosts))
    if (!restarts.some((x) => x.role === r.role)) restarts.push(r);
  return {
    ...hostsDiff,
    configChanges: [...hostsDiff.configChanges, ...values],
    restarts,
    summary: [
      ...hostsDiff.summary,
      ...(values.length > 0
        ? [
            `${values.length} value${values.length === 1 ? '' : 's'} change: ${values.map((v) => v.key).join(', ')}`,
          ]
        : []),
    ],
  };
}

/** The planner's checks of the values: typed known keys refuse, unknown keys warn. */
export function configFindings(request: InstalledConfig): ConfigChangePreview['findings'] {
  const findings: ConfigChangePreview['findings'] = [];
  const groups: [string, ConfigMap][] = [
    ['overrides', request.overrides],
    ...Object.entries(request.roleOverrides).map(([r, m]): [string, ConfigMap] => [
      `roleOverrides.${r}`,
      m,
    ]),
  ];
  for (const [at, map] of groups) {
    for (const [file, entries] of Object.entries(map)) {
      for (const [key, value] of Object.entries(entries)) {
        const field = `${at}.${file}["${key}"]`;
        const known = configKeys.find((k) => k.key === key);
        if (!known) {
          findings.push({
            code: 'unknown-override-key',
            severity: 'WARNING',
            field,
            message: `${key} is not a key Granary knows; written as given`,
          });
        } else if (known.type === 'int' || known.type === 'float') {
          const n = Number(value);
          const bad =
            value.trim() === '' ||
            Number.isNaN(n) ||
            (known.type === 'int' && !Number.isInteger(n)) ||
            (known.min != null && n < known.min) ||
            (known.max != null && n > known.max);
          if (bad)
            findings.push({
              code: 'invalid-override-value',
              severity: 'ERROR',
              field,
              message: `${key} needs a ${known.type === 'int' ? 'whole ' : ''}number from ${known.min} to ${known.max}, not ${value}`,
            });
        }
      }
    }
  }
  return findings;
}

/** The values a change asks for; a group left out keeps the installed one. */
export const asConfig = (request: ConfigChangeRequest, base: InstalledConfig): InstalledConfig => ({
  overrides: request.overrides ?? base.overrides,
  roleOverrides: request.roleOverrides ?? base.roleOverrides,
});

/** POST …/config/preview against the newest installed version. */
export function configPreview(
  newest: InstalledEntry,
  request: ConfigChangeRequest,
): ConfigChangePreview {
  const next = asConfig(request, newest);
  const findings = configFindings(next);
  const changes = configChanges(newest, next);
  const restarts = configRestarts(changes, newest.hosts);
  const roles = rolesOf(newest.hosts);
  const errors = findings.some((f) => f.severity === 'ERROR');
  return {
    ok: !errors && changes.length > 0,
    findings,
    diff: {
      fromVersion: newest.version,
      hostsAdded: [],
      hostsRemoved: [],
      roleChanges: [],
      configChanges: errors ? [] : changes,
      restarts: errors ? [] : restarts,
      summary: errors ? [] : restarts.map((r) => `${r.role} restarts to read the new values`),
    },
    restarts: errors
      ? []
      : restartPlan(
          roles,
          (role) => restarts.find((r) => r.role === role)?.hosts ?? [],
          request.batchSize,
        ),
  };
}

/** GET …/config. */
export function clusterConfig(
  newest: InstalledEntry,
  pending: readonly RollingRestartStepPlan[],
): ClusterConfig {
  return {
    installedVersion: newest.version,
    overrides: newest.overrides,
    roleOverrides: newest.roleOverrides,
    roles: rolesOf(newest.hosts),
    pendingRestarts: [...pending],
  };
}

/** A step's phases in the mock, one per poll (as the backend's steps go through them). */
export function restartPhases(role: string): RollingRestartStep['phase'][] {
  if (role === 'config') return ['WRITING_CONFIG'];
  if (role === 'regionserver')
    return ['UNLOADING_REGIONS', 'RESTARTING', 'WAITING_FOR_HEALTH', 'LOADING_REGIONS'];
  if (role === 'datanode') return ['RESTARTING', 'WAITING_FOR_HEALTH', 'WAITING_FOR_BLOCKS'];
  return ['RESTARTING', 'WAITING_FOR_HEALTH'];
}

/** Regions each RegionServer holds in the mock: what a step of them moves off and back. */
export const REGIONS_PER_SERVER = 7;
