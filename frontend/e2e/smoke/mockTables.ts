import type { Route } from '@playwright/test';

// The tables part of the smoke API: enough state to create, open, chart and drop a table.

const now = Date.now();
const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
const MiB = 1024 ** 2;
const SERVERS = ['127.0.0.1,19630,1732200000001', '127.0.0.1,19640,1732200000002'];

const json = (body: unknown, status = 200) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

const problem = (status: number, code: string, detail: string, errors?: unknown[]) => ({
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
});

const hex = (n: number) => `\\x${n.toString(16).padStart(2, '0')}`;

interface MockTable {
  name: string;
  namespace: string;
  enabled: boolean;
  buckets: number;
}

function boundaries(buckets: number) {
  return Array.from({ length: buckets }, (_, i) => ({
    startKey: i === 0 ? '' : hex(i),
    endKey: i === buckets - 1 ? '' : hex(i + 1),
  }));
}

function regions(t: MockTable) {
  return boundaries(t.buckets).map((b, i) => ({
    ...b,
    name: `${(0x5f2c9e0a + i * 7919).toString(16)}${'0'.repeat(24)}`,
    server: SERVERS[i % SERVERS.length],
    sizeBytes: (40 + ((i * 37) % 25)) * MiB,
    storeFiles: 1 + (i % 3),
    locality: i % 5 === 0 ? 0.5 : 1,
    readRequestsPerSecond: i === 3 ? 220 : 12,
    writeRequestsPerSecond: 80 + i,
  }));
}

function summary(t: MockTable) {
  const rs = regions(t);
  return {
    name: t.name,
    namespace: t.namespace,
    enabled: t.enabled,
    regionCount: rs.length,
    sizeBytes: rs.reduce((s, r) => s + r.sizeBytes, 0),
    storeFiles: rs.reduce((s, r) => s + r.storeFiles, 0),
    readRequestsPerSecond: rs.reduce((s, r) => s + r.readRequestsPerSecond, 0),
    writeRequestsPerSecond: rs.reduce((s, r) => s + r.writeRequestsPerSecond, 0),
  };
}

function heatmap(t: MockTable, metric: string) {
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
        ...ranges[3]!,
        share: 0.31,
        message:
          'This range takes 31% of all requests; its fair share is 6%. Check the key design.',
      },
    ],
  };
}

const codecs = {
  probedAt: iso(600_000),
  running: false,
  codecs: [
    { name: 'NONE', available: true },
    { name: 'GZ', available: true, detail: '1,204 bytes written' },
    { name: 'SNAPPY', available: true, detail: '1,310 bytes written' },
    { name: 'LZ4', available: false, detail: 'native lz4 library not loaded' },
    { name: 'ZSTD', available: true, detail: '1,150 bytes written' },
  ],
};

interface CreateBody {
  name: string;
  families: { name: string; compression?: string }[];
  split: { strategy: string; saltBuckets?: number; numRegions?: number; keys?: string };
}

function preview(body: CreateBody) {
  let splitKeys: string[] = [];
  const messages: string[] = [];
  if (body.split.strategy === 'SALT') {
    const n = body.split.saltBuckets ?? 16;
    splitKeys = Array.from({ length: n - 1 }, (_, i) => hex(i + 1));
    messages.push(`clients must write keys as [CRC32(key) mod ${n}] + key`);
  } else if (body.split.strategy === 'ALGORITHM') {
    splitKeys = Array.from({ length: (body.split.numRegions ?? 2) - 1 }, (_, i) => hex(i + 1));
  } else if (body.split.strategy === 'EXPLICIT') {
    const lines = (body.split.keys ?? '').split('\n').filter((l) => l !== '');
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
  return {
    splitKeys,
    regions: counts.map((c, i) => ({
      startKey: i === 0 ? '' : splitKeys[i - 1],
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
    shellCommand: `create '${body.name}', {NAME => '${body.families[0]?.name ?? 'd'}', COMPRESSION => '${body.families[0]?.compression ?? 'NONE'}'}${n > 1 ? `, SPLITS => [${splitKeys.map((k) => `'${k}'`).join(', ')}]` : ''}`,
  };
}

/** Handles /clusters/1/{tables,namespaces,codecs}… and table operations; false when not a tables path. */
export function tablesApi() {
  const tables = new Map<string, MockTable>([
    ['orders', { name: 'orders', namespace: 'default', enabled: true, buckets: 16 }],
    ['metrics:cpu', { name: 'metrics:cpu', namespace: 'metrics', enabled: false, buckets: 1 }],
  ]);
  const operations = new Map<string, Record<string, unknown>>();
  let opSeq = 0;

  const startOperation = (type: string, target: string, after?: () => void) => {
    opSeq += 1;
    const id = `7a1e0c00-0000-4000-8000-${String(opSeq).padStart(12, '0')}`;
    const op = {
      id,
      type,
      clusterId: 1,
      target,
      state: 'PENDING',
      progress: 0,
      createdBy: 'admin',
      createdAt: iso(0),
    };
    operations.set(id, { ...op, after });
    return op;
  };

  return async (route: Route, method: string, path: string, url: URL): Promise<boolean> => {
    const request = route.request();
    const opMatch = /^\/operations\/(7a1e0c00-[0-9a-f-]+)(\/stream)?$/.exec(path);
    if (opMatch) {
      const stored = operations.get(opMatch[1]!);
      if (!stored) return false;
      const { after, ...op } = stored as { after?: () => void } & Record<string, unknown>;
      after?.();
      operations.set(opMatch[1]!, op);
      const done = {
        ...op,
        state: 'SUCCEEDED',
        progress: 100,
        startedAt: iso(1_000),
        finishedAt: iso(0),
        message: 'done',
      };
      if (opMatch[2]) {
        const body = [
          `event: event\ndata: ${JSON.stringify({ at: iso(500), level: 'INFO', message: 'working', progress: 60 })}\n\n`,
          `event: operation\ndata: ${JSON.stringify(done)}\n\n`,
        ].join('');
        await route.fulfill({ status: 200, contentType: 'text/event-stream', body });
      } else {
        await route.fulfill(json({ ...done, events: [] }));
      }
      return true;
    }

    if (!path.startsWith('/clusters/1/')) return false;
    const rest = path.slice('/clusters/1'.length);
    if (rest === '/namespaces' && method === 'GET') {
      const counts = new Map<string, number>([
        ['default', 0],
        ['metrics', 0],
      ]);
      for (const t of tables.values()) counts.set(t.namespace, (counts.get(t.namespace) ?? 0) + 1);
      await route.fulfill(json([...counts].map(([name, tableCount]) => ({ name, tableCount }))));
      return true;
    }
    if (rest === '/namespaces' && method === 'POST') {
      await route.fulfill(
        json({ name: (request.postDataJSON() as { name: string }).name, tableCount: 0 }, 201),
      );
      return true;
    }
    if (rest === '/codecs') {
      await route.fulfill(json(codecs));
      return true;
    }
    if (rest === '/codecs/probe' && method === 'POST') {
      await route.fulfill(json(startOperation('CODEC_PROBE', 'cluster local'), 202));
      return true;
    }
    if (rest === '/tables' && method === 'GET') {
      const ns = url.searchParams.get('namespace');
      const q = url.searchParams.get('q')?.toLowerCase();
      const items = [...tables.values()]
        .filter((t) => (!ns || t.namespace === ns) && (!q || t.name.toLowerCase().includes(q)))
        .map(summary);
      await route.fulfill(
        json({ items, page: 0, size: 50, total: items.length, collectedAt: iso(4_000) }),
      );
      return true;
    }
    if (rest === '/tables/preview' && method === 'POST') {
      const body = request.postDataJSON() as CreateBody;
      if (!body.name) {
        await route.fulfill(
          problem(400, 'validation-failed', 'The request has invalid fields.', [
            { field: 'name', message: 'a table name is required' },
          ]),
        );
      } else {
        await route.fulfill(json(preview(body)));
      }
      return true;
    }
    if (rest === '/tables' && method === 'POST') {
      const body = request.postDataJSON() as CreateBody;
      const plan = preview(body);
      const op = startOperation('CREATE_TABLE', `table ${body.name}`, () =>
        tables.set(body.name, {
          name: body.name,
          namespace: 'default',
          enabled: true,
          buckets: plan.regions.length,
        }),
      );
      await route.fulfill(
        json(
          {
            operation: op,
            lint: plan.lint,
            messages: plan.messages,
            shellCommand: plan.shellCommand,
          },
          202,
        ),
      );
      return true;
    }
    const m = /^\/tables\/([^/]+)(\/.*)?$/.exec(rest);
    if (!m) return false;
    const name = decodeURIComponent(m[1]!);
    const sub = m[2] ?? '';
    const t = tables.get(name);
    if (!t) {
      await route.fulfill(problem(404, 'table-not-found', `No table ${name}.`));
      return true;
    }
    if (sub === '' && method === 'GET') {
      await route.fulfill(
        json({
          ...summary(t),
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
          ],
          settings: {
            maxFileSizeBytes: 10 * 1024 ** 3,
            compactionEnabled: true,
            durability: 'USE_DEFAULT',
          },
          describeCommand: `describe '${name}'`,
        }),
      );
      return true;
    }
    if (sub === '' && method === 'DELETE') {
      if (url.searchParams.get('confirm') !== name) {
        await route.fulfill(
          problem(400, 'confirmation-mismatch', 'confirm must equal the table name'),
        );
        return true;
      }
      await route.fulfill(
        json(
          startOperation('DROP_TABLE', `table ${name}`, () => tables.delete(name)),
          202,
        ),
      );
      return true;
    }
    if (sub === '/regions') {
      const items = regions(t);
      await route.fulfill(json({ items, page: 0, size: 100, total: items.length }));
      return true;
    }
    if (sub === '/region-map') {
      const rs = regions(t);
      await route.fulfill(
        json({
          collectedAt: iso(4_000),
          servers: SERVERS.map((server) => ({
            server,
            regions: rs.filter((r) => r.server === server),
          })),
        }),
      );
      return true;
    }
    if (sub === '/heatmap') {
      await route.fulfill(json(heatmap(t, url.searchParams.get('metric') ?? 'TOTAL')));
      return true;
    }
    return false;
  };
}
