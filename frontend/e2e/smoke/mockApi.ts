import type { Page, Route } from '@playwright/test';
import { tablesApi } from './mockTables';

// A small in-memory stand-in for the Granary API, enough to render every console page.

type Role = 'VIEWER' | 'OPERATOR' | 'ADMIN';

const now = Date.now();
const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
const GiB = 1024 ** 3;

const cluster = {
  id: 1,
  name: 'local',
  kind: 'LOCAL',
  zookeeperQuorum: '127.0.0.1:19181',
  namenodeUri: 'hdfs://127.0.0.1:19020',
  namenodeWebUrl: 'http://127.0.0.1:19070/dfshealth.html',
  masterWebUrl: 'http://127.0.0.1:19610/master-status',
  createdAt: iso(86_400_000),
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

const dataNodes = [1, 2, 3, 4, 5].map((i) => ({
  name: `127.0.0.1:${19300 + 10 * i}`,
  hostName: 'localhost',
  state: i === 5 ? 'DEAD' : 'LIVE',
  capacityBytes: 200 * GiB,
  usedBytes: (3 + i) * GiB,
  remainingBytes: (197 - i) * GiB,
  lastContactSeconds: i === 5 ? 94 : 1,
  blocks: 140 + i * 7,
}));

const overview = {
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
    dataNodes,
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
        name: '127.0.0.1,19630,1732200000001',
        regions: 4,
        requestsPerSecond: 12.5,
        readRequestsPerSecond: 10.1,
        writeRequestsPerSecond: 2.4,
        usedHeapMb: 310,
        maxHeapMb: 1024,
        storeFiles: 9,
      },
      {
        name: '127.0.0.1,19640,1732200000002',
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
  nativeSupport: {
    known: true,
    ecCoder: 'org.apache.hadoop.io.erasurecode.rawcoder.NativeRSRawErasureCoderFactory',
    ecCoderNative: true,
    xorCoder: 'org.apache.hadoop.io.erasurecode.rawcoder.XORRawErasureCoderFactory',
    checksum: 'CRC32C',
    libhadoopLoaded: true,
    reportedBy: 'datanode1',
  },
};

const OP_ID = '3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b';
const operation = {
  id: OP_ID,
  type: 'BALANCER_RUN',
  clusterId: 1,
  target: 'cluster local',
  state: 'RUNNING',
  progress: 40,
  message: 'Moving regions',
  createdBy: 'admin',
  createdAt: iso(8_000),
  startedAt: iso(7_000),
  cancelRequested: false,
  shellEquivalent: 'hbase shell> balance_switch true\nhbase shell> balancer',
};
const events = [
  { at: iso(7_000), level: 'INFO', message: 'Balancer switch turned on', progress: 10 },
  { at: iso(5_000), level: 'INFO', message: 'Balancer round started', progress: 40 },
];

function problem(
  status: number,
  code: string,
  detail: string,
  errors?: { field: string; message: string }[],
) {
  return {
    status,
    contentType: 'application/problem+json',
    body: JSON.stringify({
      type: `https://granary.io/problems/${code}`,
      title: code,
      status,
      code,
      detail,
      errors,
    }),
  };
}

const json = (body: unknown, status = 200) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

export interface MockApi {
  /** X-XSRF-TOKEN headers seen on mutating requests. */
  csrfHeaders: (string | undefined)[];
}

export async function mockApi(
  page: Page,
  role: Role,
  password = 'correct-horse-battery',
): Promise<MockApi> {
  let signedIn = false;
  const username = role === 'ADMIN' ? 'admin' : role.toLowerCase();
  const seen: MockApi = { csrfHeaders: [] };
  const tables = tablesApi();

  await page.route('**/api/v1/**', async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = request.method();
    if (method !== 'GET') seen.csrfHeaders.push(request.headers()['x-xsrf-token']);

    if (path === '/auth/login' && method === 'POST') {
      const body = request.postDataJSON() as { username: string; password: string };
      if (body.password !== password)
        return route.fulfill(problem(401, 'bad-credentials', 'Bad credentials.'));
      signedIn = true;
      return route.fulfill(json({ username, role }));
    }
    if (!signedIn) return route.fulfill(problem(401, 'unauthenticated', 'Sign in first.'));
    if (path === '/auth/me') return route.fulfill(json({ username, role }));
    if (path === '/auth/logout') {
      signedIn = false;
      return route.fulfill({ status: 204 });
    }
    if (path === '/clusters') return route.fulfill(json([cluster]));
    if (path === '/clusters/1') return route.fulfill(json(cluster));
    if (method !== 'GET' && role === 'VIEWER' && !path.startsWith('/auth/'))
      return route.fulfill(problem(403, 'forbidden', 'Needs OPERATOR.'));
    if (await tables(route, method, path, url)) return;
    if (path === '/clusters/1/overview') return route.fulfill(json(overview));
    if (path === '/clusters/1/balancer' && method === 'POST') {
      if (role === 'VIEWER') return route.fulfill(problem(403, 'forbidden', 'Needs OPERATOR.'));
      return route.fulfill(json({ ...operation, state: 'PENDING', progress: 0 }, 202));
    }
    if (path === '/operations') return route.fulfill(json([operation]));
    if (path === `/operations/${OP_ID}`) return route.fulfill(json({ ...operation, events }));
    if (path === `/operations/${OP_ID}/stream`) {
      const done = {
        ...operation,
        state: 'SUCCEEDED',
        progress: 100,
        message: 'Balancer ran; 3 regions moved',
        finishedAt: iso(0),
      };
      const body = [
        `event: event\ndata: ${JSON.stringify({ at: iso(1_000), level: 'INFO', message: '3 region moves planned', progress: 80 })}\n\n`,
        `event: operation\ndata: ${JSON.stringify(done)}\n\n`,
      ].join('');
      return route.fulfill({ status: 200, contentType: 'text/event-stream', body });
    }
    if (path === '/audit') {
      return route.fulfill(
        json({
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
              detail: `operation ${OP_ID}`,
              remoteAddress: '127.0.0.1',
            },
            {
              id: 1,
              at: iso(60_000),
              username: 'viewer',
              action: 'POST /api/v1/clusters/1/balancer',
              target: 'cluster local',
              result: 'DENIED',
              status: 403,
              detail: 'requires OPERATOR',
              remoteAddress: '127.0.0.1',
            },
          ],
        }),
      );
    }
    if (path === '/users' && method === 'GET') {
      return route.fulfill(
        json([
          { username: 'admin', role: 'ADMIN', enabled: true, createdAt: iso(86_400_000) },
          { username: 'ops', role: 'OPERATOR', enabled: true, createdAt: iso(3_600_000) },
          { username: 'viewer', role: 'VIEWER', enabled: false, createdAt: iso(600_000) },
        ]),
      );
    }
    if (path === '/users' && method === 'POST') {
      return route.fulfill(
        problem(400, 'validation-failed', 'The request has invalid fields.', [
          { field: 'password', message: 'must be at least 10 characters' },
        ]),
      );
    }
    if (path === '/tokens' && method === 'GET') {
      return route.fulfill(
        json([
          { id: 7, name: 'grafana-exporter', createdAt: iso(7_200_000), lastUsedAt: iso(30_000) },
        ]),
      );
    }
    return route.fulfill(problem(404, 'not-found', `No mock for ${method} ${path}`));
  });
  return seen;
}
