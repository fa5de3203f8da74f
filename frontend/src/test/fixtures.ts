// Typed sample API payloads for component tests (a contract change breaks them at compile time).
import type {
  BenchmarkCeiling,
  BenchmarkComparison,
  BenchmarkInterval,
  BenchmarkPreset,
  BenchmarkRun,
  BenchmarkRunDetail,
  BenchmarkSpec,
  ClusterOverview,
  CompactionHistoryPoint,
  CompactionRun,
  CompactionRunDetail,
  CompactionSchedule,
  ClusterConfig,
  CodecReport,
  ConfigChangePreview,
  ConfigKey,
  CurrentUser,
  EcConversion,
  EcDirectory,
  EcPolicies,
  EcReport,
  Experiment,
  ExperimentKind,
  ExperimentRun,
  ExperimentSummary,
  HaState,
  Heatmap,
  Host,
  InstalledVersion,
  InstalledVersionDetail,
  Namespace,
  Operation,
  OperationDetail,
  ProvisioningPlan,
  ProvisioningRunDetail,
  RegionMap,
  RollingRestartPreview,
  ScaleInPreflight,
  RegionPage,
  PutRowsResponse,
  RowPage,
  TableRow,
  TableDetail,
  TablePage,
  TableEcState,
  TablePreview,
  EsxiHost,
  PlannedVm,
  Vcenter,
  VcenterInventory,
  VcenterTest,
  VmSetting,
} from '../api/types';

export const adminUser: CurrentUser = { username: 'admin', role: 'ADMIN' };
export const operatorUser: CurrentUser = { username: 'ops', role: 'OPERATOR' };
export const viewerUser: CurrentUser = { username: 'viewer', role: 'VIEWER' };

export const overviewFixture: ClusterOverview = {
  cluster: {
    id: 1,
    name: 'local',
    kind: 'LOCAL',
    zookeeperQuorum: '127.0.0.1:19181',
    namenodeUri: 'hdfs://127.0.0.1:19020',
    namenodeWebUrl: 'http://127.0.0.1:19070/dfshealth.html',
    masterWebUrl: 'http://127.0.0.1:19610/master-status',
    createdAt: '2025-11-21T10:00:00Z',
    health: { status: 'DEGRADED', reasons: [] },
  },
  health: {
    status: 'DEGRADED',
    collectedAt: '2025-11-21T15:46:02Z',
    reasons: [
      { code: 'DATANODE_DEAD', severity: 'DEGRADED', message: 'DataNode 127.0.0.1:19350 is dead' },
    ],
  },
  collectedAt: '2025-11-21T15:46:02Z',
  versions: { hbase: '2.6.4-hadoop3', hadoop: '3.4.2' },
  hdfs: {
    reachable: true,
    safeMode: false,
    liveDataNodes: 1,
    deadDataNodes: 1,
    capacityBytes: 2 * 1024 ** 3,
    usedBytes: 1024 ** 3,
    remainingBytes: 1024 ** 3,
    underReplicatedBlocks: 3,
    missingBlocks: 0,
    dataNodes: [
      {
        name: '127.0.0.1:19310',
        state: 'LIVE',
        capacityBytes: 1024 ** 3,
        usedBytes: 1024 ** 2,
        lastContactSeconds: 1,
        blocks: 10,
      },
      { name: '127.0.0.1:19350', state: 'DEAD', lastContactSeconds: 95 },
    ],
  },
  hbase: {
    reachable: true,
    master: '127.0.0.1,19600,1',
    liveRegionServers: 1,
    deadRegionServers: 0,
    regionServers: [
      {
        name: '127.0.0.1,19630,1',
        regions: 4,
        requestsPerSecond: 1.5,
        usedHeapMb: 100,
        maxHeapMb: 1000,
      },
    ],
  },
  nativeSupport: {
    known: true,
    ecCoder: 'org.apache.hadoop.io.erasurecode.rawcoder.NativeRSRawErasureCoderFactory',
    ecCoderNative: true,
    xorCoder: 'org.apache.hadoop.io.erasurecode.rawcoder.XORRawErasureCoderFactory',
    checksum: 'CRC32C',
    libhadoopLoaded: true,
  },
};

/** A highly available cluster's members: nn1 active, nn2 standby, one backup HMaster, 3 ZooKeepers. */
export const haFixture: HaState = {
  nameservice: 'granary-ha',
  namenodes: [
    {
      id: 'nn1',
      rpcAddress: '127.0.0.1:24020',
      webUrl: 'http://127.0.0.1:24070',
      state: 'active',
    },
    {
      id: 'nn2',
      rpcAddress: '127.0.0.1:24021',
      webUrl: 'http://127.0.0.1:24071',
      state: 'standby',
    },
  ],
  masters: [
    { webUrl: 'http://127.0.0.1:24610', state: 'active' },
    { webUrl: 'http://127.0.0.1:24611', state: 'backup' },
  ],
  zookeepers: [
    { address: '127.0.0.1:24181', mode: 'follower' },
    { address: '127.0.0.1:24182', mode: 'leader' },
    { address: '127.0.0.1:24183', mode: 'follower' },
  ],
  shellCommands: [
    'hdfs haadmin -ns granary-ha -getAllServiceState',
    'echo status | hbase shell',
    'echo srvr | nc 127.0.0.1 24181',
    'echo srvr | nc 127.0.0.1 24182',
    'echo srvr | nc 127.0.0.1 24183',
  ],
};

export const OPERATION_ID = '3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b';

export const runningOperation: OperationDetail = {
  id: OPERATION_ID,
  type: 'BALANCER_RUN',
  clusterId: 1,
  target: 'cluster local',
  state: 'RUNNING',
  progress: 40,
  message: 'Moving regions',
  createdBy: 'admin',
  createdAt: '2025-11-21T15:46:00Z',
  startedAt: '2025-11-21T15:46:01Z',
  shellEquivalent: 'hbase shell> balance_switch true\nhbase shell> balancer',
  events: [
    {
      at: '2025-11-21T15:46:01Z',
      level: 'INFO',
      message: 'Balancer switch turned on',
      progress: 10,
    },
  ],
};

export const namespacesFixture: Namespace[] = [
  { name: 'default', tableCount: 2 },
  { name: 'metrics', tableCount: 1 },
];

export const codecReportFixture: CodecReport = {
  probedAt: '2025-11-21T15:40:00Z',
  running: false,
  codecs: [
    { name: 'NONE', available: true },
    { name: 'GZ', available: true, detail: '1,204 bytes written' },
    { name: 'SNAPPY', available: true, detail: '1,310 bytes written' },
    { name: 'LZ4', available: false, detail: 'native lz4 library not loaded' },
    { name: 'ZSTD', available: false, detail: 'libzstd.so.1 not found' },
  ],
};

export const tablePageFixture: TablePage = {
  page: 0,
  size: 50,
  total: 2,
  collectedAt: '2025-11-21T15:46:00Z',
  items: [
    {
      name: 'orders',
      namespace: 'default',
      enabled: true,
      regionCount: 16,
      sizeBytes: 3 * 1024 ** 3,
      storeFiles: 40,
      readRequestsPerSecond: 120.5,
      writeRequestsPerSecond: 800,
    },
    {
      name: 'metrics:cpu',
      namespace: 'metrics',
      enabled: false,
      regionCount: 1,
      sizeBytes: 0,
      storeFiles: 0,
      readRequestsPerSecond: 0,
      writeRequestsPerSecond: 0,
    },
  ],
};

export const tableDetailFixture: TableDetail = {
  name: 'orders',
  namespace: 'default',
  enabled: true,
  regionCount: 16,
  sizeBytes: 3 * 1024 ** 3,
  storeFiles: 40,
  readRequestsPerSecond: 120.5,
  writeRequestsPerSecond: 800,
  describeCommand: "describe 'orders'",
  families: [
    {
      name: 'd',
      compression: 'SNAPPY',
      bloomFilter: 'ROW',
      blockSizeBytes: 65536,
      dataBlockEncoding: 'FAST_DIFF',
      ttl: 'FOREVER',
      minVersions: 0,
      maxVersions: 1,
      inMemory: false,
      blockCacheEnabled: true,
    },
    {
      name: 'meta',
      compression: 'NONE',
      bloomFilter: 'ROW',
      blockSizeBytes: 65536,
      dataBlockEncoding: 'NONE',
      ttl: '86400',
      minVersions: 0,
      maxVersions: 3,
      inMemory: true,
      blockCacheEnabled: true,
    },
  ],
  settings: {
    maxFileSizeBytes: 10 * 1024 ** 3,
    compactionEnabled: true,
    durability: 'USE_DEFAULT',
  },
};

export const tablePreviewFixture: TablePreview = {
  splitKeys: Array.from({ length: 15 }, (_, i) => `\\x${(i + 1).toString(16).padStart(2, '0')}`),
  regions: Array.from({ length: 16 }, (_, i) => ({
    startKey: i === 0 ? '' : `\\x${i.toString(16).padStart(2, '0')}`,
    endKey: i === 15 ? '' : `\\x${(i + 1).toString(16).padStart(2, '0')}`,
    samples: i === 3 ? 630 : 625,
  })),
  samples: 10_005,
  maxPerRegion: 630,
  meanPerRegion: 625.3125,
  maxOverMean: 1.0075,
  lint: [
    {
      code: 'FEWER_REGIONS_THAN_SERVERS',
      severity: 'INFO',
      message: 'The table starts with fewer regions than there are live RegionServers.',
    },
  ],
  messages: ['clients must write keys as [CRC32(key) mod 16] + key'],
  shellCommand: "create 'orders', {NAME => 'd'}, SPLITS => ['\\x01', '\\x02']",
};

export function operationFixture(overrides: Partial<Operation> = {}): Operation {
  return {
    id: '9a7b6c5d-4e3f-4a1b-8c9d-0e1f2a3b4c5d',
    type: 'CREATE_TABLE',
    clusterId: 1,
    target: 'table orders',
    state: 'PENDING',
    progress: 0,
    createdBy: 'ops',
    createdAt: '2025-11-21T15:47:00Z',
    ...overrides,
  };
}

export const regionPageFixture: RegionPage = {
  page: 0,
  size: 100,
  total: 2,
  items: [
    {
      name: '5f2c9e0a1b3d4c6e8f7a9b0c1d2e3f40',
      startKey: '',
      endKey: '\\x08',
      server: '127.0.0.1,19630,1',
      sizeBytes: 1024 ** 2,
      storeFiles: 2,
      locality: 1,
      readRequestsPerSecond: 3,
      writeRequestsPerSecond: 40,
    },
    {
      name: '7e1d2c3b4a5968778695a4b3c2d1e0f9',
      startKey: '\\x08',
      endKey: '',
      server: '127.0.0.1,19640,2',
      sizeBytes: 2 * 1024 ** 2,
      storeFiles: 1,
      locality: 0.5,
      readRequestsPerSecond: 1,
      writeRequestsPerSecond: 10,
    },
  ],
};

export const regionMapFixture: RegionMap = {
  collectedAt: '2025-11-21T15:46:00Z',
  servers: [
    { server: '127.0.0.1,19630,1', regions: [regionPageFixture.items[0]!] },
    { server: '127.0.0.1,19640,2', regions: [regionPageFixture.items[1]!] },
  ],
};

/** 2025-11-21T15:46:00Z in milliseconds (cell timestamps are epoch millis). */
export const CELL_TIMESTAMP = Date.parse('2025-11-21T15:46:00Z');

/** A scan page of `orders`: two rows, more after them; keys in the shell's binary-safe form. */
export const rowPageFixture: RowPage = {
  rows: [
    {
      key: 'user1',
      cells: [
        { family: 'd', qualifier: 'name', value: 'Ada', timestamp: CELL_TIMESTAMP },
        { family: 'meta', qualifier: 'flags', value: '\\x00\\x01', timestamp: CELL_TIMESTAMP },
      ],
    },
    {
      key: 'user2\\xFF',
      cells: [{ family: 'd', qualifier: 'name', value: 'Grace', timestamp: CELL_TIMESTAMP }],
    },
  ],
  more: true,
  shellCommand: "scan 'orders', {LIMIT => 10}",
};

export const tableRowFixture: TableRow = {
  ...rowPageFixture.rows[0]!,
  shellCommand: 'get \'orders\', "user1"',
};

export const putRowsResponseFixture: PutRowsResponse = {
  rowsWritten: 1,
  cellsWritten: 1,
  shellCommand: 'put \'orders\', "user3", "d:name", "Linus"',
};

export const heatmapFixture: Heatmap = {
  metric: 'TOTAL',
  intervalSeconds: 5,
  retentionHours: 24,
  times: ['2025-11-21T15:45:50Z', '2025-11-21T15:45:55Z', '2025-11-21T15:46:00Z'],
  ranges: [
    { startKey: '', endKey: '\\x08' },
    { startKey: '\\x08', endKey: '' },
  ],
  values: [
    [null, 0, 12.5],
    [3, 4, null],
  ],
  hot: [
    {
      startKey: '',
      endKey: '\\x08',
      share: 0.64,
      message: 'This range takes 64% of all requests (its fair share is 50%).',
    },
  ],
};

export const compactionRunFixture: CompactionRun = {
  id: 42,
  scheduleId: 7,
  scheduleName: 'nightly-orders',
  trigger: 'MANUAL',
  kind: 'MAJOR',
  scope: 'table orders',
  state: 'RUNNING',
  operationId: OPERATION_ID,
  windowStart: '2025-11-21T15:46:00Z',
  windowEnd: '2025-11-21T16:46:00Z',
  startedAt: '2025-11-21T15:46:00Z',
  maxPerServer: 1,
  maxPerCluster: 2,
  regionsTotal: 4,
  regionsDone: 2,
  regionsSkipped: 1,
  regionsFailed: 0,
  regionsRunning: 1,
  regionsPending: 0,
  storeFilesBefore: 12,
  storeFilesAfter: 3,
  bytesRead: 3 * 1024 ** 2,
  bytesWritten: 2 * 1024 ** 2,
  localityBefore: 0.5,
  localityAfter: 1,
  shellCommand: "major_compact 'orders'",
};

export const compactionRunDetailFixture: CompactionRunDetail = {
  ...compactionRunFixture,
  regions: [
    {
      region: '5f2c9e0a1b3d4c6e8f7a9b0c1d2e3f40',
      table: 'orders',
      startKey: '',
      server: '127.0.0.1,19630,1',
      state: 'DONE',
      reason: '4 store files in d',
      stores: 1,
      storeFilesBefore: 4,
      storeFilesAfter: 1,
      bytesBefore: 1024 ** 2,
      bytesAfter: 512 * 1024,
    },
    {
      region: '7e1d2c3b4a5968778695a4b3c2d1e0f9',
      table: 'orders',
      startKey: '\\x01',
      server: '127.0.0.1,19640,2',
      state: 'DONE',
      stores: 1,
      storeFilesBefore: 4,
      storeFilesAfter: 1,
    },
    {
      region: '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
      table: 'orders',
      startKey: '\\x02',
      server: '127.0.0.1,19630,1',
      state: 'SKIPPED',
      reason: 'below every threshold',
      stores: 1,
      storeFilesBefore: 1,
    },
    {
      region: '9f8e7d6c5b4a39281706f5e4d3c2b1a0',
      table: 'orders',
      startKey: '\\x03',
      server: '127.0.0.1,19640,2',
      state: 'RUNNING',
      stores: 1,
      storeFilesBefore: 3,
    },
  ],
};

export const compactionScheduleFixture: CompactionSchedule = {
  id: 7,
  name: 'nightly-orders',
  targetKind: 'TABLE',
  target: 'orders',
  cron: '0 1 * * *',
  timeZone: 'Europe/Berlin',
  durationMinutes: 240,
  maxPerServer: 1,
  maxPerCluster: 2,
  selection: 'THRESHOLD',
  minStoreFilesPerStore: 3,
  pauseOutsideWindows: true,
  enabled: true,
  nextWindows: ['2025-11-22T00:00:00Z', '2025-11-23T00:00:00Z', '2025-11-24T00:00:00Z'],
  lastRun: { ...compactionRunFixture, state: 'SUCCEEDED', finishedAt: '2025-11-21T15:50:00Z' },
  recommendations: [
    {
      code: 'MAX_PER_CLUSTER_ABOVE_SERVERS',
      severity: 'WARN',
      message: 'maxPerCluster 2 is above what 1 RegionServer at maxPerServer 1 can run.',
    },
  ],
  shellCommands: ["compaction_switch false\nmajor_compact '5f2c9e0a1b3d4c6e8f7a9b0c1d2e3f40'"],
  createdBy: 'ops',
  createdAt: '2025-11-20T10:00:00Z',
};

export const compactionHistoryFixture: CompactionHistoryPoint[] = [
  {
    runId: 40,
    trigger: 'SCHEDULE',
    state: 'PARTIAL',
    startedAt: '2025-11-20T00:00:00Z',
    finishedAt: '2025-11-20T04:00:00Z',
    regionsDone: 3,
    storeFilesBefore: 20,
    storeFilesAfter: 9,
  },
  {
    runId: 42,
    trigger: 'MANUAL',
    state: 'SUCCEEDED',
    startedAt: '2025-11-21T15:46:00Z',
    finishedAt: '2025-11-21T15:50:00Z',
    regionsDone: 4,
    storeFilesBefore: 1600,
    storeFilesAfter: 4,
    localityBefore: 0.5,
    localityAfter: 1,
  },
];

const MiB = 1024 ** 2;

export const ecPoliciesFixture: EcPolicies = {
  policies: [
    {
      name: 'RS-6-3-1024k',
      state: 'ENABLED',
      dataUnits: 6,
      parityUnits: 3,
      cellSizeBytes: MiB,
      codec: 'rs',
      storageOverhead: 1.5,
      system: true,
      fitsTopology: false,
      topologyMessage: 'needs 9 live DataNodes, the cluster has 5',
      shellCommand: 'hdfs ec -disablePolicy -policy RS-6-3-1024k',
    },
    {
      name: 'RS-3-2-1024k',
      state: 'DISABLED',
      dataUnits: 3,
      parityUnits: 2,
      cellSizeBytes: MiB,
      codec: 'rs',
      storageOverhead: 5 / 3,
      system: true,
      fitsTopology: true,
      topologyMessage: '5 live DataNodes hold a stripe of 5',
      shellCommand: 'hdfs ec -enablePolicy -policy RS-3-2-1024k',
    },
    {
      name: 'XOR-2-1-1024k',
      state: 'ENABLED',
      dataUnits: 2,
      parityUnits: 1,
      cellSizeBytes: MiB,
      codec: 'xor',
      storageOverhead: 1.5,
      system: true,
      fitsTopology: true,
      shellCommand: 'hdfs ec -disablePolicy -policy XOR-2-1-1024k',
    },
  ],
  topology: { liveDataNodes: 5, racks: 1 },
  coder: {
    nativeAvailable: true,
    description: 'ISA-L native (RSRawErasureCoderFactory via libhadoop)',
  },
  shellCommand: 'hdfs ec -listPolicies',
};

export const ecDirectoryFixture: EcDirectory = {
  name: 'archive',
  path: '/data/archive',
  directory: true,
  lengthBytes: 300 * MiB,
  spaceConsumedBytes: 900 * MiB,
  fileCount: 12,
  policy: 'replication',
  inherited: true,
  children: [
    {
      name: '2024',
      path: '/data/archive/2024',
      directory: true,
      lengthBytes: 200 * MiB,
      spaceConsumedBytes: 600 * MiB,
      fileCount: 10,
      policy: 'replication',
      inherited: true,
    },
    {
      name: 'index.bin',
      path: '/data/archive/index.bin',
      directory: false,
      lengthBytes: 100 * MiB,
      spaceConsumedBytes: 300 * MiB,
      fileCount: 1,
      replication: 3,
      policy: 'replication',
      inherited: true,
    },
  ],
  warnings: ['12 files are smaller than one cell; EC would not save space on them.'],
  shellCommands: ['hdfs ec -getPolicy -path /data/archive', 'hdfs dfs -count -q -h /data/archive'],
};

export const ecReportFixture: EcReport = {
  path: '/data/archive',
  files: 20,
  logicalBytes: 300 * MiB,
  smallFiles: 6,
  histogram: [
    { label: '< 1 MiB', minBytes: 0, maxBytes: MiB, files: 6, bytes: 3 * MiB },
    { label: '1–16 MiB', minBytes: MiB, maxBytes: 16 * MiB, files: 10, bytes: 97 * MiB },
    { label: '≥ 16 MiB', minBytes: 16 * MiB, files: 4, bytes: 200 * MiB },
  ],
  current: {
    layout: 'current',
    rawBytes: 900 * MiB,
    blockObjects: 66,
    ratioToLogical: 3,
    smallFileRawBytes: 9 * MiB,
  },
  layouts: [
    {
      layout: 'RS-6-3-1024k',
      rawBytes: 480 * MiB,
      blockObjects: 180,
      ratioToLogical: 1.6,
      smallFileRawBytes: 12 * MiB,
    },
    {
      layout: 'RS-3-2-1024k',
      rawBytes: 510 * MiB,
      blockObjects: 100,
      ratioToLogical: 1.7,
      smallFileRawBytes: 11 * MiB,
    },
    {
      layout: 'replication',
      rawBytes: 900 * MiB,
      blockObjects: 66,
      ratioToLogical: 3,
      smallFileRawBytes: 9 * MiB,
    },
  ],
  recommendation: {
    layout: 'RS-3-2-1024k',
    action: 'CONVERT',
    reason: 'Saves 390 MiB (43%); RS-6-3-1024k does not fit 5 DataNodes.',
  },
  openFiles: 0,
  openBytes: 0,
  warnings: ['6 files are smaller than one cell.'],
};

export const ecConversionFixture: EcConversion = {
  id: 5,
  path: '/data/archive',
  policy: 'RS-3-2-1024k',
  state: 'RUNNING',
  operationId: OPERATION_ID,
  throttleMbPerSecond: 0,
  filesTotal: 20,
  filesDone: 9,
  filesFailed: 1,
  bytesTotal: 300 * MiB,
  bytesDone: 120 * MiB,
  rawBytesBefore: 900 * MiB,
  rawBytesNow: 700 * MiB,
  reclaimedBytes: 200 * MiB,
  predictedRawBytesAfter: 510 * MiB,
  startedAt: '2025-11-21T15:46:00Z',
  shellCommand:
    'hdfs ec -setPolicy -path /data/archive -policy RS-3-2-1024k\n# then every file is rewritten',
  coder: 'NativeRSRawEncoder (libisal.so.2)',
  parallelFiles: 4,
  filesCopying: 3,
  mibPerSecond: 182.5,
};

export const tableEcStateFixture: TableEcState = {
  table: 'orders',
  hfiles: 8,
  hfilesUnderPolicy: 0,
  hfilesStriped: 0,
  files: [
    {
      path: '0fa7f90267e78b6a149745394bfe97b2/d/5a1c0e2f',
      lengthBytes: 2 * 1024 * 1024,
      layout: 'CONTIGUOUS',
      policy: 'replication',
      spaceConsumedBytes: 6 * 1024 * 1024,
    },
  ],
  shellCommand: "describe 'orders'",
};

// ---------------------------------------------------------------- benchmarks

const ycsbSpec = (ycsbWorkload: BenchmarkSpec['ycsbWorkload']): BenchmarkSpec => ({
  workload: 'ycsb',
  table: '',
  threads: 8,
  durationSeconds: 60,
  warmupSeconds: 10,
  targetRate: 0,
  operationCount: 0,
  rows: 100000,
  valueSize: 1000,
  batchSize: 1,
  clientBuffering: false,
  scanLength: 100,
  loadFirst: true,
  ycsbWorkload,
  recordCount: 100000,
  fieldCount: 10,
  fieldLength: 100,
});

export const benchmarkPresetsFixture: BenchmarkPreset[] = [
  {
    id: 'pe-classic',
    label: 'PE classic',
    description: 'randomRead over 100,000 rows of 1,000 bytes',
    spec: { ...ycsbSpec(undefined), workload: 'randomRead', threads: 4, ycsbWorkload: undefined },
  },
  {
    id: 'ycsb-a',
    label: 'YCSB A',
    description: '50% reads, 50% updates, zipfian',
    spec: ycsbSpec('A'),
  },
  {
    id: 'ycsb-e',
    label: 'YCSB E',
    description: 'short scans',
    spec: { ...ycsbSpec('E'), scanLength: 50 },
  },
  {
    id: 'rmw-batch',
    label: 'Batch RMW',
    description: 'read-modify-write in batches of 100 over 1,000 hot keys',
    spec: {
      ...ycsbSpec(undefined),
      workload: 'rmw',
      batchSize: 100,
      hotKeys: 1000,
      targetRate: 2000,
    },
  },
];

export const benchmarkRunFixture: BenchmarkRun = {
  id: 12,
  seriesId: 3,
  seriesName: 'YCSB A',
  label: 'A',
  repetition: 1,
  kind: 'WORKLOAD',
  workload: 'ycsb A',
  table: 'usertable',
  state: 'SUCCEEDED',
  phase: 'done',
  mode: 'closed',
  threads: 8,
  durationSeconds: 60,
  progress: 1,
  operationId: OPERATION_ID,
  createdAt: '2025-11-21T15:40:00Z',
  startedAt: '2025-11-21T15:40:02Z',
  finishedAt: '2025-11-21T15:41:15Z',
  opsPerSec: 12345.6,
  mbPerSec: 11.8,
  p99CorrectedMs: 8.25,
  p99ServiceMs: 4.5,
  agentCpuPercent: 42.5,
  errors: 0,
  timeouts: 0,
  ceilingOpsPerSec: 50000,
  ceilingRatio: 0.2469,
  complete: true,
  shellEquivalent:
    'bin/ycsb run hbase2 -cp "$HBASE_CONF_DIR" -P workloads/workloada -p table=usertable -p columnfamily=family -p operationcount=2147483647 -p maxexecutiontime=60 -threads 8 -s',
};

export const benchmarkRunsFixture: BenchmarkRun[] = [
  {
    ...benchmarkRunFixture,
    id: 14,
    state: 'RUNNING',
    phase: 'run',
    mode: 'open',
    targetRate: 5000,
    progress: 0.4,
    opsPerSec: undefined,
    p99CorrectedMs: undefined,
    p99ServiceMs: undefined,
    finishedAt: undefined,
  },
  { ...benchmarkRunFixture, id: 13, opsPerSec: 13000, agentCpuPercent: 91 },
  benchmarkRunFixture,
  {
    ...benchmarkRunFixture,
    id: 11,
    kind: 'CEILING',
    label: 'ceiling',
    seriesName: undefined,
    workload: 'ceiling get',
    table: 'granary_bench_ceiling',
    opsPerSec: 50000,
    ceilingRatio: undefined,
  },
];

const interval = (index: number, warmup: boolean, ops: number): BenchmarkInterval => ({
  index,
  startSeconds: index,
  seconds: 1,
  warmup,
  count: ops,
  opsPerSec: ops,
  errors: 0,
  timeouts: 0,
  mbPerSec: ops / 1000,
  p50CorrectedMs: 1.5,
  p99CorrectedMs: 8 + index,
  p99ServiceMs: 4 + index,
  maxCorrectedMs: 20,
  agentCpuPercent: 40,
  systemCpuPercent: 30,
  ops: [
    { op: 'READ', count: ops / 2, errors: 0, p99CorrectedMs: 8, p99ServiceMs: 4 },
    { op: 'UPDATE', count: ops / 2, errors: 0, p99CorrectedMs: 9, p99ServiceMs: 5 },
  ],
});

/** Two warm-up seconds, then three measured ones. */
export const benchmarkIntervalsFixture: BenchmarkInterval[] = [
  interval(0, true, 9000),
  interval(1, true, 11000),
  interval(2, false, 12000),
  interval(3, false, 12500),
  interval(4, false, 12400),
];

const latency = (p99: number) => ({
  min: 0.3,
  p50: 1.5,
  p90: 4,
  p95: p99 * 0.75,
  p99,
  p999: p99 * 2,
  max: p99 * 4,
  mean: 2,
});

export const benchmarkRunDetailFixture: BenchmarkRunDetail = {
  ...benchmarkRunFixture,
  spec: { ...ycsbSpec('A'), table: 'usertable', requestDistribution: 'zipfian' },
  provenance: {
    granaryVersion: '0.1.0',
    engineVersion: '2.6.4',
    hadoopVersion: '3.4.1',
    tableDescriptor: "'usertable', {NAME => 'family'}",
    regions: 4,
    clusterConfigDigest: 'sha256:ab12',
    ecCoder: 'ISA-L',
    checksum: 'CRC32C',
    agentHost: 'bench-1',
    agentCores: 8,
    cpuModel: 'AMD EPYC 7B13',
    cpuFlags: 'avx2 avx512f sse4_2',
    javaVersion: '21.0.5',
    jvmFlags: ['-Xmx4g', '-XX:+UseG1GC'],
    agentVersions: 'granary 0.1.0, hbase-client 2.6.4-hadoop3, ycsb 0.17.0',
  },
  summary: {
    measuredSeconds: 60,
    count: 740736,
    ok: 740733,
    notFound: 0,
    opsPerSec: 12345.6,
    okPerSec: 12345.55,
    gcCount: 12,
    gcTimeMs: 84,
    ycsbReport: true,
    mbPerSec: 11.8,
    errors: 0,
    timeouts: 0,
    agentCpuMean: 42.5,
    agentCpuMax: 61,
    complete: true,
    corrected: latency(8.25),
    service: latency(4.5),
    ops: [
      {
        op: 'READ',
        count: 370368,
        ok: 370368,
        notFound: 0,
        errors: 0,
        timeouts: 0,
        rows: 370368,
        bytes: 370368000,
        opsPerSec: 6172.8,
        okPerSec: 6172.8,
        corrected: latency(7.5),
        service: latency(4),
      },
      {
        op: 'UPDATE',
        count: 370368,
        ok: 370365,
        notFound: 0,
        errors: 2,
        timeouts: 1,
        rows: 370368,
        bytes: 370368000,
        opsPerSec: 6172.8,
        okPerSec: 6172.75,
        corrected: latency(9),
        service: latency(5),
      },
    ],
  },
};

/** The same run while it runs: no summary yet. */
export const benchmarkRunningDetailFixture: BenchmarkRunDetail = {
  ...benchmarkRunDetailFixture,
  id: 14,
  state: 'RUNNING',
  phase: 'run',
  progress: 0.4,
  finishedAt: undefined,
  summary: undefined,
};

export const benchmarkCeilingFixture: BenchmarkCeiling = {
  measured: true,
  runId: 11,
  opsPerSec: 50000,
  p99ServiceMs: 1.2,
  agentCpuPercent: 70,
  threads: 16,
  measuredAt: '2025-11-21T15:30:00Z',
  state: 'SUCCEEDED',
};

export const benchmarkComparisonFixture: BenchmarkComparison = {
  runs: [benchmarkRunFixture, { ...benchmarkRunFixture, id: 13, label: 'B', opsPerSec: 13000 }],
  metrics: [
    {
      key: 'opsPerSec',
      label: 'Throughput',
      unit: 'ops/s',
      better: 'higher',
      values: [12345.6, 13000],
      ratios: [1, 1.053],
    },
    {
      key: 'p99CorrectedMs',
      label: 'p99 corrected',
      unit: 'ms',
      better: 'lower',
      values: [8.25, 9.5],
      ratios: [1, 1.1515],
    },
    {
      key: 'errors',
      label: 'Errors',
      unit: 'count',
      better: 'lower',
      values: [0, null],
      ratios: [1, null],
    },
  ],
  differences: ['spec.threads: 8 → 16'],
};

// ---------------------------------------------------------------- provisioning

const labHost = (i: number, overrides: Partial<Host> = {}): Host => ({
  id: i,
  address: `10.77.0.${10 + i}`,
  hostname: `lab${i}`,
  sshUser: 'root',
  keyFingerprint: `sha256:0a1b2c3d4e5f60${i}0`,
  cores: 4,
  ramMb: 6144,
  dataDisks: ['/data/1'],
  rack: '/default-rack',
  reachable: true,
  checkMessage: 'SSH port 22 open',
  createdAt: '2025-11-21T10:00:00Z',
  redacted: false,
  ...overrides,
});

export const hostsFixture: Host[] = [
  labHost(1),
  labHost(2),
  labHost(3, { reachable: false, checkMessage: 'connect timed out after 2s' }),
];

const heap = (host: string, role: string, value: string, rule = 'profile lab') => ({
  file: 'jvm-heaps',
  key: role,
  value,
  source: 'DEFAULT' as const,
  rule,
  host,
});

export const planFixture: ProvisioningPlan = {
  cluster: 'lab-a',
  profile: 'lab',
  workload: 'balanced',
  hosts: [
    {
      hostname: 'lab1',
      address: '10.77.0.11',
      rack: '/default-rack',
      cores: 4,
      ramMb: 6144,
      roles: ['zookeeper', 'namenode', 'hbase_master', 'datanode', 'regionserver'],
      heaps: [
        heap('lab1', 'zookeeper', '128m'),
        heap('lab1', 'namenode', '384m'),
        heap('lab1', 'hbase_master', '384m'),
        heap('lab1', 'datanode', '256m'),
        {
          ...heap('lab1', 'regionserver', '1g'),
          source: 'SIZING_RULE',
          rule: 'RAM 6 GiB − 256 MiB OS − … = 4736 MiB, capped at 1 GiB (lab hosts share one machine)',
        },
      ],
    },
    {
      hostname: 'lab2',
      address: '10.77.0.12',
      rack: '/default-rack',
      cores: 4,
      ramMb: 6144,
      roles: ['datanode', 'regionserver'],
      heaps: [
        heap('lab2', 'datanode', '256m'),
        { ...heap('lab2', 'regionserver', '1g'), source: 'SIZING_RULE', rule: 'capped at 1 GiB' },
      ],
    },
  ],
  config: [
    {
      file: 'hdfs-site',
      key: 'dfs.replication',
      value: '2',
      source: 'SIZING_RULE',
      rule: '2 DataNodes',
    },
    {
      file: 'hbase-site',
      key: 'hbase.rootdir',
      value: 'hdfs://10.77.0.11:8020/hbase',
      source: 'DEFAULT',
    },
    {
      file: 'hbase-site',
      key: 'hfile.block.cache.size',
      value: '0.4',
      source: 'SIZING_RULE',
      rule: 'workload balanced',
    },
    {
      file: 'hbase-site',
      key: 'hbase.regionserver.handler.count',
      value: '30',
      source: 'SIZING_RULE',
      rule: '10 × 4 cores = 40',
      host: 'lab1',
    },
    { file: 'zoo.cfg', key: 'tickTime', value: '2000', source: 'DEFAULT' },
    {
      file: 'core-site',
      key: 'io.file.buffer.size',
      value: '131072',
      source: 'USER_OVERRIDE',
    },
  ],
  warnings: [
    {
      code: 'low-replication',
      field: 'hosts',
      message: '2 DataNodes: dfs.replication is 2, so losing a host can lose data',
    },
  ],
  erasureCodingPolicies: [],
};

export const provisioningRunFixture: ProvisioningRunDetail = {
  id: 7,
  cluster: 'lab-a',
  playbook: 'install',
  state: 'RUNNING',
  operationId: OPERATION_ID,
  createdAt: '2025-11-21T16:00:00Z',
  command: 'cd /opt/granary/ansible && ansible-playbook -i <inventory>/hosts.yml install.yml',
  tasks: [
    { seq: 1, task: 'Preflight', status: 'play', at: '2025-11-21T16:00:01Z' },
    {
      seq: 2,
      host: 'lab1',
      task: 'preflight : check python',
      status: 'ok',
      at: '2025-11-21T16:00:02Z',
    },
    {
      seq: 3,
      host: 'lab2',
      task: 'os_baseline : set swappiness',
      status: 'changed',
      at: '2025-11-21T16:00:03Z',
    },
    {
      seq: 4,
      host: 'lab2',
      task: 'os_baseline : disable THP',
      status: 'skipped',
      at: '2025-11-21T16:00:04Z',
    },
  ],
};

// ---------------------------------------------------------------- installed versions and scale-in

const dnRs = (i: number) => ({
  hostname: `lab${i}`,
  address: `10.77.0.${10 + i}`,
  rack: '/default-rack',
  cores: 4,
  ramMb: 6144,
  roles: ['datanode', 'regionserver'],
  heaps: [heap(`lab${i}`, 'datanode', '256m'), heap(`lab${i}`, 'regionserver', '1g')],
});

/** lab-a as installed: lab1 with the masters, lab2–lab4 DataNode + RegionServer, lab5 ZooKeeper only. */
export const installedPlanFixture: ProvisioningPlan = {
  ...planFixture,
  hosts: [
    planFixture.hosts[0]!,
    dnRs(2),
    dnRs(3),
    dnRs(4),
    {
      hostname: 'lab5',
      address: '10.77.0.15',
      rack: '/default-rack',
      cores: 2,
      ramMb: 2048,
      roles: ['zookeeper'],
      heaps: [heap('lab5', 'zookeeper', '128m')],
    },
  ],
  warnings: [],
};

export const installedVersionsFixture: InstalledVersion[] = [
  {
    version: 2,
    cluster: 'lab-a',
    runId: 9,
    playbook: 'scale_out',
    createdAt: '2025-11-22T09:30:00Z',
    createdBy: 'admin',
    hosts: ['10.77.0.11', '10.77.0.12', '10.77.0.13', '10.77.0.14', '10.77.0.15'],
  },
  {
    version: 1,
    cluster: 'lab-a',
    runId: 7,
    playbook: 'install',
    createdAt: '2025-11-21T16:09:00Z',
    createdBy: 'admin',
    hosts: ['10.77.0.11', '10.77.0.12', '10.77.0.13', '10.77.0.15'],
  },
];

export const installedVersionFixture: InstalledVersionDetail = {
  ...installedVersionsFixture[0]!,
  plan: installedPlanFixture,
  diff: {
    fromVersion: 1,
    hostsAdded: ['10.77.0.14'],
    hostsRemoved: [],
    roleChanges: [{ host: 'lab4', added: ['regionserver', 'datanode'], removed: [] }],
    configChanges: [
      { file: 'hdfs-site', key: 'dfs.replication', oldValue: '2', newValue: '3' },
      {
        file: 'hbase-site',
        key: 'hbase.regionserver.handler.count',
        host: 'lab4',
        newValue: '40',
      },
      { file: 'hdfs-site', key: 'dfs.hosts.exclude', oldValue: '/etc/granary/exclude' },
    ],
    restarts: [
      { role: 'regionserver', hosts: ['lab1', 'lab2', 'lab3'] },
      { role: 'datanode', hosts: ['lab1', 'lab2', 'lab3'] },
    ],
    summary: ['lab4 joins as DataNode + RegionServer', 'dfs.replication 2 → 3'],
  },
};

export const scaleInPreflightFixture: ScaleInPreflight = {
  ok: true,
  hosts: ['10.77.0.13', '10.77.0.14'],
  findings: [
    {
      code: 'scale-in-under-replicated',
      severity: 'WARNING',
      field: 'hosts',
      message: '12 blocks are under-replicated now; the decommission waits for them too',
    },
    {
      code: 'scale-in-dead-datanode',
      severity: 'WARNING',
      field: 'hosts[1]',
      message: 'its DataNode is dead: its blocks are copied from their other replicas',
    },
  ],
  bytesToMove: 3 * 1024 ** 3 + 512 * 1024 ** 2,
  // as the backend gives it: the diff does not name the installed version it is against
  diff: {
    hostsAdded: [],
    hostsRemoved: ['10.77.0.13', '10.77.0.14'],
    roleChanges: [],
    configChanges: [{ file: 'hdfs-site', key: 'dfs.replication', oldValue: '3', newValue: '2' }],
    restarts: [],
    summary: ['lab3 and lab4 leave; 2 DataNodes remain'],
  },
  shellCommands: [
    'hbase org.apache.hadoop.hbase.util.RegionMover -r lab3 -o unload',
    'ssh lab3 systemctl stop granary-regionserver',
    'echo 10.77.0.13 >> /etc/granary/hdfs/exclude && hdfs dfsadmin -refreshNodes',
  ],
};

export const scaleInRunFixture: ProvisioningRunDetail = {
  id: 11,
  cluster: 'lab-a',
  clusterId: 5,
  playbook: 'scale_in',
  state: 'RUNNING',
  createdAt: '2025-11-22T10:00:00Z',
  command: 'cd /opt/granary/ansible && ansible-playbook -i <inventory>/hosts.yml scale_in.yml',
  pauseRequested: false,
  progress: [
    {
      host: '10.77.0.13',
      phase: 'WAITING_FOR_REDUNDANCY',
      regionsLeft: 0,
      blocksLeft: 1200,
      startedAt: '2025-11-22T10:00:05Z',
    },
    { host: '10.77.0.14', phase: 'PENDING' },
  ],
  tasks: [
    { seq: 1, task: 'Scale in 10.77.0.13', status: 'play', at: '2025-11-22T10:00:01Z' },
    {
      seq: 2,
      host: 'lab3',
      task: 'scale_in : unload regions',
      status: 'changed',
      at: '2025-11-22T10:00:30Z',
    },
  ],
};

// ---------------------------------------------------------------- rolling restarts and configuration

/** lab-a's configuration as installed version 2 holds it. */
export const clusterConfigFixture: ClusterConfig = {
  installedVersion: 2,
  overrides: {
    'hdfs-site': { 'dfs.replication': '3' },
    'hbase-site': { 'hbase.regionserver.handler.count': '30' },
  },
  roleOverrides: {
    regionserver: { 'hbase-site': { 'hfile.block.cache.size': '0.4' } },
  },
  roles: {
    zookeeper: ['lab1', 'lab5'],
    namenode: ['lab1'],
    hbase_master: ['lab1'],
    datanode: ['lab1', 'lab2', 'lab3', 'lab4'],
    regionserver: ['lab1', 'lab2', 'lab3', 'lab4'],
  },
  pendingRestarts: [],
};

export const configKeysFixture: ConfigKey[] = [
  {
    key: 'hbase.regionserver.handler.count',
    file: 'hbase-site',
    type: 'int',
    min: 1,
    max: 1000,
    defaultValue: '30',
    description: 'RPC handler threads per RegionServer',
    roles: ['regionserver'],
  },
  {
    key: 'hfile.block.cache.size',
    file: 'hbase-site',
    type: 'float',
    min: 0,
    max: 0.8,
    defaultValue: '0.4',
    description: 'Share of the RegionServer heap for the block cache',
    roles: ['regionserver'],
  },
  {
    key: 'hbase.hregion.memstore.flush.size',
    file: 'hbase-site',
    type: 'bytes',
    min: 1048576,
    defaultValue: '134217728',
    description: 'A region flushes its MemStore at this size',
    roles: ['regionserver'],
  },
  {
    key: 'zookeeper.session.timeout',
    file: 'hbase-site',
    type: 'duration-ms',
    min: 1000,
    max: 300000,
    defaultValue: '90000',
    description: 'ZooKeeper session timeout of HBase servers',
    roles: ['regionserver', 'hbase_master'],
  },
  {
    key: 'dfs.replication',
    file: 'hdfs-site',
    type: 'int',
    min: 1,
    max: 512,
    defaultValue: '3',
    description: 'Replicas of each block',
    roles: ['namenode', 'datanode'],
  },
  {
    key: 'dfs.permissions.enabled',
    file: 'hdfs-site',
    type: 'bool',
    defaultValue: 'true',
    description: 'Check HDFS permissions',
    roles: ['namenode'],
  },
  {
    key: 'hbase.master.loadbalancer.class',
    file: 'hbase-site',
    type: 'string',
    description: 'The balancer the HMaster runs',
    roles: ['hbase_master'],
  },
];

export const rollingRestartPreviewFixture: RollingRestartPreview = {
  steps: [
    { seq: 1, role: 'regionserver', hosts: ['lab1', 'lab2'] },
    { seq: 2, role: 'regionserver', hosts: ['lab3', 'lab4'] },
    { seq: 3, role: 'datanode', hosts: ['lab1'] },
    { seq: 4, role: 'hbase_master', hosts: ['lab1'] },
  ],
  shellCommands: [
    'ansible-playbook -i <inventory>/hosts.yml rolling_restart.yml -e rolling_restart_role=regionserver -e \'{"rolling_restart_hosts": ["lab1", "lab2"]}\'',
    'ansible-playbook -i <inventory>/hosts.yml rolling_restart.yml -e rolling_restart_role=regionserver -e \'{"rolling_restart_hosts": ["lab3", "lab4"]}\'',
  ],
};

const at = (minute: number, second = 0) =>
  `2025-11-22T11:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}Z`;

/** Step 1 done (3 min 30 s), step 2 restarting its RegionServers, steps 3 and 4 waiting. */
export const restartRunFixture: ProvisioningRunDetail = {
  id: 12,
  cluster: 'lab-a',
  clusterId: 5,
  playbook: 'rolling_restart',
  state: 'RUNNING',
  createdAt: at(0),
  command:
    'cd /opt/granary/ansible && ansible-playbook -i <inventory>/hosts.yml rolling_restart.yml  # one run per step',
  pauseRequested: false,
  abortRequested: false,
  steps: [
    {
      seq: 1,
      role: 'regionserver',
      hosts: ['lab1', 'lab2'],
      phase: 'DONE',
      regionsMoved: 12,
      regionsBack: 12,
      startedAt: at(0),
      finishedAt: at(3, 30),
      timeline: [
        { host: 'lab1', phase: 'UNLOADING_REGIONS', at: at(0) },
        { host: 'lab2', phase: 'UNLOADING_REGIONS', at: at(0) },
        { host: 'lab1', phase: 'RESTARTING', at: at(1) },
        { host: 'lab2', phase: 'RESTARTING', at: at(1, 10) },
        { host: 'lab1', phase: 'WAITING_FOR_HEALTH', at: at(1, 20) },
        { host: 'lab2', phase: 'WAITING_FOR_HEALTH', at: at(1, 30) },
        { host: 'lab1', phase: 'LOADING_REGIONS', at: at(2) },
        { host: 'lab2', phase: 'LOADING_REGIONS', at: at(2) },
        { host: 'lab1', phase: 'DONE', at: at(3, 30) },
        { host: 'lab2', phase: 'DONE', at: at(3, 15) },
      ],
    },
    {
      seq: 2,
      role: 'regionserver',
      hosts: ['lab3', 'lab4'],
      phase: 'RESTARTING',
      regionsMoved: 9,
      startedAt: at(3, 30),
      timeline: [
        { host: 'lab3', phase: 'UNLOADING_REGIONS', at: at(3, 30) },
        { host: 'lab4', phase: 'UNLOADING_REGIONS', at: at(3, 30) },
        { host: 'lab3', phase: 'RESTARTING', at: at(4, 30) },
      ],
    },
    { seq: 3, role: 'datanode', hosts: ['lab1'], phase: 'PENDING', timeline: [] },
    { seq: 4, role: 'hbase_master', hosts: ['lab1'], phase: 'PENDING', timeline: [] },
  ],
  tasks: [
    { seq: 1, task: 'Rolling restart regionserver', status: 'play', at: at(0) },
    {
      seq: 2,
      host: 'lab1',
      task: 'rolling restart regionserver on lab1',
      status: 'changed',
      at: at(1),
    },
  ],
};

/** Raising the handlers cluster-wide and the RegionServers' block cache: RegionServers restart. */
export const configPreviewFixture: ConfigChangePreview = {
  ok: true,
  findings: [
    {
      code: 'unknown-override-key',
      severity: 'WARNING',
      field: 'roleOverrides.regionserver.hbase-site["hbase.custom.knob"]',
      message: 'not a key Granary knows; written as given',
    },
  ],
  diff: {
    fromVersion: 2,
    hostsAdded: [],
    hostsRemoved: [],
    roleChanges: [],
    configChanges: [
      {
        file: 'hbase-site',
        key: 'hbase.regionserver.handler.count',
        oldValue: '30',
        newValue: '60',
      },
      {
        file: 'hbase-site',
        key: 'hfile.block.cache.size',
        role: 'regionserver',
        oldValue: '0.4',
        newValue: '0.5',
      },
      { file: 'hbase-site', key: 'hbase.custom.knob', role: 'regionserver', newValue: 'on' },
    ],
    restarts: [{ role: 'regionserver', hosts: ['lab1', 'lab2', 'lab3', 'lab4'] }],
    summary: ['RegionServers restart to read hbase-site'],
  },
  restarts: [
    { seq: 1, role: 'regionserver', hosts: ['lab1', 'lab2'] },
    { seq: 2, role: 'regionserver', hosts: ['lab3', 'lab4'] },
  ],
};

// ---- vSphere (shaped like govmomi's simulator: DC0, cluster DC0_C0 with 3 ESXi hosts)

export const vcenterFixture: Vcenter = {
  id: 1,
  name: 'vc-lab',
  url: 'https://127.0.0.1:24943/sdk',
  username: 'administrator@vsphere.local',
  passwordSet: true,
  tlsVerify: false,
  guestSshUser: 'root',
  guestKeySet: true,
  createdAt: '2026-11-26T03:00:00Z',
  createdBy: 'admin',
  shellCommands: [
    'export GOVC_URL=https://127.0.0.1:24943/sdk',
    'export GOVC_USERNAME=administrator@vsphere.local',
    "export GOVC_PASSWORD='<password>'",
    'export GOVC_INSECURE=1',
    'govc about',
  ],
};

export const vcenterTestFixture: VcenterTest = {
  ok: true,
  apiVersion: '8.0.3.0',
  fullName: 'VMware vCenter Server 8.0.3 build-0 (Granary vcsim)',
  latencyMs: 12,
  command: 'govc about -json',
};

const GIB = 1024 ** 3;
const esxi = (i: number, state = 'connected'): EsxiHost => ({
  name: `DC0_C0_H${i}`,
  cpuCores: 8,
  cpuMhz: 2294,
  memoryBytes: 64 * GIB,
  connectionState: state,
  inMaintenanceMode: false,
});

export const vcenterInventoryFixture: VcenterInventory = {
  apiVersion: '8.0.3.0',
  fullName: 'VMware vCenter Server 8.0.3 build-0 (Granary vcsim)',
  readAt: '2026-11-26T03:05:00Z',
  commands: ['govc ls -json /', 'govc find -json /DC0 -type h', 'govc datastore.info -json'],
  datacenters: [
    {
      name: 'DC0',
      clusters: [
        { name: 'DC0_C0', drsEnabled: true, hosts: [esxi(0), esxi(1), esxi(2)], resourcePools: [] },
      ],
      datastores: [
        { name: 'LocalDS_0', type: 'OTHER', capacityBytes: 1000 * GIB, freeBytes: 800 * GIB },
        { name: 'LocalDS_1', type: 'OTHER', capacityBytes: 1000 * GIB, freeBytes: 50 * GIB },
      ],
      networks: [
        { name: 'VM Network', type: 'Network', mtu: 1500 },
        { name: 'DC0_DVPG0', type: 'DistributedVirtualPortgroup', mtu: 9000 },
      ],
      templates: [
        { name: 'granary-template', guestId: 'debian12_64Guest', nicTypes: ['vmxnet3'], disks: 1 },
      ],
      folders: ['/DC0/vm', '/DC0/vm/granary'],
    },
  ],
};

const vmSettings = (name: string, worker: boolean): VmSetting[] => [
  {
    key: 'num_cpus',
    value: worker ? '8' : '4',
    source: 'USER_OVERRIDE',
    rule: `${worker ? 'worker' : 'master'}.vcpu`,
  },
  {
    key: 'cores_per_socket',
    value: worker ? '8' : '4',
    source: 'SIZING_RULE',
    rule: 'one socket: vCPU ≤ the ESXi host cores (8)',
  },
  {
    key: 'memory_mb',
    value: worker ? '65536' : '16384',
    source: 'USER_OVERRIDE',
    rule: 'memoryGb × 1024',
  },
  {
    key: 'memory_reservation_lock',
    value: 'true',
    source: 'SIZING_RULE',
    rule: "latency sensitivity high: vSphere requires all of the VM's memory reserved",
  },
  { key: 'latency_sensitivity', value: 'high', source: 'DEFAULT' },
  { key: 'device_type', value: 'vmxnet3', source: 'DEFAULT' },
  {
    key: 'mtu',
    value: '1500',
    source: 'SIZING_RULE',
    rule: "network 'VM Network' has MTU 1500 (< 9000): no jumbo frames",
  },
  { key: 'name', value: name, source: 'SIZING_RULE', rule: '<cluster>-<group>-<n>' },
];

export const vsphereVmsFixture: PlannedVm[] = [
  {
    name: 'vm1-master-1',
    group: 'master',
    esxiHost: 'DC0_C0_H0',
    rack: '/DC0_C0_H0',
    settings: vmSettings('vm1-master-1', false),
    disks: [],
  },
  ...[1, 2].map((n): PlannedVm => ({
    name: `vm1-worker-${n}`,
    group: 'worker',
    esxiHost: `DC0_C0_H${n - 1}`,
    rack: `/DC0_C0_H${n - 1}`,
    settings: vmSettings(`vm1-worker-${n}`, true),
    disks: [
      { datastore: 'LocalDS_0', sizeGb: 200, type: 'eagerzeroedthick', controller: 1, unit: 0 },
    ],
  })),
];

export const vspherePlanFixture: ProvisioningPlan = {
  ...planFixture,
  cluster: 'vm1',
  infrastructure: 'vsphere',
  vms: vsphereVmsFixture,
  drsRule: {
    name: 'vm1-workers',
    kind: 'anti-affinity',
    mandatory: true,
    vms: ['vm1-worker-1', 'vm1-worker-2'],
  },
  shellCommands: [
    'govc vm.clone -vm granary-template -folder /DC0/vm/granary/vm1 -host DC0_C0_H0 -on=false vm1-master-1',
    'govc cluster.rule.create -name vm1-workers -enable -mandatory -anti-affinity vm1-worker-1 vm1-worker-2',
    'cd <granary>/ansible && ansible-playbook vsphere_vms.yml -e @vsphere.yml && ansible-playbook -i hosts.yml install.yml',
  ],
};

// ---------------------------------------------------------------- experiments

export const ecCoderKindFixture: ExperimentKind = {
  key: 'ec-coder',
  title: 'Erasure coder throughput',
  description:
    'The raw coder in memory: encode and decode MiB/s by codec, coder, threads and cell.',
  seed: 'seed 003',
  figure: 'Figure 2',
  seedHardware: '2× Xeon Gold 6230 (40 cores, AVX-512), 192 GB',
  seedFindings: ['ISA-L encodes RS-6-3 about 14× faster than the Java coder'],
  params: [
    {
      name: 'schemas',
      label: 'Codecs',
      kind: 'choices',
      options: ['RS-3-2', 'RS-6-3', 'RS-10-4', 'XOR-2-1'],
      help: 'Codec schemas to measure',
    },
    {
      name: 'coders',
      label: 'Coders',
      kind: 'choices',
      options: ['isa-l', 'java', 'legacy-java'],
      help: 'Raw coder implementations',
    },
    {
      name: 'threads',
      label: 'Threads',
      kind: 'integers',
      min: 1,
      max: 64,
      help: 'Coder threads, each with its own coders',
    },
    {
      name: 'cellsKib',
      label: 'Cell sizes',
      kind: 'integers',
      min: 64,
      max: 4096,
      unit: 'KiB',
      help: 'Cell size of the stripes',
    },
    {
      name: 'mb',
      label: 'Data per run',
      kind: 'integer',
      min: 8,
      max: 4096,
      unit: 'MiB',
      help: 'Data encoded and decoded per run',
    },
  ],
  defaults: {
    schemas: ['RS-3-2', 'RS-6-3'],
    coders: ['isa-l', 'java'],
    threads: [1, 2, 4],
    cellsKib: [1024],
    mb: 512,
  },
  reduced: { schemas: ['RS-3-2'], threads: [1], mb: 32 },
  touchesCluster: false,
  scratch: false,
  command:
    'granary-node ec-coder --schema RS-6-3 --coder isa-l --threads 1 --cell-kib 1024 --mb 512',
};

export const dfsioKindFixture: ExperimentKind = {
  key: 'dfsio',
  title: 'HDFS write and read throughput',
  description: 'DFSIO-style writers and readers per layout and coder.',
  seed: 'seed 004',
  figure: 'Figure 1',
  seedHardware: '8 DataNodes, 25 GbE',
  seedFindings: ['RS-6-3 with ISA-L writes as fast as 3× replication'],
  params: [
    {
      name: 'layouts',
      label: 'Layouts',
      kind: 'choices',
      options: ['replication', 'RS-3-2-1024k', 'RS-6-3-1024k'],
      help: 'Replication or an EC policy',
    },
    {
      name: 'coders',
      label: 'Coders',
      kind: 'choices',
      options: ['isa-l', 'java'],
      help: 'Client coder',
    },
    {
      name: 'writers',
      label: 'Writers',
      kind: 'integers',
      min: 1,
      max: 32,
      help: 'Parallel writers',
    },
    { name: 'files', label: 'Files per writer', kind: 'integer', min: 1, max: 100, help: 'Files' },
    {
      name: 'fileMb',
      label: 'File size',
      kind: 'integer',
      min: 1,
      max: 10240,
      unit: 'MB',
      help: 'Size of each file',
    },
  ],
  defaults: {
    layouts: ['replication', 'RS-6-3-1024k'],
    coders: ['isa-l', 'java'],
    writers: [1, 4, 8],
    files: 4,
    fileMb: 1024,
  },
  reduced: { writers: [1], files: 2, fileMb: 8 },
  touchesCluster: true,
  scratch: false,
  command:
    'granary-node dfsio --layout RS-6-3-1024k --coder isa-l --writers 4 --files 4 --file-mb 1024',
};

export const smallFilesKindFixture: ExperimentKind = {
  key: 'small-files',
  title: 'Block objects of small files',
  description: 'HDFS block objects per file by file size, measured against the arithmetic.',
  seed: 'seed 005',
  figure: 'Figure 3',
  seedHardware: 'any',
  seedFindings: ['A 512 KiB file under RS-3-2 holds 4 block objects'],
  params: [
    {
      name: 'layouts',
      label: 'Layouts',
      kind: 'choices',
      options: ['replication', 'RS-3-2-1024k'],
      help: 'Layouts',
    },
    {
      name: 'sizesKib',
      label: 'File sizes',
      kind: 'integers',
      min: 1,
      max: 1048576,
      unit: 'KiB',
      help: 'File sizes',
    },
  ],
  defaults: { layouts: ['replication', 'RS-3-2-1024k'], sizesKib: [512, 1024, 3072] },
  reduced: {},
  touchesCluster: true,
  scratch: false,
  command: 'granary-node small-files --layout RS-3-2-1024k --size-kib 512 --files 1',
};

export const experimentKindsFixture: ExperimentKind[] = [
  ecCoderKindFixture,
  dfsioKindFixture,
  smallFilesKindFixture,
];

export const experimentSummaryFixture: ExperimentSummary = {
  seriesId: 31,
  experiment: 'ec-coder',
  title: 'Erasure coder throughput',
  name: 'coder matrix',
  state: 'SUCCEEDED',
  runs: 2,
  succeeded: 2,
  operationId: OPERATION_ID,
  createdBy: 'ops',
  createdAt: '2025-11-21T16:00:00Z',
};

export const experimentsFixture: ExperimentSummary[] = [
  {
    ...experimentSummaryFixture,
    seriesId: 32,
    experiment: 'dfsio',
    title: 'HDFS write and read throughput',
    name: 'dfsio 1 writer',
    state: 'RUNNING',
    runs: 4,
    succeeded: 1,
    createdAt: '2025-11-21T16:10:00Z',
  },
  experimentSummaryFixture,
];

const experimentRun = (overrides: Partial<ExperimentRun>): ExperimentRun => ({
  id: 301,
  variant: 0,
  label: 'RS-3-2 isa-l 1 thread 1024 KiB',
  repetition: 1,
  state: 'SUCCEEDED',
  message: null,
  progress: 1,
  params: { schema: 'RS-3-2', coder: 'isa-l', threads: 1, cellKib: 1024, mb: 32 },
  command:
    'granary-node ec-coder --schema RS-3-2 --coder isa-l --threads 1 --cell-kib 1024 --mb 32',
  result: { encodeMiBps: 5870.4, decodeMiBps: 5211.9, verified: true },
  mbPerSec: 5870.4,
  startedAt: '2025-11-21T16:00:02Z',
  finishedAt: '2025-11-21T16:00:09Z',
  ...overrides,
});

export const experimentFixture: Experiment = {
  summary: experimentSummaryFixture,
  kind: ecCoderKindFixture,
  params: {
    schemas: ['RS-3-2'],
    coders: ['isa-l', 'java'],
    threads: [1],
    cellsKib: [1024],
    mb: 32,
  },
  runs: [
    experimentRun({}),
    experimentRun({
      id: 302,
      variant: 1,
      label: 'RS-3-2 java 1 thread 1024 KiB',
      params: { schema: 'RS-3-2', coder: 'java', threads: 1, cellKib: 1024, mb: 32 },
      command:
        'granary-node ec-coder --schema RS-3-2 --coder java --threads 1 --cell-kib 1024 --mb 32',
      result: { encodeMiBps: 412.3, decodeMiBps: 398.1, verified: true },
      mbPerSec: 412.3,
    }),
  ],
  panels: [
    {
      title: 'Encode MiB/s',
      xLabel: 'threads',
      yLabel: 'MiB/s',
      categories: ['RS-3-2 · 1', 'RS-6-3 · 1'],
      series: [
        { name: 'ISA-L', style: 'bar', values: [5870.4, null] },
        { name: 'Java', style: 'bar', values: [412.3, null] },
        { name: 'seed ISA-L', style: 'points', values: [6100, 5400] },
      ],
      annotations: ['ISA-L/Java 14.2×', ''],
    },
    {
      title: 'Decode MiB/s',
      xLabel: 'threads',
      yLabel: 'MiB/s',
      categories: ['RS-3-2 · 1', 'RS-6-3 · 1'],
      series: [
        { name: 'ISA-L', style: 'bar', values: [5211.9, null] },
        { name: 'Java', style: 'bar', values: [398.1, null] },
      ],
      annotations: ['ISA-L/Java 13.1×', ''],
    },
  ],
  findings: [
    { label: 'RS-3-2 encode, ISA-L / Java', ours: '14.2×', seed: '14×' },
    { label: 'RS-3-2 encode, ISA-L, 1 thread', ours: '5,870 MiB/s', seed: '6,100 MiB/s' },
  ],
  notes: ['Medians over 1 repetition.', 'This host has AVX2, not AVX-512.'],
};

/** The same series while its second run runs (and a third waits). */
export const experimentRunningFixture: Experiment = {
  ...experimentFixture,
  summary: { ...experimentSummaryFixture, state: 'RUNNING', runs: 3, succeeded: 1 },
  runs: [
    experimentFixture.runs[0]!,
    {
      ...experimentFixture.runs[1]!,
      state: 'RUNNING',
      progress: 0.5,
      result: null,
      mbPerSec: null,
      finishedAt: null,
    },
    {
      ...experimentFixture.runs[1]!,
      id: 303,
      variant: 2,
      label: 'RS-3-2 isa-l 1 thread 1024 KiB',
      repetition: 2,
      state: 'QUEUED',
      progress: 0,
      result: null,
      mbPerSec: null,
      startedAt: null,
      finishedAt: null,
    },
  ],
  panels: [],
  findings: [],
  notes: [],
};

export const reconstructionKindFixture: ExperimentKind = {
  key: 'reconstruction',
  title: 'Time to full redundancy',
  description: 'A DataNode stops; the time until its replicas and its EC blocks are whole again.',
  seed: 'seed 004',
  figure: 'Figure 4',
  seedHardware: '8 DataNodes, 25 GbE',
  seedFindings: ['EC reconstruction takes ~6× as long as re-replication'],
  params: [
    {
      name: 'layout',
      label: 'EC policy',
      kind: 'choices',
      options: ['RS-3-2-1024k', 'XOR-2-1-1024k'],
      help: 'Pick exactly one',
    },
    {
      name: 'variants',
      label: 'Variants',
      kind: 'choices',
      options: ['defaults', 'ec-threads-16', 'xmits-weight-1', 'work-multiplier-10'],
      help: 'NameNode and DataNode settings',
    },
    { name: 'files', label: 'Files', kind: 'integer', min: 1, max: 1000, help: 'Files' },
    {
      name: 'fileMb',
      label: 'File size',
      kind: 'integer',
      min: 1,
      max: 4096,
      unit: 'MB',
      help: 'Size of each file',
    },
  ],
  defaults: { layout: ['RS-3-2-1024k'], variants: ['defaults'], files: 20, fileMb: 64 },
  reduced: { files: 4, fileMb: 8 },
  touchesCluster: true,
  scratch: true,
  command:
    'granary-node local up --dir SCRATCH … ; granary-node reconstruction --layout RS-3-2-1024k',
};

export const nativeChecksumsKindFixture: ExperimentKind = {
  key: 'native-checksums',
  title: 'Native checksums in a major compaction',
  description: 'The same major compaction with and without libhadoop.',
  seed: 'seed 000',
  figure: 'Table 1, Figures 1–2',
  seedHardware: '5 RegionServers',
  seedFindings: ['checksums took ~22% of the CPU profile without native, ~3% with it'],
  params: [
    {
      name: 'cases',
      label: 'Cases',
      kind: 'choices',
      options: ['no native', 'native for HDFS only', 'native for HDFS and HBase'],
      help: 'Where libhadoop is loaded',
    },
    { name: 'rows', label: 'Rows', kind: 'integer', min: 1000, max: 10000000, help: 'Rows' },
    {
      name: 'valueSize',
      label: 'Value size',
      kind: 'integer',
      min: 1,
      max: 1048576,
      unit: 'bytes',
      help: 'Bytes per value',
    },
    { name: 'flushes', label: 'Flushes', kind: 'integer', min: 1, max: 64, help: 'Store files' },
  ],
  defaults: {
    cases: ['no native', 'native for HDFS only', 'native for HDFS and HBase'],
    rows: 200000,
    valueSize: 10240,
    flushes: 8,
  },
  reduced: { rows: 5000, flushes: 4 },
  touchesCluster: true,
  scratch: true,
  command: 'granary-node compaction-cpu --rows 200000 --value-size 10240 --flushes 8 --profile',
};

/** A RegionServer profile: the checksum frames under a block read, some kernel and vDSO time. */
export const flameFixture = {
  n: 'all',
  v: 1000,
  c: [
    {
      n: 'java/lang/Thread.run',
      v: 900,
      c: [
        {
          n: 'org/apache/hadoop/hbase/regionserver/CompactSplit$CompactionRunner.run',
          v: 880,
          c: [
            {
              n: 'org/apache/hadoop/hbase/io/hfile/HFileBlock$FSReaderImpl.readBlockDataInternal',
              v: 400,
              c: [
                {
                  n: 'org/apache/hadoop/util/DataChecksum.verifyChunkedSums',
                  v: 220,
                  c: [{ n: 'updateBytesCRC32C', v: 200 }],
                },
              ],
            },
            { n: 'org/apache/hadoop/hbase/regionserver/StoreFileWriter.append', v: 300 },
          ],
        },
      ],
    },
    { n: '[vdso]', v: 60 },
    { n: 'finish_task_switch_[k]', v: 40 },
  ],
};

const nativeRun = (overrides: Partial<ExperimentRun>): ExperimentRun =>
  experimentRun({
    id: 501,
    label: 'no native',
    params: { case: 'no native', rows: 5000, valueSize: 10240, flushes: 4 },
    command: 'granary-node compaction-cpu --rows 5000 --value-size 10240 --flushes 4 --profile',
    result: {
      rows: 5000,
      valueSize: 10240,
      storeFiles: 4,
      bytes: 51_380_224,
      regionServerNative: false,
      dataNodesNative: false,
      wallSeconds: 12.4,
      userSeconds: 9.8,
      sysSeconds: 1.2,
      dataNodeCpuSeconds: 3.1,
      profile: { samples: 1000, checksumSamples: 221, checksumShare: 0.221, flame: flameFixture },
    },
    mbPerSec: null,
    ...overrides,
  });

/** native-checksums over two cases: each run with a CPU profile. */
export const nativeChecksumsExperimentFixture: Experiment = {
  summary: {
    ...experimentSummaryFixture,
    seriesId: 33,
    experiment: 'native-checksums',
    title: nativeChecksumsKindFixture.title,
    name: 'checksums',
  },
  kind: nativeChecksumsKindFixture,
  params: {
    cases: ['no native', 'native for HDFS and HBase'],
    rows: 5000,
    valueSize: 10240,
    flushes: 4,
  },
  runs: [
    nativeRun({}),
    nativeRun({
      id: 502,
      variant: 1,
      label: 'native for HDFS and HBase',
      result: {
        rows: 5000,
        valueSize: 10240,
        storeFiles: 4,
        bytes: 51_380_224,
        regionServerNative: true,
        dataNodesNative: true,
        wallSeconds: 9.1,
        userSeconds: 6.9,
        sysSeconds: 1.1,
        dataNodeCpuSeconds: 2.2,
        profile: {
          samples: 800,
          checksumSamples: 24,
          checksumShare: 0.03,
          flame: {
            n: 'all',
            v: 800,
            c: [
              {
                n: 'java/lang/Thread.run',
                v: 780,
                c: [{ n: 'org/apache/hadoop/util/NativeCrc32.verifyChunkedSums', v: 24 }],
              },
            ],
          },
        },
      },
    }),
  ],
  panels: [
    {
      title: 'RegionServer CPU seconds',
      xLabel: 'case',
      yLabel: 'CPU seconds of the major compaction',
      categories: ['no native', 'native for HDFS and HBase'],
      series: [
        { name: 'user', style: 'bar', values: [9.8, 6.9] },
        { name: 'sys', style: 'bar', values: [1.2, 1.1] },
      ],
      annotations: [],
    },
    {
      title: 'Checksum share of CPU samples (%)',
      xLabel: 'case',
      yLabel: "% of the RegionServer's samples in checksum frames",
      categories: ['no native', 'native for HDFS and HBase'],
      series: [{ name: 'checksum frames', style: 'bar', values: [22.1, 3] }],
      annotations: [],
    },
  ],
  findings: [{ label: 'checksum share of CPU samples, no native', ours: '22.1%', seed: '~22%' }],
  notes: [],
};
