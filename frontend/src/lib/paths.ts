// Every in-app URL is built here; components never concatenate paths themselves.
import type { AuditResult, BenchmarkExportFormat, OperationState, TableSort } from '../api/types';

/** Route patterns for the router (react-router syntax). */
export const routes = {
  login: '/login',
  clusters: '/clusters',
  cluster: '/clusters/:clusterId',
  tables: '/clusters/:clusterId/tables',
  tableCreate: '/clusters/:clusterId/tables/new',
  table: '/clusters/:clusterId/tables/:table',
  tableAlter: '/clusters/:clusterId/tables/:table/alter',
  compactions: '/clusters/:clusterId/compactions',
  compactionScheduleCreate: '/clusters/:clusterId/compactions/schedules/new',
  compactionScheduleEdit: '/clusters/:clusterId/compactions/schedules/:scheduleId/edit',
  compactionRun: '/clusters/:clusterId/compactions/runs/:runId',
  erasureCoding: '/clusters/:clusterId/erasure-coding',
  ecConversion: '/clusters/:clusterId/erasure-coding/conversions/:conversionId',
  benchmarks: '/clusters/:clusterId/benchmarks',
  monitoring: '/clusters/:clusterId/monitoring',
  permissions: '/clusters/:clusterId/permissions',
  benchmarkNew: '/clusters/:clusterId/benchmarks/new',
  benchmarkRun: '/clusters/:clusterId/benchmarks/runs/:runId',
  benchmarkCompare: '/clusters/:clusterId/benchmarks/compare',
  experiments: '/clusters/:clusterId/experiments',
  experimentNew: '/clusters/:clusterId/experiments/new',
  experiment: '/clusters/:clusterId/experiments/:seriesId',
  installs: '/clusters/:clusterId/installs',
  install: '/clusters/:clusterId/installs/:version',
  scaleIn: '/clusters/:clusterId/scale-in',
  rollingRestart: '/clusters/:clusterId/rolling-restart',
  config: '/clusters/:clusterId/config',
  vsphereDestroy: '/clusters/:clusterId/vsphere/destroy',
  hosts: '/hosts',
  provisioningNew: '/provisioning/new',
  provisioningRun: '/provisioning/runs/:runId',
  // under /provisioning: the backend serves the console for its client-side routes there
  vcenters: '/provisioning/vcenters',
  vcenterNew: '/provisioning/vcenters/new',
  vcenter: '/provisioning/vcenters/:vcenterId',
  vcenterEdit: '/provisioning/vcenters/:vcenterId/edit',
  operations: '/operations',
  operation: '/operations/:operationId',
  audit: '/audit',
  users: '/users',
  tokens: '/tokens',
} as const;

export interface AuditFilters {
  username?: string;
  action?: string;
  result?: AuditResult;
  /** ISO-8601 instant */
  from?: string;
  /** ISO-8601 instant */
  to?: string;
  page?: number;
  size?: number;
}

export interface TableFilters {
  namespace?: string;
  q?: string;
  sort?: TableSort;
  page?: number;
  size?: number;
}

/** Tabs of the table detail page (the `tab` query parameter). */
export type TableTab =
  | 'descriptor'
  | 'regions'
  | 'region-map'
  | 'heatmap'
  | 'metrics'
  | 'compactions'
  | 'erasure-coding'
  | 'rows';

/** Tabs of the compactions page (the `tab` query parameter). */
export type CompactionsTab = 'schedules' | 'runs' | 'compact';

export interface CompactionsFilters {
  tab?: CompactionsTab;
  /** Prefills the Compact now form with this table (HBase name). */
  table?: string;
}

/** Tabs of the erasure coding page (the `tab` query parameter). */
export type ErasureCodingTab = 'policies' | 'directories' | 'report' | 'conversions';

export interface ErasureCodingFilters {
  tab?: ErasureCodingTab;
  /** An HDFS path: the directory browsed, reported on, or prefilled in the convert form. */
  path?: string;
  /** Prefills the convert form's policy. */
  policy?: string;
}

export interface BenchmarksFilters {
  /** Runs ticked for Compare when the list opens (from a run's "Compare with…"). */
  select?: readonly number[];
}

export interface BenchmarkNewFilters {
  /** Prefills the launch form with this table (HBase name). */
  table?: string;
  /** Prefills the launch form from this preset id. */
  preset?: string;
}

export interface ExperimentNewFilters {
  /** The experiment of the catalog the form is for (ExperimentKind.key). */
  kind?: string;
}

/** Two installed versions compared on the installed-versions page. */
export interface InstallsFilters {
  from?: number;
  to?: number;
}

export interface RollingRestartFilters {
  /** Prefills "only what changed" (the restarts a configuration change left pending). */
  onlyChanged?: boolean;
}

export interface OperationFilters {
  state?: OperationState;
  clusterId?: number;
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value != null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

const seg = (value: string | number) => encodeURIComponent(String(value));

/** A default-namespace table called "new" would hit the create route; its qualified name does not. */
const tableSeg = (table: string) => seg(table === 'new' ? 'default:new' : table);

/** Only same-app absolute paths are accepted as a post-login target. */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return undefined;
  if (next === routes.login || next.startsWith(`${routes.login}?`)) return undefined;
  return next;
}

export const paths = {
  home: () => routes.clusters,
  login: (next?: string) => withQuery(routes.login, { next: safeNext(next) }),
  clusters: () => routes.clusters,
  cluster: (clusterId: number | string) => `/clusters/${seg(clusterId)}`,
  tables: (clusterId: number | string, filters: TableFilters = {}) =>
    withQuery(`/clusters/${seg(clusterId)}/tables`, {
      namespace: filters.namespace,
      q: filters.q,
      sort: filters.sort && filters.sort !== 'name' ? filters.sort : undefined,
      page: filters.page ? filters.page : undefined,
      size: filters.size,
    }),
  tableCreate: (clusterId: number | string) => `/clusters/${seg(clusterId)}/tables/new`,
  /** `table` is the HBase name (`ns:qualifier`, or the qualifier in the default namespace). */
  table: (clusterId: number | string, table: string, tab?: TableTab) =>
    withQuery(`/clusters/${seg(clusterId)}/tables/${tableSeg(table)}`, {
      tab: tab && tab !== 'descriptor' ? tab : undefined,
    }),
  tableAlter: (clusterId: number | string, table: string) =>
    `/clusters/${seg(clusterId)}/tables/${tableSeg(table)}/alter`,
  compactions: (clusterId: number | string, filters: CompactionsFilters = {}) =>
    withQuery(`/clusters/${seg(clusterId)}/compactions`, {
      tab: filters.tab && filters.tab !== 'schedules' ? filters.tab : undefined,
      table: filters.table,
    }),
  compactionScheduleCreate: (clusterId: number | string) =>
    `/clusters/${seg(clusterId)}/compactions/schedules/new`,
  compactionScheduleEdit: (clusterId: number | string, scheduleId: number) =>
    `/clusters/${seg(clusterId)}/compactions/schedules/${seg(scheduleId)}/edit`,
  compactionRun: (clusterId: number | string, runId: number) =>
    `/clusters/${seg(clusterId)}/compactions/runs/${seg(runId)}`,
  erasureCoding: (clusterId: number | string, filters: ErasureCodingFilters = {}) =>
    withQuery(`/clusters/${seg(clusterId)}/erasure-coding`, {
      tab: filters.tab && filters.tab !== 'policies' ? filters.tab : undefined,
      path: filters.path,
      policy: filters.policy,
    }),
  ecConversion: (clusterId: number | string, conversionId: number) =>
    `/clusters/${seg(clusterId)}/erasure-coding/conversions/${seg(conversionId)}`,
  // Run ids are integers: the comma list stays readable (no %2C).
  monitoring: (clusterId: number | string) => `/clusters/${seg(clusterId)}/monitoring`,
  permissions: (clusterId: number | string) => `/clusters/${seg(clusterId)}/permissions`,
  benchmarks: (clusterId: number | string, filters: BenchmarksFilters = {}) =>
    `/clusters/${seg(clusterId)}/benchmarks${
      filters.select?.length ? `?select=${filters.select.join(',')}` : ''
    }`,
  benchmarkNew: (clusterId: number | string, filters: BenchmarkNewFilters = {}) =>
    withQuery(`/clusters/${seg(clusterId)}/benchmarks/new`, {
      table: filters.table,
      preset: filters.preset,
    }),
  benchmarkRun: (clusterId: number | string, runId: number) =>
    `/clusters/${seg(clusterId)}/benchmarks/runs/${seg(runId)}`,
  /** Ratios are against the first run. */
  benchmarkCompare: (clusterId: number | string, runIds: readonly number[]) =>
    `/clusters/${seg(clusterId)}/benchmarks/compare?runs=${runIds.join(',')}`,
  /** The experiments catalog and the cluster's series. */
  experiments: (clusterId: number | string) => `/clusters/${seg(clusterId)}/experiments`,
  experimentNew: (clusterId: number | string, filters: ExperimentNewFilters = {}) =>
    withQuery(`/clusters/${seg(clusterId)}/experiments/new`, { kind: filters.kind }),
  experiment: (clusterId: number | string, seriesId: number) =>
    `/clusters/${seg(clusterId)}/experiments/${seg(seriesId)}`,
  /** A provisioned cluster's installed versions, newest first; `from`/`to` open a comparison. */
  installs: (clusterId: number | string, filters: InstallsFilters = {}) =>
    withQuery(`/clusters/${seg(clusterId)}/installs`, { from: filters.from, to: filters.to }),
  install: (clusterId: number | string, version: number) =>
    `/clusters/${seg(clusterId)}/installs/${seg(version)}`,
  /** Pick DataNode + RegionServer hosts to remove, check, confirm, start. */
  scaleIn: (clusterId: number | string) => `/clusters/${seg(clusterId)}/scale-in`,
  /** Pick roles and a batch size, preview the steps, confirm, start. */
  rollingRestart: (clusterId: number | string, filters: RollingRestartFilters = {}) =>
    withQuery(`/clusters/${seg(clusterId)}/rolling-restart`, {
      onlyChanged: filters.onlyChanged ? 'true' : undefined,
    }),
  /** The configuration per role group: edit, preview, apply. */
  config: (clusterId: number | string) => `/clusters/${seg(clusterId)}/config`,
  /** A vSphere cluster's VMs destroyed (typed name), then the run. */
  vsphereDestroy: (clusterId: number | string) => `/clusters/${seg(clusterId)}/vsphere/destroy`,
  /** The host inventory and the provisioning runs (not per cluster). */
  hosts: () => routes.hosts,
  provisioningNew: () => routes.provisioningNew,
  provisioningRun: (runId: number) => `/provisioning/runs/${seg(runId)}`,
  /** vCenter connections (infrastructure, not per cluster): list, add, one with test and browse. */
  vcenters: () => routes.vcenters,
  vcenterNew: () => routes.vcenterNew,
  vcenter: (vcenterId: number) => `/provisioning/vcenters/${seg(vcenterId)}`,
  vcenterEdit: (vcenterId: number) => `/provisioning/vcenters/${seg(vcenterId)}/edit`,
  operations: (filters: OperationFilters = {}) =>
    withQuery(routes.operations, { state: filters.state, clusterId: filters.clusterId }),
  operation: (operationId: string) => `/operations/${seg(operationId)}`,
  audit: (filters: AuditFilters = {}) =>
    withQuery(routes.audit, {
      username: filters.username,
      action: filters.action,
      result: filters.result,
      from: filters.from,
      to: filters.to,
      page: filters.page ? filters.page : undefined,
      size: filters.size,
    }),
  users: () => routes.users,
  tokens: () => routes.tokens,
};

/** Raw API URLs needed outside openapi-fetch (EventSource, shell equivalents). */
export const apiUrls = {
  operationStream: (operationId: string) => `/api/v1/operations/${seg(operationId)}/stream`,
  balancer: (clusterId: number) => `/api/v1/clusters/${seg(clusterId)}/balancer`,
  cancelOperation: (operationId: string) => `/api/v1/operations/${seg(operationId)}/cancel`,
  users: () => '/api/v1/users',
  user: (username: string) => `/api/v1/users/${seg(username)}`,
  tokens: () => '/api/v1/tokens',
  token: (tokenId: number) => `/api/v1/tokens/${seg(tokenId)}`,
  clusters: () => '/api/v1/clusters',
  codecsProbe: (clusterId: number) => `/api/v1/clusters/${seg(clusterId)}/codecs/probe`,
  compactions: (clusterId: number) => `/api/v1/clusters/${seg(clusterId)}/compactions`,
  compactionSchedules: (clusterId: number) =>
    `/api/v1/clusters/${seg(clusterId)}/compactions/schedules`,
  compactionSchedule: (clusterId: number, scheduleId: number) =>
    `/api/v1/clusters/${seg(clusterId)}/compactions/schedules/${seg(scheduleId)}`,
  compactionScheduleRun: (clusterId: number, scheduleId: number) =>
    `/api/v1/clusters/${seg(clusterId)}/compactions/schedules/${seg(scheduleId)}/run`,
  benchmarkRuns: (clusterId: number) => `/api/v1/clusters/${seg(clusterId)}/benchmarks/runs`,
  benchmarkCancel: (clusterId: number, runId: number) =>
    `/api/v1/clusters/${seg(clusterId)}/benchmarks/runs/${seg(runId)}/cancel`,
  /** A download link: the browser sends the session cookie itself. */
  benchmarkExport: (clusterId: number, runId: number, format: BenchmarkExportFormat) =>
    `/api/v1/clusters/${seg(clusterId)}/benchmarks/runs/${seg(runId)}/export?format=${format}`,
  benchmarkCeiling: (clusterId: number) => `/api/v1/clusters/${seg(clusterId)}/benchmarks/ceiling`,
  experiments: (clusterId: number) => `/api/v1/clusters/${seg(clusterId)}/experiments`,
  experimentCancel: (clusterId: number, seriesId: number) =>
    `/api/v1/clusters/${seg(clusterId)}/experiments/${seg(seriesId)}/cancel`,
  hosts: () => '/api/v1/hosts',
  provisioningPlan: () => '/api/v1/provisioning/plan',
  provisioningRuns: () => '/api/v1/provisioning/runs',
  provisioningRunPause: (runId: number) => `/api/v1/provisioning/runs/${seg(runId)}/pause`,
  provisioningRunResume: (runId: number) => `/api/v1/provisioning/runs/${seg(runId)}/resume`,
  provisioningRunAbort: (runId: number) => `/api/v1/provisioning/runs/${seg(runId)}/abort`,
  rollingRestartPreview: (clusterId: number) =>
    `/api/v1/clusters/${seg(clusterId)}/rolling-restart/preview`,
  rollingRestart: (clusterId: number) => `/api/v1/clusters/${seg(clusterId)}/rolling-restart`,
  clusterConfig: (clusterId: number) => `/api/v1/clusters/${seg(clusterId)}/config`,
  configPreview: (clusterId: number) => `/api/v1/clusters/${seg(clusterId)}/config/preview`,
  installsCompare: (clusterId: number, from: number, to: number) =>
    `/api/v1/clusters/${seg(clusterId)}/installs/compare?from=${from}&to=${to}`,
  revertConfig: (clusterId: number, version: number) =>
    `/api/v1/clusters/${seg(clusterId)}/installs/${seg(version)}/revert`,
  scaleInPreflight: (clusterId: number) => `/api/v1/clusters/${seg(clusterId)}/scale-in/preflight`,
  scaleIn: (clusterId: number) => `/api/v1/clusters/${seg(clusterId)}/scale-in`,
  vcenters: () => '/api/v1/vcenters',
  vcenter: (vcenterId: number) => `/api/v1/vcenters/${seg(vcenterId)}`,
  vcenterTest: (vcenterId: number) => `/api/v1/vcenters/${seg(vcenterId)}/test`,
  vcenterInventory: (vcenterId: number) => `/api/v1/vcenters/${seg(vcenterId)}/inventory`,
  vsphereDestroy: (clusterId: number) => `/api/v1/clusters/${seg(clusterId)}/vsphere/destroy`,
};
