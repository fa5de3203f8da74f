import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export interface ClusterSummary {
  id: number;
  name: string;
  /** PROVISIONED: installed by Granary (spec 10), with installed versions and day-2 actions. */
  kind: 'LOCAL' | 'PROVISIONED';
  health: { status: string; reasons: { code: string; message: string }[] };
}

/** The overview's `ha` (absent for a cluster without high availability). */
export interface HaSummary {
  nameservice: string;
  namenodes: { id: string; rpcAddress: string; state: 'active' | 'standby' | 'down' }[];
  masters: { webUrl: string; state: 'active' | 'backup' | 'down' }[];
  zookeepers: { address: string; mode: 'leader' | 'follower' | 'standalone' | 'down' }[];
  shellCommands: string[];
}

export interface OperationSummary {
  id: string;
  type: string;
  state: string;
  progress: number;
}

export interface CreateTableBody {
  name: string;
  families: { name: string }[];
  split: { strategy: 'NONE' | 'SALT'; saltBuckets?: number };
}

export interface HeatmapSummary {
  intervalSeconds: number;
  times: string[];
  ranges: { startKey: string; endKey: string }[];
}

export interface CompactionScheduleSummary {
  id: number;
  name: string;
  targetKind: 'TABLE' | 'NAMESPACE' | 'PATTERN';
  target: string;
  shellCommands: string[];
}

export interface CompactionScheduleBody {
  name: string;
  targetKind: 'TABLE' | 'NAMESPACE' | 'PATTERN';
  target: string;
  cron: string;
  timeZone: string;
  durationMinutes: number;
  maxPerServer: number;
  maxPerCluster: number;
  selection: 'ALL' | 'THRESHOLD';
  minStoreFilesPerStore?: number;
  pauseOutsideWindows?: boolean;
  enabled?: boolean;
}

export interface CompactionRunSummary {
  id: number;
  state: string;
  operationId?: string;
  regionsTotal: number;
  regionsDone: number;
  storeFilesBefore?: number;
  storeFilesAfter?: number;
  regions: { region: string; state: string }[];
}

export interface EcPolicySummary {
  name: string;
  state: 'ENABLED' | 'DISABLED' | 'REMOVED';
  fitsTopology?: boolean;
  topologyMessage?: string;
}

export interface EcDirectorySummary {
  path: string;
  policy: string;
  inherited: boolean;
  children: { name: string; directory: boolean; policy: string }[];
}

export interface EcConversionSummary {
  id: number;
  path: string;
  policy: string;
  state: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  message?: string;
  operationId?: string;
  filesTotal: number;
  filesDone: number;
  filesFailed: number;
  reclaimedBytes: number;
}

/** The BenchmarkSpec fields the specs set; the rest take the preset's or the contract's defaults. */
export interface BenchmarkSpecBody {
  workload: string;
  table: string;
  threads?: number;
  durationSeconds?: number;
  warmupSeconds?: number;
  recordCount?: number;
  ycsbWorkload?: string;
  [field: string]: unknown;
}

export interface BenchmarkPresetSummary {
  id: string;
  label: string;
  spec: BenchmarkSpecBody;
}

export interface BenchmarkLaunchedSummary {
  seriesId: number;
  runIds: number[];
  operationId: string;
  warnings?: string[];
}

export interface BenchmarkRunSummary {
  id: number;
  state: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  phase?: string;
  message?: string;
  opsPerSec?: number;
  summary?: { ops: { op: string; count: number }[] };
}

/** An experiment of the catalog (listExperimentKinds), as far as the specs read it. */
export interface ExperimentKindSummary {
  key: string;
  title: string;
  params: {
    name: string;
    label: string;
    kind: 'choices' | 'integers' | 'integer';
    min?: number;
    max?: number;
  }[];
}

export interface ExperimentLaunchBody {
  experiment: string;
  name?: string;
  params?: Record<string, unknown>;
  repetitions?: number;
}

/** getExperiment, as far as the specs read it. */
export interface ExperimentDetail {
  summary: {
    seriesId: number;
    state: BenchmarkRunSummary['state'];
    runs: number;
    succeeded: number;
    operationId?: string | null;
  };
  runs: {
    id: number;
    label: string;
    state: string;
    message?: string | null;
    result?: Record<string, unknown> | null;
  }[];
  panels: { title: string }[];
  findings: { label: string; ours: string; seed: string }[];
}

export interface HostSummary {
  id: number;
  address: string;
  hostname?: string;
  reachable: boolean;
  checkMessage?: string;
}

export interface ProvisioningRunSummary {
  id: number;
  cluster: string;
  playbook: string;
  state: 'RUNNING' | 'PAUSED' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  message?: string;
  clusterId?: number;
  changed?: number;
  /** A rolling restart's steps. */
  steps?: { seq: number; role: string; hosts: string[]; phase: string }[];
  /** A scale-in's leaving hosts. */
  progress?: { host: string; phase: string }[];
}

/** A run with its Ansible task results (getProvisioningRun). */
export interface ProvisioningRunDetail extends ProvisioningRunSummary {
  tasks: { seq: number; host?: string; task: string; status: string; message?: string }[];
}

/** What the specs send as a cluster spec (ClusterSpecInput); hosts by address take the inventory's figures. */
export interface ClusterSpecBody {
  name: string;
  profile?: string;
  workload?: string;
  ha?: boolean;
  zookeeperCount?: number;
  hosts: { address: string; roles?: string[] }[];
  erasureCodingPolicies?: string[];
  overrides?: Record<string, Record<string, string>>;
  roleOverrides?: Record<string, Record<string, Record<string, string>>>;
}

export interface HostBody {
  address: string;
  hostname?: string;
  sshUser?: string;
  privateKey: string;
  cores?: number;
  ramMb?: number;
  dataDisks?: string[];
  rack?: string;
}

export interface PlanDiffSummary {
  hostsAdded: string[];
  hostsRemoved: string[];
  roleChanges: { host: string; added: string[]; removed: string[] }[];
  configChanges: {
    file: string;
    key: string;
    host?: string;
    oldValue?: string;
    newValue?: string;
  }[];
  summary: string[];
}

export interface PlanSummary {
  cluster: string;
  profile: string;
  workload?: string;
  /** Hosts in spec order, named as in the inventory (hostname). */
  hosts: { hostname: string; address: string; roles: string[] }[];
  erasureCodingPolicies?: string[];
  ha?: { enabled: boolean };
  /** Against the installed version of the cluster of that name, when there is one. */
  diff?: PlanDiffSummary;
}

/** One installed version of a provisioned cluster; `hosts` are inventory names (hostnames). */
export interface InstalledVersionSummary {
  version: number;
  playbook: string;
  runId?: number;
  hosts: string[];
}

export interface ClusterConfigSummary {
  installedVersion: number;
  overrides: Record<string, Record<string, string>>;
  roleOverrides: Record<string, Record<string, Record<string, string>>>;
  /** role → hosts running it */
  roles: Record<string, string[]>;
}

const FINAL_STATES = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED']);

async function json<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** The REST API as a console session would use it: session cookie + X-XSRF-TOKEN on mutations. */
export class GranaryApi {
  constructor(readonly request: APIRequestContext) {}

  async login(username: string, password: string): Promise<void> {
    const response = await this.request.post('/api/v1/auth/login', {
      data: { username, password },
    });
    await json(response, `login as ${username}`);
  }

  async xsrfToken(): Promise<string | undefined> {
    const find = async () =>
      (await this.request.storageState()).cookies.find((c) => c.name === XSRF_COOKIE)?.value;
    let token = await find();
    if (!token) {
      // Some CSRF setups only issue the cookie on a later request.
      await this.request.get('/api/v1/auth/me');
      token = await find();
    }
    return token;
  }

  private async headers(): Promise<Record<string, string>> {
    const token = await this.xsrfToken();
    return token ? { [XSRF_HEADER]: token } : {};
  }

  async post(path: string, data?: unknown): Promise<APIResponse> {
    return this.request.post(path, { headers: await this.headers(), data });
  }

  async patch(path: string, data: unknown): Promise<APIResponse> {
    return this.request.patch(path, { headers: await this.headers(), data });
  }

  async put(path: string, data: unknown): Promise<APIResponse> {
    return this.request.put(path, { headers: await this.headers(), data });
  }

  async delete(path: string): Promise<APIResponse> {
    return this.request.delete(path, { headers: await this.headers() });
  }

  async clusters(): Promise<ClusterSummary[]> {
    return json(await this.request.get('/api/v1/clusters'), 'list clusters');
  }

  async clusterByName(name: string): Promise<ClusterSummary> {
    const cluster = (await this.clusters()).find((c) => c.name === name);
    if (!cluster) throw new Error(`No cluster named "${name}" is registered in the backend.`);
    return cluster;
  }

  async health(clusterId: number): Promise<ClusterSummary['health']> {
    return json(await this.request.get(`/api/v1/clusters/${clusterId}/health`), 'cluster health');
  }

  async overview(clusterId: number): Promise<{
    ha?: HaSummary;
    hdfs: { reachable: boolean; liveDataNodes?: number };
    hbase: { reachable: boolean; liveRegionServers?: number; regionsInTransition?: number };
  }> {
    return json(
      await this.request.get(`/api/v1/clusters/${clusterId}/overview`),
      'cluster overview',
    );
  }

  /** Starts a NameNode failover that makes `to` (a standby) active; returns its operation. */
  async failoverNamenode(clusterId: number, to: string): Promise<OperationSummary> {
    const response = await this.post(`/api/v1/clusters/${clusterId}/ha/namenode-failover`, {
      to,
      confirm: to,
    });
    expect(response.status(), await response.text()).toBe(202);
    return (await response.json()) as OperationSummary;
  }

  async createUser(
    username: string,
    password: string,
    role: 'VIEWER' | 'OPERATOR' | 'ADMIN',
  ): Promise<void> {
    const response = await this.post('/api/v1/users', { username, password, role });
    expect(response.status(), await response.text()).toBe(201);
  }

  async deleteUser(username: string): Promise<void> {
    const response = await this.delete(`/api/v1/users/${encodeURIComponent(username)}`);
    expect([204, 404]).toContain(response.status());
  }

  async runBalancer(clusterId: number): Promise<OperationSummary> {
    const response = await this.post(`/api/v1/clusters/${clusterId}/balancer`);
    expect(response.status(), await response.text()).toBe(202);
    return (await response.json()) as OperationSummary;
  }

  async operation(operationId: string): Promise<OperationSummary> {
    return json(await this.request.get(`/api/v1/operations/${operationId}`), 'get operation');
  }

  async auditEntries(
    query: Record<string, string>,
  ): Promise<{ action: string; username: string }[]> {
    const qs = new URLSearchParams(query).toString();
    const page = await json<{ items: { action: string; username: string }[] }>(
      await this.request.get(`/api/v1/audit?${qs}`),
      'audit',
    );
    return page.items;
  }

  /** `table` is the HBase name (`ns:qualifier` or the qualifier); the path needs it encoded. */
  private tablePath(clusterId: number, table: string): string {
    return `/api/v1/clusters/${clusterId}/tables/${encodeURIComponent(table)}`;
  }

  async createTable(clusterId: number, body: CreateTableBody): Promise<OperationSummary> {
    const response = await this.post(`/api/v1/clusters/${clusterId}/tables`, body);
    expect(response.status(), await response.text()).toBe(202);
    return ((await response.json()) as { operation: OperationSummary }).operation;
  }

  async tableExists(clusterId: number, table: string): Promise<boolean> {
    const response = await this.request.get(this.tablePath(clusterId, table));
    if (response.status() === 404) return false;
    await json(response, `get table ${table}`);
    return true;
  }

  /** Drops the table if it exists (test cleanup); resolves once the drop has finished. */
  async dropTableIfExists(clusterId: number, table: string): Promise<void> {
    if (!(await this.tableExists(clusterId, table))) return;
    const response = await this.delete(
      `${this.tablePath(clusterId, table)}?confirm=${encodeURIComponent(table)}`,
    );
    expect(response.status(), await response.text()).toBe(202);
    await this.waitForOperation(((await response.json()) as OperationSummary).id);
  }

  async heatmap(clusterId: number, table: string): Promise<HeatmapSummary> {
    return json(
      await this.request.get(`${this.tablePath(clusterId, table)}/heatmap?minutes=15`),
      'heatmap',
    );
  }

  /** Creates a table and waits for its CREATE operation; fails unless it succeeded. */
  async createTableAndWait(clusterId: number, body: CreateTableBody): Promise<void> {
    const op = await this.createTable(clusterId, body);
    const done = await this.waitForOperation(op.id, 180_000);
    expect(done.state, `create table ${body.name}`).toBe('SUCCEEDED');
  }

  private compactionsPath(clusterId: number): string {
    return `/api/v1/clusters/${clusterId}/compactions`;
  }

  async compactionSchedules(clusterId: number): Promise<CompactionScheduleSummary[]> {
    return json(
      await this.request.get(`${this.compactionsPath(clusterId)}/schedules`),
      'list compaction schedules',
    );
  }

  async createCompactionSchedule(
    clusterId: number,
    body: CompactionScheduleBody,
  ): Promise<CompactionScheduleSummary> {
    const response = await this.post(`${this.compactionsPath(clusterId)}/schedules`, body);
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as CompactionScheduleSummary;
  }

  /** Deletes every schedule with this name (test cleanup); a missing one is fine. */
  async deleteCompactionSchedulesNamed(clusterId: number, name: string): Promise<void> {
    for (const schedule of await this.compactionSchedules(clusterId)) {
      if (schedule.name !== name) continue;
      const response = await this.delete(
        `${this.compactionsPath(clusterId)}/schedules/${schedule.id}`,
      );
      expect([204, 404]).toContain(response.status());
    }
  }

  async compactionRun(clusterId: number, runId: number): Promise<CompactionRunSummary> {
    return json(
      await this.request.get(`${this.compactionsPath(clusterId)}/runs/${runId}`),
      `get compaction run ${runId}`,
    );
  }

  private ecPath(clusterId: number): string {
    return `/api/v1/clusters/${clusterId}/erasure-coding`;
  }

  async ecPolicies(clusterId: number): Promise<EcPolicySummary[]> {
    const body = await json<{ policies: EcPolicySummary[] }>(
      await this.request.get(`${this.ecPath(clusterId)}/policies`),
      'list EC policies',
    );
    return body.policies;
  }

  async ecDirectory(clusterId: number, path: string): Promise<EcDirectorySummary> {
    return json(
      await this.request.get(
        `${this.ecPath(clusterId)}/directories?path=${encodeURIComponent(path)}`,
      ),
      `browse ${path}`,
    );
  }

  async ecConversion(clusterId: number, conversionId: number): Promise<EcConversionSummary> {
    return json(
      await this.request.get(`${this.ecPath(clusterId)}/conversions/${conversionId}`),
      `get EC conversion ${conversionId}`,
    );
  }

  private benchmarksPath(clusterId: number): string {
    return `/api/v1/clusters/${clusterId}/benchmarks`;
  }

  async benchmarkPresets(clusterId: number): Promise<BenchmarkPresetSummary[]> {
    return json(
      await this.request.get(`${this.benchmarksPath(clusterId)}/presets`),
      'list benchmark presets',
    );
  }

  /** The preset of a YCSB workload (A–F). */
  async ycsbPreset(clusterId: number, workload: string): Promise<BenchmarkPresetSummary> {
    const preset = (await this.benchmarkPresets(clusterId)).find(
      (p) => p.spec.workload === 'ycsb' && p.spec.ycsbWorkload === workload,
    );
    if (!preset) throw new Error(`No YCSB ${workload} preset among the benchmark presets.`);
    return preset;
  }

  async launchBenchmark(
    clusterId: number,
    variants: BenchmarkSpecBody[],
    repetitions = 1,
  ): Promise<BenchmarkLaunchedSummary> {
    const response = await this.post(`${this.benchmarksPath(clusterId)}/runs`, {
      variants,
      repetitions,
    });
    expect(response.status(), await response.text()).toBe(202);
    return (await response.json()) as BenchmarkLaunchedSummary;
  }

  async benchmarkRun(clusterId: number, runId: number): Promise<BenchmarkRunSummary> {
    return json(
      await this.request.get(`${this.benchmarksPath(clusterId)}/runs/${runId}`),
      `get benchmark run ${runId}`,
    );
  }

  /** Polls a benchmark run until it is final and returns it. */
  async waitForBenchmarkRun(
    clusterId: number,
    runId: number,
    timeoutMs = 120_000,
  ): Promise<BenchmarkRunSummary> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const run = await this.benchmarkRun(clusterId, runId);
      if (FINAL_STATES.has(run.state)) return run;
      if (Date.now() > deadline) throw new Error(`benchmark run ${runId} still ${run.state}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  /** Stops a queued or running benchmark run (test cleanup); one already final answers 409. */
  async cancelBenchmarkRun(clusterId: number, runId: number): Promise<void> {
    const response = await this.post(`${this.benchmarksPath(clusterId)}/runs/${runId}/cancel`);
    expect([202, 409]).toContain(response.status());
  }

  async experimentKinds(): Promise<ExperimentKindSummary[]> {
    return json(await this.request.get('/api/v1/experiments'), 'list experiments');
  }

  /** Queues an experiment series (202, as a benchmark launch answers). */
  async launchExperiment(
    clusterId: number,
    body: ExperimentLaunchBody,
  ): Promise<BenchmarkLaunchedSummary> {
    const response = await this.post(`/api/v1/clusters/${clusterId}/experiments`, body);
    expect(response.status(), await response.text()).toBe(202);
    return (await response.json()) as BenchmarkLaunchedSummary;
  }

  async experiment(clusterId: number, seriesId: number): Promise<ExperimentDetail> {
    return json(
      await this.request.get(`/api/v1/clusters/${clusterId}/experiments/${seriesId}`),
      `get experiment ${seriesId}`,
    );
  }

  /** Stops a queued or running experiment (test cleanup); one already final answers 409. */
  async cancelExperiment(clusterId: number, seriesId: number): Promise<void> {
    const response = await this.post(
      `/api/v1/clusters/${clusterId}/experiments/${seriesId}/cancel`,
    );
    expect([202, 409]).toContain(response.status());
  }

  /** Asks a running operation to stop (test cleanup); one already final answers 409. */
  async cancelOperation(operationId: string): Promise<void> {
    const response = await this.post(`/api/v1/operations/${operationId}/cancel`);
    expect([202, 409]).toContain(response.status());
  }

  /** Polls an operation until it is final and returns it. */
  async waitForOperation(operationId: string, timeoutMs = 120_000): Promise<OperationSummary> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const op = await this.operation(operationId);
      if (FINAL_STATES.has(op.state)) return op;
      if (Date.now() > deadline) throw new Error(`operation ${operationId} still ${op.state}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  async hosts(): Promise<HostSummary[]> {
    return json(await this.request.get('/api/v1/hosts'), 'list hosts');
  }

  /** Takes a host out of the inventory (nothing on the host changes); a missing one is fine. */
  async removeHost(hostId: number): Promise<void> {
    const response = await this.delete(`/api/v1/hosts/${hostId}`);
    expect([204, 404]).toContain(response.status());
  }

  /** Adds a host to the inventory (its SSH port is probed); 201 with the host. */
  async addHost(body: HostBody): Promise<HostSummary> {
    const response = await this.post('/api/v1/hosts', body);
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as HostSummary;
  }

  async provisioningRun(runId: number): Promise<ProvisioningRunDetail> {
    return json(
      await this.request.get(`/api/v1/provisioning/runs/${runId}`),
      `get provisioning run ${runId}`,
    );
  }

  /** The plan of a spec, with its diff against the installed version of that name. */
  async plan(spec: ClusterSpecBody): Promise<PlanSummary> {
    return json(await this.post('/api/v1/provisioning/plan', spec), `plan ${spec.name}`);
  }

  /** Starts install.yml or scale_out.yml (`newHosts`: the hosts the scale-out adds). */
  async startProvisioningRun(body: {
    spec: ClusterSpecBody;
    playbook?: 'install' | 'scale_out';
    newHosts?: string[];
  }): Promise<ProvisioningRunSummary> {
    const response = await this.post('/api/v1/provisioning/runs', body);
    expect(response.status(), await response.text()).toBe(202);
    return (await response.json()) as ProvisioningRunSummary;
  }

  /** The stored vCenter connections (id and name). */
  async vcenters(): Promise<{ id: number; name: string }[]> {
    return json(await this.request.get('/api/v1/vcenters'), 'list vCenter connections');
  }

  /** Forgets a connection an earlier run left (nothing in vCenter changes). */
  async deleteVcenter(vcenterId: number): Promise<void> {
    const response = await this.delete(`/api/v1/vcenters/${vcenterId}`);
    expect(response.status(), await response.text()).toBe(204);
  }

  /** Destroys a vSphere cluster's VMs (test cleanup); the run to wait for. */
  async destroyVsphereCluster(clusterId: number, name: string): Promise<ProvisioningRunSummary> {
    const response = await this.post(`/api/v1/clusters/${clusterId}/vsphere/destroy`, {
      confirm: name,
    });
    expect(response.status(), await response.text()).toBe(202);
    return (await response.json()) as ProvisioningRunSummary;
  }

  /** Polls a provisioning run until it is final (an install or scale-out never pauses). */
  async waitForProvisioningRun(runId: number, timeoutMs: number): Promise<ProvisioningRunDetail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const run = await this.provisioningRun(runId);
      if (FINAL_STATES.has(run.state)) return run;
      if (Date.now() > deadline) {
        throw new Error(
          `provisioning run ${runId} (${run.playbook}) still ${run.state} after ${timeoutMs / 1000} s`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }

  /**
   * Ends a rolling restart or scale-in left RUNNING or PAUSED (test cleanup): a paused one ends at
   * once, a running one after its current step. A run already final answers 409.
   */
  async abortProvisioningRun(runId: number): Promise<void> {
    const response = await this.post(`/api/v1/provisioning/runs/${runId}/abort`);
    expect([202, 409], await response.text()).toContain(response.status());
  }

  async installedVersions(clusterId: number): Promise<InstalledVersionSummary[]> {
    return json(
      await this.request.get(`/api/v1/clusters/${clusterId}/installs`),
      'list installed versions',
    );
  }

  async installedVersion(
    clusterId: number,
    version: number,
  ): Promise<InstalledVersionSummary & { plan: PlanSummary }> {
    return json(
      await this.request.get(`/api/v1/clusters/${clusterId}/installs/${version}`),
      `get installed version ${version}`,
    );
  }

  async clusterConfig(clusterId: number): Promise<ClusterConfigSummary> {
    return json(
      await this.request.get(`/api/v1/clusters/${clusterId}/config`),
      'get cluster configuration',
    );
  }
}
