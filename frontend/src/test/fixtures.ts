// Typed sample API payloads for component tests (a contract change breaks them at compile time).
import type { ClusterOverview, CurrentUser, OperationDetail } from '../api/types';

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
