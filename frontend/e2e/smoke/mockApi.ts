import type { Page, Request } from '@playwright/test';
import type {
  BenchmarkLaunch,
  BenchmarkLaunched,
  BenchmarkRunDetail,
  ClusterSpecInput,
  CompactionRunDetail,
  ConfigChangeRequest,
  CompactionScheduleInput,
  CompactionStarted,
  CreateTableRequest,
  CreateTableResponse,
  FieldError,
  HaState,
  Heatmap,
  MasterMoveRequest,
  NamenodeFailoverRequest,
  OperationDetail,
  OperationEvent,
  ProvisioningRun,
  ProvisioningRunDetail,
  PutRowsRequest,
  RevertRequest,
  Role,
  RollingRestartRequest,
  RollingRestartStep,
  RollingRestartStepPlan,
  ScaleInRequest,
  Cluster,
  TableRow,
  InstalledVersionDetail,
  ProvisioningPlan,
  Vcenter,
  VcenterInput,
  VcenterUpdate,
} from '../../src/api/types';
import { sameShellKey } from '../../src/features/tables/rowKeys';
import * as data from './mockData';
import * as vsphere from './mockVsphere';
import { alertList, metricsChart } from './mockMetrics';

// The Granary API in the browser: serves mockData.ts through page.route and keeps what a test's
// mutations change (tables, schedules, runs, operations) until the page closes.

interface Reply {
  status: number;
  contentType?: string;
  body?: string;
}

const json = (body: unknown, status = 200): Reply => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

const problem = (status: number, code: string, detail: string, errors?: FieldError[]): Reply => ({
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

const invalid = (errors: FieldError[]) =>
  problem(400, 'validation-failed', 'The request has invalid fields.', errors);

/** A live run as the page polls it: each read moves one frame on, then stays on the last. */
class Frames<T> {
  private index = 0;
  constructor(private readonly frames: readonly T[]) {}
  /** The frame now, without moving on (lists show it). */
  get now(): T {
    return this.frames[this.index]!;
  }
  read(): T {
    const frame = this.now;
    this.index = Math.min(this.index + 1, this.frames.length - 1);
    return frame;
  }
}

interface MockOperation {
  op: OperationDetail;
  /** What the SSE stream sends before the final snapshot. */
  streamed: OperationEvent[];
  doneMessage?: string;
  /** Started by a mutation here: it ends on its first read, and `after` applies its effect. */
  settleOnRead: boolean;
  after?: () => void;
}

interface Call {
  method: string;
  url: URL;
  /** The path's groups matched by the route's pattern. */
  params: string[];
  body: <T>() => T;
}

type Handler = (call: Call) => Reply | undefined;

export interface MockApi {
  /** X-XSRF-TOKEN headers seen on mutating requests. */
  csrfHeaders: (string | undefined)[];
}

const C = `/clusters/${data.CLUSTER_ID}`;
const H = `/clusters/${data.HA_CLUSTER_ID}`;

export async function mockApi(page: Page, role: Role, password = data.PASSWORD): Promise<MockApi> {
  const seen: MockApi = { csrfHeaders: [] };
  const username = data.usernameOf(role);
  let signedIn = false;
  let seq = 0;
  const nextId = (after: number) => after + ++seq;

  // ---- state a test's mutations change
  const tables = new Map(data.tables.map((t) => [t.name, { ...t }]));
  // each table's rows by key, filled on first use; a put changes them
  const tableRows = new Map<string, Map<string, TableRow>>();
  const rowsOf = (t: data.MockTable) => {
    let rows = tableRows.get(t.name);
    if (!rows) {
      rows = new Map(data.tableRows(t).map((r) => [r.key, r]));
      tableRows.set(t.name, rows);
    }
    return rows;
  };
  const operations = new Map<string, MockOperation>(
    data.seededOperations.map((op) => [
      op.id,
      op.id === data.BALANCER_OP_ID
        ? {
            op,
            streamed: [data.balancerStream.event],
            doneMessage: data.balancerStream.message,
            settleOnRead: false,
          }
        : { op, streamed: [], settleOnRead: false },
    ]),
  );
  const schedules = [...data.compactionSchedules];
  const compactionRuns = new Map<number, Frames<CompactionRunDetail>>(
    data.compactionRuns.map((r) => [r.id, new Frames([r])]),
  );
  type BenchFrame = { run: BenchmarkRunDetail; intervals: number };
  const benchmarkRuns = new Map<number, Frames<BenchFrame>>(
    data.benchmarkRuns.map((run) => [run.id, new Frames([{ run, intervals: 25 }])]),
  );
  // vCenter connections (the password kept only to fail a test the way vCenter would)
  const vcenters = new Map<number, { vcenter: Vcenter; password: string }>(
    vsphere.vcenters.map((v) => [v.id, { vcenter: { ...v }, password: 'Gr4nary-vcsim!2026' }]),
  );
  // clusters a vsphere_install registered: their plan, until a destroy deregisters them
  const vsphereClusters = new Map<
    number,
    { cluster: Cluster; plan: ProvisioningPlan; runId: number }
  >();
  const vcenterOf = (v: VcenterInput | VcenterUpdate, id: number, old?: Vcenter): Vcenter => ({
    id,
    name: v.name,
    url: v.url,
    username: v.username,
    passwordSet: true,
    tlsVerify: v.tlsVerify,
    thumbprint: v.thumbprint,
    caPem: v.caPem,
    guestSshUser: v.guestSshUser,
    guestKeySet: v.guestPrivateKey != null || (old?.guestKeySet ?? false),
    createdAt: old?.createdAt ?? data.iso(0),
    createdBy: old?.createdBy ?? username,
    updatedAt: old ? data.iso(0) : undefined,
    shellCommands: [
      `export GOVC_URL=${v.url}`,
      `export GOVC_USERNAME=${v.username}`,
      "export GOVC_PASSWORD='<password>'",
      ...(v.tlsVerify ? [] : ['export GOVC_INSECURE=1']),
      'govc about',
    ],
  });
  const provisioningRuns = new Map<number, Frames<ProvisioningRunDetail>>(
    data.provisioningRuns.map((r) => [r.id, new Frames([r])]),
  );

  const startOperation = (
    type: string,
    target: string,
    after?: () => void,
    fields?: Parameters<typeof data.startedOperation>[3],
    doneMessage?: string,
  ) => {
    const op = data.startedOperation(nextId(0), type, target, fields);
    operations.set(op.id, {
      op,
      streamed: [data.workingEvent],
      settleOnRead: true,
      after,
      doneMessage,
    });
    return op;
  };
  /** The operation as it ends, with what its stream adds; its effect applies once. */
  const settle = (stored: MockOperation) => {
    stored.after?.();
    stored.after = undefined;
    if (stored.op.state !== 'SUCCEEDED' && stored.op.state !== 'FAILED') {
      const done = data.settled(stored.op, stored.doneMessage);
      stored.op = { ...done, events: [...done.events, ...stored.streamed] };
    }
    return stored.op;
  };
  // the HA cluster's members: a failover or a master move swaps them once its operation ends
  let ha: HaState = structuredClone(data.haOverview.ha!);

  // ha-lab's installed versions, and its scale-ins: each poll moves a running one a step on; a
  // requested pause stops it as PAUSED between two hosts; each host done adds a version without it.
  const installed = [...data.haInstalled];
  interface ScaleIn {
    run: ProvisioningRun;
    hosts: string[];
    step: number;
  }
  const scaleIns = new Map<number, ScaleIn>();
  const scaleInFrame = (s: ScaleIn) => data.scaleInRunAt(s.run, s.hosts, s.step);
  const advance = (s: ScaleIn) => {
    if (s.run.state !== 'RUNNING') return;
    const total = data.scaleInLastStep(s.hosts.length);
    if (s.run.abortRequested && data.isBetweenHosts(s.step, s.hosts.length)) {
      s.run = { ...s.run, state: 'CANCELLED', finishedAt: data.iso(0), message: 'aborted' };
      return;
    }
    if (s.run.pauseRequested && data.isBetweenHosts(s.step, s.hosts.length)) {
      s.run = { ...s.run, state: 'PAUSED', pauseRequested: false };
      return;
    }
    s.step = Math.min(total, s.step + 1);
    if (s.step % data.SCALE_IN_SPAN === data.SCALE_IN_STEPS_PER_HOST) {
      // a host is out: the next installed version is without it
      const gone = s.hosts[Math.floor(s.step / data.SCALE_IN_SPAN)];
      const last = installed.at(-1)!;
      installed.push({
        ...last,
        version: last.version + 1,
        playbook: 'scale_in',
        runId: s.run.id,
        createdAt: data.iso(0),
        hosts: last.hosts.filter((h) => h.address !== gone),
      });
    }
    if (s.step === total) {
      s.run = {
        ...s.run,
        state: 'SUCCEEDED',
        pauseRequested: false,
        clusterId: data.HA_CLUSTER_ID,
        message: `${s.hosts.join(', ')} left ${data.haCluster.name}`,
        finishedAt: data.iso(0),
      };
    }
  };

  // ha-lab's rolling restarts and configuration changes: each poll moves the step on by one
  // phase; between steps a requested abort ends the run, a requested pause stops it as PAUSED.
  // A configuration change's first step writes the files: its values become the next installed
  // version, and the restarts it did not get to stay pending.
  let pending: RollingRestartStepPlan[] = [];
  interface Restart {
    run: ProvisioningRun;
    steps: RollingRestartStep[];
    config?: data.InstalledConfig;
  }
  const restarts = new Map<number, Restart>();
  const restartFrame = (r: Restart): ProvisioningRunDetail => ({
    ...r.run,
    steps: structuredClone(r.steps),
    tasks: r.steps
      .filter((st) => st.phase !== 'PENDING')
      .flatMap((st) => [
        { task: `Rolling restart ${st.role}`, status: 'play' },
        ...st.hosts.map((host) => ({
          host,
          task: `rolling restart ${st.role} on ${host}`,
          status: st.phase === 'DONE' ? 'changed' : 'ok',
        })),
      ])
      .map((t, i) => ({ ...t, seq: i + 1, at: data.iso(0) })),
  });
  const startRestart = (
    playbook: 'rolling_restart' | 'config_change',
    plan: readonly { role: string; hosts: readonly string[] }[],
    config?: data.InstalledConfig,
  ) => {
    const id = Math.max(...provisioningRuns.keys(), ...scaleIns.keys(), ...restarts.keys()) + 1;
    const r: Restart = {
      run: {
        id,
        cluster: data.haCluster.name,
        clusterId: data.HA_CLUSTER_ID,
        playbook,
        state: 'RUNNING',
        pauseRequested: false,
        abortRequested: false,
        createdAt: new Date().toISOString(),
        command:
          playbook === 'config_change'
            ? 'cd /opt/granary/ansible && ansible-playbook -i <inventory>/hosts.yml install.yml -e granary_defer_restarts=true && ansible-playbook -i <inventory>/hosts.yml rolling_restart.yml  # per role that restarts'
            : 'cd /opt/granary/ansible && ansible-playbook -i <inventory>/hosts.yml rolling_restart.yml  # one run per step',
      },
      steps: plan.map((p, i) => ({
        seq: i + 1,
        role: p.role,
        hosts: [...p.hosts],
        phase: 'PENDING',
        timeline: [],
      })),
      config,
    };
    restarts.set(id, r);
    return json({ ...restartFrame(r), tasks: undefined }, 202);
  };
  const advanceRestart = (r: Restart) => {
    if (r.run.state !== 'RUNNING') return;
    const now = new Date().toISOString();
    const mark = (st: RollingRestartStep) =>
      st.timeline.push(...st.hosts.map((host) => ({ host, phase: st.phase, at: now })));
    const active = r.steps.find((st) => !['PENDING', 'DONE', 'FAILED'].includes(st.phase));
    if (active) {
      const phases = data.restartPhases(active.role);
      const next = phases[phases.indexOf(active.phase) + 1];
      active.phase = next ?? 'DONE';
      if (!next) active.finishedAt = now;
      mark(active);
      if (!next && active.role === 'config' && r.config) {
        const last = installed.at(-1)!;
        installed.push({
          ...last,
          ...r.config,
          version: last.version + 1,
          playbook: 'config_change',
          runId: r.run.id,
          createdAt: now,
        });
        pending = r.steps
          .filter((st) => st.role !== 'config')
          .map((st) => ({
            seq: st.seq - 1,
            role: st.role as RollingRestartStepPlan['role'],
            hosts: st.hosts,
          }));
      }
      if (!next && active.role !== 'config') {
        pending = pending
          .map((p) =>
            p.role === active.role
              ? { ...p, hosts: p.hosts.filter((h) => !active.hosts.includes(h)) }
              : p,
          )
          .filter((p) => p.hosts.length > 0)
          .map((p, i) => ({ ...p, seq: i + 1 }));
      }
      return;
    }
    const next = r.steps.find((st) => st.phase === 'PENDING');
    const what = r.run.playbook === 'config_change' ? 'configuration change' : 'rolling restart';
    const done = r.steps.filter((st) => st.phase === 'DONE').length;
    if (!next) {
      r.run = {
        ...r.run,
        state: 'SUCCEEDED',
        pauseRequested: false,
        message: `${what} of ${data.haCluster.name}: ${done} step(s) done`,
        finishedAt: now,
      };
    } else if (r.run.abortRequested) {
      r.run = {
        ...r.run,
        state: 'CANCELLED',
        message: `${what} aborted after ${done} step(s)`,
        finishedAt: now,
      };
    } else if (r.run.pauseRequested) {
      r.run = { ...r.run, state: 'PAUSED', pauseRequested: false };
    } else {
      next.phase = data.restartPhases(next.role)[0]!;
      next.startedAt = now;
      if (next.role === 'regionserver')
        next.regionsMoved = next.hosts.length * data.REGIONS_PER_SERVER;
      mark(next);
    }
  };
  const confirmed = (confirm: string | undefined) =>
    confirm === data.haCluster.name
      ? undefined
      : invalid([
          { field: 'confirm', message: `must equal the cluster's name '${data.haCluster.name}'` },
        ]);
  /** apply and revert: refused values, nothing changed, else the run. */
  const applyConfig = (request: ConfigChangeRequest, what: string) => {
    const newest = installed.at(-1)!;
    const preview = data.configPreview(newest, request);
    const errors = preview.findings.filter((f) => f.severity === 'ERROR');
    if (errors.length > 0)
      return invalid(errors.map((f) => ({ field: f.field, message: `${f.code}: ${f.message}` })));
    if (!preview.ok)
      return problem(
        409,
        'config-unchanged',
        `${what} of '${data.haCluster.name}' changes nothing against installed version ${newest.version}`,
      );
    return startRestart(
      'config_change',
      [{ role: 'config', hosts: newest.hosts.map((h) => h.hostname) }, ...preview.restarts],
      data.asConfig(request, newest),
    );
  };

  const newestFirst = <T>(runs: Map<number, Frames<T>>) =>
    [...runs.entries()].sort(([a], [b]) => b - a).map(([, frames]) => frames.now);

  // ---- routes: [method, path pattern (after /api/v1), handler]; undefined falls through to 404
  /** GET /rows (scan), GET /row?key=, PUT /rows of an enabled table. */
  const rowsReply = (
    t: data.MockTable,
    method: string,
    sub: string,
    url: URL,
    body: Call['body'],
  ): Reply | undefined => {
    const rows = rowsOf(t);
    if (sub === '/rows' && method === 'GET') {
      const limit = Number(url.searchParams.get('limit') ?? 10);
      if (!(limit >= 1 && limit <= 100))
        return invalid([{ field: 'limit', message: 'between 1 and 100' }]);
      const start = url.searchParams.get('start') ?? '';
      return json(data.scanRows(t.name, [...rows.values()], start, limit));
    }
    if (sub === '/rows' && method === 'PUT') {
      const request = body<PutRowsRequest>();
      const errors = data.putRowErrors(t, request.rows);
      if (errors.length > 0) return invalid(errors);
      for (const r of request.rows) {
        const cells = new Map(
          (rows.get(r.key)?.cells ?? []).map((c) => [`${c.family}:${c.qualifier}`, c]),
        );
        for (const c of r.cells)
          cells.set(`${c.family}:${c.qualifier}`, { ...c, timestamp: Date.now() });
        rows.set(r.key, { key: r.key, cells: [...cells.values()] });
      }
      return json(data.putRowsResponse(t.name, request.rows));
    }
    if (sub === '/row' && method === 'GET') {
      const key = url.searchParams.get('key') ?? '';
      const row = [...rows.values()].find((r) => sameShellKey(r.key, key));
      return row
        ? json({ ...row, shellCommand: data.getRowCommand(t.name, key) })
        : problem(404, 'not-found', `no row "${key}" in table '${t.name}'`);
    }
    return undefined;
  };

  const routes: [string, RegExp, Handler][] = [
    [
      'GET',
      /^\/clusters\/\d+\/metrics\/([a-z-]+)$/,
      ({ params: [chart], url }) =>
        json(metricsChart(chart!, url.searchParams.get('range') ?? '1h')),
    ],
    ['GET', /^\/clusters\/\d+\/alerts$/, () => json(alertList)],
    ['GET', /^\/operations$/, () => json([...operations.values()].map((o) => o.op))],
    [
      'GET',
      /^\/operations\/([^/]+)$/,
      ({ params: [id] }) => {
        const stored = operations.get(id!);
        if (!stored) return undefined;
        return json(stored.settleOnRead ? settle(stored) : stored.op);
      },
    ],
    [
      'GET',
      /^\/operations\/([^/]+)\/stream$/,
      ({ params: [id] }) => {
        const stored = operations.get(id!);
        if (!stored) return undefined;
        const done = settle(stored);
        const body = [
          ...stored.streamed.map((e) => `event: event\ndata: ${JSON.stringify(e)}\n\n`),
          `event: operation\ndata: ${JSON.stringify(done)}\n\n`,
        ].join('');
        return { status: 200, contentType: 'text/event-stream', body };
      },
    ],
    ['GET', /^\/audit$/, () => json(data.audit)],
    ['GET', /^\/users$/, () => json(data.users)],
    [
      'POST',
      /^\/users$/,
      () => invalid([{ field: 'password', message: 'must be at least 10 characters' }]),
    ],
    ['GET', /^\/tokens$/, () => json(data.tokens)],
    [
      'GET',
      /^\/tls$/,
      () => json({ mode: 'OFF', enabled: false, httpPort: 8080, subjectAltNames: [] }),
    ],

    // cluster
    ['GET', /^\/clusters$/, () => json(data.clusters)],
    ['GET', new RegExp(`^${C}$`), () => json(data.cluster)],
    ['GET', new RegExp(`^${C}/overview$`), () => json(data.overview)],
    [
      'POST',
      new RegExp(`^${C}/balancer$`),
      () => json({ ...data.balancerOperation, state: 'PENDING', progress: 0, events: [] }, 202),
    ],

    // the highly available cluster (no tables, runs or schedules of its own)
    ['GET', new RegExp(`^${H}$`), () => json(data.haCluster)],
    ['GET', new RegExp(`^${H}/overview$`), () => json({ ...data.haOverview, ha })],
    [
      'POST',
      new RegExp(`^${H}/ha/namenode-failover$`),
      ({ body }) => {
        const { to, confirm } = body<NamenodeFailoverRequest>();
        const target = ha.namenodes.find((n) => n.id === to);
        if (!target) return invalid([{ field: 'to', message: `no NameNode '${to}'` }]);
        if (confirm !== to) return invalid([{ field: 'confirm', message: `must equal '${to}'` }]);
        if (target.state !== 'standby')
          return problem(
            409,
            'ha-state-conflict',
            `${to} is ${target.state}; only a standby NameNode can take over`,
          );
        const from = ha.namenodes.find((n) => n.state === 'active')?.id ?? '(none active)';
        const operation = startOperation(
          'NAMENODE_FAILOVER',
          `NameNode ${to}`,
          () => {
            ha = {
              ...ha,
              namenodes: ha.namenodes.map((n) =>
                n.id === to
                  ? { ...n, state: 'active' }
                  : n.id === from
                    ? { ...n, state: 'standby' }
                    : n,
              ),
            };
          },
          {
            clusterId: data.HA_CLUSTER_ID,
            shellEquivalent: `hdfs haadmin -ns ${ha.nameservice} -failover ${from} ${to}`,
          },
          `${to} is the active NameNode of ${ha.nameservice}; ${from} is standby`,
        );
        return json(operation, 202);
      },
    ],
    [
      'POST',
      new RegExp(`^${H}/ha/master-move$`),
      ({ body }) => {
        const { confirm } = body<MasterMoveRequest>();
        if (confirm !== data.haCluster.name)
          return invalid([
            { field: 'confirm', message: `must equal the cluster's name '${data.haCluster.name}'` },
          ]);
        const active = ha.masters.find((m) => m.state === 'active');
        const backup = ha.masters.find((m) => m.state === 'backup');
        if (!active || !backup)
          return problem(409, 'ha-state-conflict', 'no backup HMaster runs to take over');
        const host = new URL(active.webUrl).hostname;
        const operation = startOperation(
          'MASTER_MOVE',
          `HMaster ${host}`,
          () => {
            ha = {
              ...ha,
              masters: ha.masters.map((m) =>
                m.webUrl === active.webUrl
                  ? { ...m, state: 'backup' }
                  : m.webUrl === backup.webUrl
                    ? { ...m, state: 'active' }
                    : m,
              ),
            };
          },
          {
            clusterId: data.HA_CLUSTER_ID,
            shellEquivalent: `ssh ${host} systemctl restart granary-master`,
          },
          `the active HMaster moved off ${active.webUrl}; start it again on ${host} to have a backup`,
        );
        return json(operation, 202);
      },
    ],

    // tables
    [
      'GET',
      new RegExp(`^${C}/namespaces$`),
      () =>
        json(
          data.namespaces.map((name) => ({
            name,
            tableCount: [...tables.values()].filter((t) => t.namespace === name).length,
          })),
        ),
    ],
    [
      'POST',
      new RegExp(`^${C}/namespaces$`),
      ({ body }) => json({ name: body<{ name: string }>().name, tableCount: 0 }, 201),
    ],
    ['GET', new RegExp(`^${C}/codecs$`), () => json(data.codecs)],
    [
      'POST',
      new RegExp(`^${C}/codecs/probe$`),
      () => json(startOperation('CODEC_PROBE', 'cluster local'), 202),
    ],
    [
      'GET',
      new RegExp(`^${C}/tables$`),
      ({ url }) => {
        const ns = url.searchParams.get('namespace');
        const q = url.searchParams.get('q')?.toLowerCase();
        const items = [...tables.values()]
          .filter((t) => (!ns || t.namespace === ns) && (!q || t.name.toLowerCase().includes(q)))
          .map(data.tableSummary);
        return json({
          items,
          page: 0,
          size: 50,
          total: items.length,
          collectedAt: data.iso(4_000),
        });
      },
    ],
    [
      'POST',
      new RegExp(`^${C}/tables/preview$`),
      ({ body }) => {
        const request = body<CreateTableRequest>();
        return request.name
          ? json(data.tablePreview(request))
          : invalid([{ field: 'name', message: 'a table name is required' }]);
      },
    ],
    [
      'POST',
      new RegExp(`^${C}/tables$`),
      ({ body }) => {
        const request = body<CreateTableRequest>();
        const plan = data.tablePreview(request);
        const operation = startOperation('CREATE_TABLE', `table ${request.name}`, () =>
          tables.set(request.name, {
            name: request.name,
            namespace: 'default',
            enabled: true,
            buckets: plan.regions.length,
          }),
        );
        const created: CreateTableResponse = {
          operation,
          lint: plan.lint,
          messages: plan.messages,
          shellCommand: plan.shellCommand,
        };
        return json(created, 202);
      },
    ],
    [
      '*',
      new RegExp(`^${C}/tables/([^/]+)(/.*)?$`),
      ({ method, url, body, params: [encoded, sub = ''] }) => {
        const name = decodeURIComponent(encoded!);
        const t = tables.get(name);
        if (!t) return problem(404, 'table-not-found', `No table ${name}.`);
        if (sub === '' && method === 'GET') return json(data.tableDetail(t));
        if (sub === '' && method === 'DELETE') {
          if (url.searchParams.get('confirm') !== name)
            return problem(400, 'confirmation-mismatch', 'confirm must equal the table name');
          return json(
            startOperation('DROP_TABLE', `table ${name}`, () => tables.delete(name)),
            202,
          );
        }
        if (sub === '/regions') {
          const items = data.regions(t);
          return json({ items, page: 0, size: 100, total: items.length });
        }
        if (sub === '/region-map') {
          const rs = data.regions(t);
          return json({
            collectedAt: data.iso(4_000),
            servers: data.SERVERS.map((server) => ({
              server,
              regions: rs.filter((r) => r.server === server),
            })),
          });
        }
        if (sub === '/heatmap') {
          const metric = (url.searchParams.get('metric') ?? 'TOTAL') as Heatmap['metric'];
          return json(data.heatmap(t, metric));
        }
        if (sub === '/rows' || sub === '/row') {
          if (!t.enabled)
            return problem(409, 'table-state-conflict', `table '${name}' is disabled`);
          return rowsReply(t, method, sub, url, body);
        }
        return undefined;
      },
    ],

    // compactions
    ['GET', new RegExp(`^${C}/compactions/schedules$`), () => json(schedules)],
    [
      'POST',
      new RegExp(`^${C}/compactions/schedules$`),
      ({ body }) => {
        const input = body<CompactionScheduleInput>();
        const errors = data.scheduleErrors(input);
        if (errors.length > 0) return invalid(errors);
        if (schedules.some((s) => s.name === input.name))
          return problem(409, 'schedule-name-taken', `A schedule named ${input.name} exists.`);
        const schedule = data.compactionSchedule(
          Math.max(...schedules.map((s) => s.id)) + 1,
          input,
        );
        schedules.push(schedule);
        return json(schedule, 201);
      },
    ],
    [
      '*',
      new RegExp(`^${C}/compactions/schedules/(\\d+)$`),
      ({ method, params: [id] }) => {
        const index = schedules.findIndex((s) => s.id === Number(id));
        if (index < 0) return problem(404, 'schedule-not-found', `No schedule ${id}.`);
        if (method === 'GET') return json(schedules[index]);
        if (method === 'DELETE') {
          schedules.splice(index, 1);
          return { status: 204 };
        }
        return undefined;
      },
    ],
    [
      'POST',
      new RegExp(`^${C}/compactions/schedules/(\\d+)/run$`),
      ({ params: [id] }) => {
        const schedule = schedules.find((s) => s.id === Number(id));
        if (!schedule) return problem(404, 'schedule-not-found', `No schedule ${id}.`);
        const runId = Math.max(...compactionRuns.keys()) + 1;
        const operation = startOperation('COMPACTION_RUN', `table ${schedule.target}`);
        const run = (finished: number, running: number) =>
          data.ordersCompaction(runId, {
            trigger: 'MANUAL',
            scheduleId: schedule.id,
            scheduleName: schedule.name,
            startedAt: data.iso(0),
            operationId: operation.id,
            maxPerServer: schedule.maxPerServer,
            maxPerCluster: schedule.maxPerCluster,
            finished,
            running,
          });
        compactionRuns.set(
          runId,
          new Frames([run(4, 2), run(data.ORDERS_COMPACTION_CANDIDATES, 0)]),
        );
        const started: CompactionStarted = {
          operation,
          runId,
          shellCommand: `major_compact '${schedule.target}'`,
        };
        return json(started, 202);
      },
    ],
    [
      'GET',
      new RegExp(`^${C}/compactions/runs$`),
      () => json(newestFirst(compactionRuns).map(data.runSummary)),
    ],
    [
      'GET',
      new RegExp(`^${C}/compactions/runs/(\\d+)$`),
      ({ params: [id] }) => {
        const run = compactionRuns.get(Number(id));
        return run ? json(run.read()) : problem(404, 'run-not-found', `No run ${id}.`);
      },
    ],

    // benchmarks
    ['GET', new RegExp(`^${C}/benchmarks/presets$`), () => json(data.benchmarkPresets)],
    ['GET', new RegExp(`^${C}/benchmarks/ceiling$`), () => json(data.benchmarkCeiling)],
    [
      'GET',
      new RegExp(`^${C}/benchmarks/runs$`),
      () => json(newestFirst(benchmarkRuns).map((f) => f.run)),
    ],
    [
      'POST',
      new RegExp(`^${C}/benchmarks/runs$`),
      ({ body }) => {
        const launch = body<BenchmarkLaunch>();
        const spec = launch.variants[0]!;
        const runId = Math.max(...benchmarkRuns.keys()) + 1;
        const operation = startOperation('BENCHMARK', `table ${spec.table}`);
        const finished = data.benchmarkRuns.find((r) => r.id === 31)!;
        const run = (fields: Partial<BenchmarkRunDetail>): BenchmarkRunDetail => ({
          ...finished,
          id: runId,
          seriesId: runId,
          seriesName: launch.name ?? finished.seriesName,
          table: spec.table,
          spec,
          operationId: operation.id,
          createdAt: data.iso(0),
          ...fields,
        });
        const live = {
          startedAt: undefined,
          finishedAt: undefined,
          summary: undefined,
          opsPerSec: undefined,
          p99CorrectedMs: undefined,
          p99ServiceMs: undefined,
          agentCpuPercent: undefined,
          ceilingRatio: undefined,
        };
        benchmarkRuns.set(
          runId,
          new Frames<BenchFrame>([
            { run: run({ ...live, state: 'QUEUED', phase: 'queued', progress: 0 }), intervals: 0 },
            {
              run: run({
                ...live,
                state: 'RUNNING',
                phase: 'run',
                progress: 0.4,
                startedAt: data.iso(0),
              }),
              intervals: 10,
            },
            { run: run({ startedAt: data.iso(0), finishedAt: data.iso(0) }), intervals: 25 },
          ]),
        );
        const launched: BenchmarkLaunched = {
          seriesId: runId,
          runIds: [runId],
          operationId: operation.id,
          warnings: [`YCSB ${spec.ycsbWorkload ?? ''} updates rows of ${spec.table}`.trim()],
        };
        return json(launched, 202);
      },
    ],
    [
      'GET',
      new RegExp(`^${C}/benchmarks/runs/(\\d+)$`),
      ({ params: [id] }) => {
        const run = benchmarkRuns.get(Number(id));
        return run ? json(run.read().run) : problem(404, 'run-not-found', `No run ${id}.`);
      },
    ],
    [
      'GET',
      new RegExp(`^${C}/benchmarks/runs/(\\d+)/intervals$`),
      ({ url, params: [id] }) => {
        const run = benchmarkRuns.get(Number(id));
        if (!run) return problem(404, 'run-not-found', `No run ${id}.`);
        const after = Number(url.searchParams.get('after') ?? -1);
        const ops = run.now.run.summary?.opsPerSec ?? 12_450;
        return json(data.benchmarkIntervals(ops, run.now.intervals).filter((i) => i.index > after));
      },
    ],
    [
      'GET',
      new RegExp(`^${C}/benchmarks/compare$`),
      ({ url }) => {
        const ids = (url.searchParams.get('runs') ?? '').split(',').map(Number);
        const comparison = data.benchmarkComparison(ids);
        return comparison
          ? json(comparison)
          : problem(404, 'run-not-found', `No run among ${ids.join(', ')}.`);
      },
    ],

    // installed versions and scale-in (ha-lab; any other cluster was registered, not installed)
    [
      'GET',
      new RegExp(`^${H}/installs$`),
      () => json([...installed].reverse().map(data.installedVersion)),
    ],
    [
      'GET',
      /^\/clusters\/(\d+)\/installs$/,
      ({ params: [id] }) => (vsphereClusters.has(Number(id)) ? undefined : json([])),
    ],
    [
      'GET',
      new RegExp(`^${H}/installs/(\\d+)$`),
      ({ params: [v] }) => {
        const detail = data.installedVersionDetail(installed, Number(v));
        return detail
          ? json(detail)
          : problem(404, 'installed-version-not-found', `No version ${v} of ha-lab.`);
      },
    ],
    [
      'POST',
      new RegExp(`^${H}/scale-in/preflight$`),
      ({ body }) =>
        json(data.scaleInPreflight(installed.at(-1)!.hosts, body<{ hosts: string[] }>().hosts)),
    ],
    [
      'POST',
      new RegExp(`^${H}/scale-in$`),
      ({ body }) => {
        if (role !== 'ADMIN') return problem(403, 'forbidden', 'Needs ADMIN.');
        const { hosts, confirm } = body<ScaleInRequest>();
        if (confirm !== data.haCluster.name)
          return invalid([
            { field: 'confirm', message: `must equal the cluster's name '${data.haCluster.name}'` },
          ]);
        const check = data.scaleInPreflight(installed.at(-1)!.hosts, hosts);
        if (!check.ok)
          return problem(
            409,
            'scale-in-unsafe',
            'The preflight refuses this scale-in.',
            check.findings
              .filter((f) => f.severity === 'ERROR')
              .map((f) => ({ field: f.field, message: `${f.code}: ${f.message}` })),
          );
        const id = Math.max(...provisioningRuns.keys(), ...scaleIns.keys()) + 1;
        const run: ProvisioningRun = {
          id,
          cluster: data.haCluster.name,
          playbook: 'scale_in',
          state: 'RUNNING',
          pauseRequested: false,
          createdAt: data.iso(0),
          command: `cd /opt/granary/ansible && ansible-playbook -i var/provisioning/${id}/hosts.yml scale_in.yml`,
        };
        const started = { run, hosts: [...hosts], step: 0 };
        scaleIns.set(id, started);
        return json({ ...scaleInFrame(started), tasks: undefined }, 202);
      },
    ],
    [
      'GET',
      new RegExp(`^${H}/installs/compare$`),
      ({ url }) => {
        const find = (v: string | null) => installed.find((e) => String(e.version) === v);
        const from = find(url.searchParams.get('from'));
        const to = find(url.searchParams.get('to'));
        if (!from || !to)
          return problem(404, 'installed-version-not-found', 'No such version of ha-lab.');
        return json(data.compareVersions(from, to));
      },
    ],
    [
      'POST',
      new RegExp(`^${H}/installs/(\\d+)/revert$`),
      ({ body, params: [v] }) => {
        if (role !== 'ADMIN') return problem(403, 'forbidden', 'Needs ADMIN.');
        const { confirm, batchSize } = body<RevertRequest>();
        const refused = confirmed(confirm);
        if (refused) return refused;
        const old = installed.find((e) => e.version === Number(v));
        if (!old) return problem(404, 'installed-version-not-found', `No version ${v} of ha-lab.`);
        return applyConfig(
          { overrides: old.overrides, roleOverrides: old.roleOverrides, batchSize },
          `a revert to version ${v}`,
        );
      },
    ],
    ['GET', /^\/config\/keys$/, () => json(data.configKeys)],
    [
      'GET',
      new RegExp(`^${H}/config$`),
      () => json(data.clusterConfig(installed.at(-1)!, pending)),
    ],
    [
      'GET',
      /^\/clusters\/\d+\/config$/,
      () => problem(409, 'not-provisioned', 'local was registered, not installed by Granary.'),
    ],
    [
      'POST',
      new RegExp(`^${H}/config/preview$`),
      ({ body }) => {
        return json(data.configPreview(installed.at(-1)!, body<ConfigChangeRequest>()));
      },
    ],
    [
      'POST',
      new RegExp(`^${H}/config$`),
      ({ body }) => {
        if (role !== 'ADMIN') return problem(403, 'forbidden', 'Needs ADMIN.');
        const request = body<ConfigChangeRequest>();
        return confirmed(request.confirm) ?? applyConfig(request, 'a configuration change');
      },
    ],
    [
      'POST',
      new RegExp(`^${H}/rolling-restart/preview$`),
      ({ body }) => {
        const request = body<RollingRestartRequest>();
        const steps = data.rollingRestartSteps(installed.at(-1)!.hosts, request, pending);
        if (steps.length === 0)
          return problem(
            409,
            'nothing-to-restart',
            request.onlyChanged
              ? 'No restart is pending: the last configuration change restarted what it changed.'
              : 'The roles asked run on no host.',
          );
        return json({ steps, shellCommands: steps.map(data.restartStepShell) });
      },
    ],
    [
      'POST',
      new RegExp(`^${H}/rolling-restart$`),
      ({ body }) => {
        if (role !== 'ADMIN') return problem(403, 'forbidden', 'Needs ADMIN.');
        const request = body<RollingRestartRequest>();
        const refused = confirmed(request.confirm);
        if (refused) return refused;
        const steps = data.rollingRestartSteps(installed.at(-1)!.hosts, request, pending);
        if (steps.length === 0)
          return problem(409, 'nothing-to-restart', 'Nothing selected to restart.');
        return startRestart('rolling_restart', steps);
      },
    ],
    [
      'GET',
      /^\/provisioning\/runs\/(\d+)$/,
      ({ params: [id] }) => {
        const r = restarts.get(Number(id));
        if (!r) return undefined;
        const frame = restartFrame(r);
        advanceRestart(r);
        return json(frame);
      },
    ],
    [
      'GET',
      /^\/provisioning\/runs\/(\d+)$/,
      ({ params: [id] }) => {
        const s = scaleIns.get(Number(id));
        if (!s) return undefined;
        const frame = scaleInFrame(s);
        advance(s);
        return json(frame);
      },
    ],
    [
      'POST',
      /^\/provisioning\/runs\/(\d+)\/(pause|resume|abort)$/,
      ({ params: [id, action] }) => {
        if (role !== 'ADMIN') return problem(403, 'forbidden', 'Needs ADMIN.');
        const s = scaleIns.get(Number(id)) ?? restarts.get(Number(id));
        const wanted =
          action === 'pause'
            ? ['RUNNING']
            : action === 'resume'
              ? ['PAUSED']
              : ['RUNNING', 'PAUSED'];
        if (!s || !wanted.includes(s.run.state))
          return problem(
            409,
            'run-state-conflict',
            `run ${id} is not ${wanted.join(' or ').toLowerCase()}`,
          );
        s.run =
          action === 'pause'
            ? { ...s.run, pauseRequested: true }
            : action === 'resume'
              ? { ...s.run, state: 'RUNNING', pauseRequested: false }
              : s.run.state === 'PAUSED'
                ? {
                    ...s.run,
                    state: 'CANCELLED',
                    finishedAt: data.iso(0),
                    message: 'aborted while paused',
                  }
                : { ...s.run, abortRequested: true };
        // a ProvisioningRun: without the task stream
        const frame = 'hosts' in s ? scaleInFrame(s) : restartFrame(s);
        return json({ ...frame, tasks: undefined }, 202);
      },
    ],

    // vCenter connections
    ['GET', /^\/vcenters$/, () => json([...vcenters.values()].map((v) => v.vcenter))],
    [
      'POST',
      /^\/vcenters$/,
      ({ body }) => {
        if (role !== 'ADMIN') return problem(403, 'forbidden', 'Needs ADMIN.');
        const input = body<VcenterInput>();
        if ([...vcenters.values()].some((v) => v.vcenter.name === input.name))
          return problem(409, 'vcenter-name-taken', `A connection named ${input.name} exists.`);
        const id = Math.max(0, ...vcenters.keys()) + 1;
        const vcenter = vcenterOf(input, id);
        vcenters.set(id, { vcenter, password: input.password });
        return json(vcenter, 201);
      },
    ],
    [
      'GET',
      /^\/vcenters\/(\d+)$/,
      ({ params: [id] }) => {
        const v = vcenters.get(Number(id));
        return v ? json(v.vcenter) : problem(404, 'vcenter-not-found', `No connection ${id}.`);
      },
    ],
    [
      'PUT',
      /^\/vcenters\/(\d+)$/,
      ({ params: [id], body }) => {
        if (role !== 'ADMIN') return problem(403, 'forbidden', 'Needs ADMIN.');
        const v = vcenters.get(Number(id));
        if (!v) return problem(404, 'vcenter-not-found', `No connection ${id}.`);
        const input = body<VcenterUpdate>();
        const vcenter = vcenterOf(input, v.vcenter.id, v.vcenter);
        vcenters.set(v.vcenter.id, { vcenter, password: input.password ?? v.password });
        return json(vcenter);
      },
    ],
    [
      'DELETE',
      /^\/vcenters\/(\d+)$/,
      ({ params: [id] }) => {
        if (role !== 'ADMIN') return problem(403, 'forbidden', 'Needs ADMIN.');
        return vcenters.delete(Number(id))
          ? { status: 204 }
          : problem(404, 'vcenter-not-found', `No connection ${id}.`);
      },
    ],
    [
      'POST',
      /^\/vcenters\/(\d+)\/test$/,
      ({ params: [id] }) => {
        if (role !== 'ADMIN') return problem(403, 'forbidden', 'Needs ADMIN.');
        const v = vcenters.get(Number(id));
        if (!v) return problem(404, 'vcenter-not-found', `No connection ${id}.`);
        if (v.password === vsphere.WRONG_PASSWORD)
          return problem(
            409,
            'vcenter-auth',
            'ServerFaultCode: Cannot complete login due to an incorrect user name or password.',
          );
        return json(vsphere.vcenterTest);
      },
    ],
    [
      'GET',
      /^\/vcenters\/(\d+)\/inventory$/,
      ({ params: [id] }) =>
        vcenters.has(Number(id))
          ? json(vsphere.vcenterInventory)
          : problem(404, 'vcenter-not-found', `No connection ${id}.`),
    ],
    // clusters a vsphere_install created
    [
      'GET',
      /^\/clusters\/(\d+)$/,
      ({ params: [id] }) => {
        const c = vsphereClusters.get(Number(id));
        return c ? json(c.cluster) : undefined;
      },
    ],
    [
      'GET',
      /^\/clusters\/(\d+)\/installs$/,
      ({ params: [id] }) => {
        const c = vsphereClusters.get(Number(id));
        if (!c) return undefined;
        return json([
          {
            version: 1,
            cluster: c.cluster.name,
            runId: c.runId,
            playbook: 'vsphere_install',
            createdAt: c.cluster.createdAt,
            createdBy: username,
            hosts: c.plan.hosts.map((h) => h.hostname),
          },
        ]);
      },
    ],
    [
      'GET',
      /^\/clusters\/(\d+)\/installs\/1$/,
      ({ params: [id] }) => {
        const c = vsphereClusters.get(Number(id));
        if (!c) return undefined;
        const detail: InstalledVersionDetail = {
          version: 1,
          cluster: c.cluster.name,
          runId: c.runId,
          playbook: 'vsphere_install',
          createdAt: c.cluster.createdAt,
          createdBy: username,
          hosts: c.plan.hosts.map((h) => h.hostname),
          plan: c.plan,
          diff: {
            hostsAdded: c.plan.hosts.map((h) => h.hostname),
            hostsRemoved: [],
            roleChanges: [],
            configChanges: [],
            restarts: [],
            summary: [],
          },
        };
        return json(detail);
      },
    ],
    [
      'POST',
      /^\/clusters\/(\d+)\/vsphere\/destroy$/,
      ({ params: [id], body }) => {
        if (role !== 'ADMIN') return problem(403, 'forbidden', 'Needs ADMIN.');
        const c = vsphereClusters.get(Number(id));
        if (!c)
          return problem(409, 'not-on-vsphere', `Granary did not create VMs for cluster ${id}.`);
        const { confirm } = body<{ confirm: string }>();
        if (confirm !== c.cluster.name)
          return invalid([{ field: 'confirm', message: `type ${c.cluster.name} to confirm` }]);
        const runId = Math.max(...provisioningRuns.keys()) + 1;
        const tasks = vsphere.vsphereDestroyTasks(
          (c.plan.vms ?? []).map((v) => v.name),
          c.cluster.name,
        );
        const run: ProvisioningRun = {
          id: runId,
          cluster: c.cluster.name,
          clusterId: c.cluster.id,
          playbook: 'vsphere_destroy',
          state: 'RUNNING',
          createdAt: data.iso(0),
          vcenterId: 1,
          command: `cd /opt/granary/ansible && ansible-playbook vsphere_destroy.yml -e @var/provisioning/${runId}/vsphere.yml -e granary_confirm=${c.cluster.name}`,
        };
        provisioningRuns.set(
          runId,
          new Frames<ProvisioningRunDetail>([
            { ...run, tasks: tasks.slice(0, 2) },
            {
              ...run,
              tasks,
              state: 'SUCCEEDED',
              changed: tasks.filter((t) => t.status === 'changed').length,
              message: `the VMs of ${c.cluster.name} are gone`,
              finishedAt: data.iso(0),
            },
          ]),
        );
        vsphereClusters.delete(c.cluster.id);
        return json(run, 202);
      },
    ],

    // provisioning (not per cluster)
    [
      'GET',
      /^\/hosts$/,
      () => json(role === 'VIEWER' ? data.hosts.map(data.redactedHost) : data.hosts),
    ],
    [
      'POST',
      /^\/provisioning\/plan$/,
      ({ body }) => {
        const spec = body<ClusterSpecInput>();
        if (spec.infrastructure === 'vsphere') {
          const errors = vsphere.vsphereErrors(spec);
          return errors.length > 0 ? invalid(errors) : json(vsphere.vspherePlan(spec));
        }
        const errors = data.planErrors(spec);
        return errors.length > 0 ? invalid(errors) : json(data.provisioningPlan(spec));
      },
    ],
    ['GET', /^\/provisioning\/runs$/, () => json(newestFirst(provisioningRuns))],
    [
      'POST',
      /^\/provisioning\/runs$/,
      ({ body }) => {
        const { spec } = body<{ spec: ClusterSpecInput }>();
        const onVsphere = spec.infrastructure === 'vsphere';
        const plan = onVsphere ? vsphere.vspherePlan(spec) : data.provisioningPlan(spec);
        const tasks = onVsphere
          ? vsphere.vsphereInstallTasks(plan.hosts.map((h) => h.hostname))
          : data.installTasks(plan.hosts.map((h) => h.hostname));
        const runId = Math.max(...provisioningRuns.keys()) + 1;
        const clusterId = onVsphere ? data.CLUSTER_ID + 10 + runId : data.CLUSTER_ID + 1;
        if (onVsphere) {
          vsphereClusters.set(clusterId, {
            cluster: {
              ...data.cluster,
              id: clusterId,
              name: spec.name,
              kind: 'PROVISIONED',
              createdAt: data.iso(0),
              health: { ...data.cluster.health, status: 'HEALTHY', reasons: [] },
            },
            plan,
            runId,
          });
        }
        const operation = startOperation('PROVISIONING_RUN', `cluster ${spec.name}`);
        const run: ProvisioningRun = {
          id: runId,
          cluster: spec.name,
          playbook: onVsphere ? 'vsphere_install' : 'install',
          state: 'RUNNING',
          operationId: operation.id,
          createdAt: data.iso(0),
          command: onVsphere
            ? `cd /opt/granary/ansible && ansible-playbook vsphere_vms.yml -e @var/provisioning/${runId}/vsphere.yml && ansible-playbook -i var/provisioning/${runId}/hosts.yml install.yml`
            : `cd /opt/granary/ansible && ansible-playbook -i var/provisioning/${runId}/hosts.yml install.yml`,
        };
        const third = Math.ceil(tasks.length / 3);
        provisioningRuns.set(
          runId,
          new Frames<ProvisioningRunDetail>([
            { ...run, tasks: tasks.slice(0, third) },
            { ...run, tasks: tasks.slice(0, 2 * third) },
            {
              ...run,
              tasks,
              state: 'SUCCEEDED',
              message: `${spec.name} is installed and registered`,
              clusterId,
              changed: tasks.filter((t) => t.status === 'changed').length,
              finishedAt: data.iso(0),
            },
          ]),
        );
        return json(run, 202);
      },
    ],
    [
      'GET',
      /^\/provisioning\/runs\/(\d+)$/,
      ({ params: [id] }) => {
        const run = provisioningRuns.get(Number(id));
        return run ? json(run.read()) : problem(404, 'run-not-found', `No run ${id}.`);
      },
    ],
  ];

  const answer = (request: Request, method: string, path: string, url: URL): Reply => {
    if (path === '/auth/login' && method === 'POST') {
      const body = request.postDataJSON() as { username: string; password: string };
      if (body.password !== password) return problem(401, 'bad-credentials', 'Bad credentials.');
      signedIn = true;
      return json({ username, role });
    }
    if (!signedIn) return problem(401, 'unauthenticated', 'Sign in first.');
    if (path === '/auth/me') return json({ username, role });
    if (path === '/auth/logout') {
      signedIn = false;
      return { status: 204 };
    }
    if (method !== 'GET' && role === 'VIEWER') return problem(403, 'forbidden', 'Needs OPERATOR.');
    for (const [m, pattern, handle] of routes) {
      const match = pattern.exec(path);
      if (!match || (m !== '*' && m !== method)) continue;
      const reply = handle({
        method,
        url,
        params: match.slice(1),
        body: <T>() => request.postDataJSON() as T,
      });
      if (reply) return reply;
    }
    return problem(404, 'not-found', `No mock for ${method} ${path}`);
  };

  await page.route('**/api/v1/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const method = request.method();
    if (method !== 'GET') seen.csrfHeaders.push(request.headers()['x-xsrf-token']);
    await route.fulfill(answer(request, method, url.pathname.replace(/^\/api\/v1/, ''), url));
  });
  return seen;
}
