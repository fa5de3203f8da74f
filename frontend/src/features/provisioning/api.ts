import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { isApiError } from '../../api/problem';
import type {
  ClusterSpecInput,
  ConfigChangeRequest,
  Host,
  HostInput,
  HostView,
  ProvisioningRun,
  ProvisioningRunDetail,
  ProvisioningRunState,
  RevertRequest,
  RollingRestartRequest,
  ScaleInRequest,
} from '../../api/types';
import { isRunLive } from './runModel';

export const HOSTS_REFRESH_MS = 30_000;
export const RUNS_REFRESH_MS = 5_000;
/** A running install: Ansible reports a task every second or so. */
export const RUN_POLL_MS = 1_000;
/** A PAUSED scale-in waits for a Resume, from this console or another one. */
export const PAUSED_POLL_MS = 5_000;
/** Installed versions change only when a run ends. */
export const INSTALLS_REFRESH_MS = 30_000;
/** A plan depends only on the spec and the inventory; re-asking on every focus is noise. */
export const PLAN_STALE_MS = 60_000;

export const provisioningKeys = {
  all: ['provisioning'] as const,
  hosts: () => [...provisioningKeys.all, 'hosts'] as const,
  plans: () => [...provisioningKeys.all, 'plan'] as const,
  plan: (spec: ClusterSpecInput) => [...provisioningKeys.plans(), spec] as const,
  runs: () => [...provisioningKeys.all, 'runs'] as const,
  run: (runId: number) => [...provisioningKeys.all, 'run', runId] as const,
  installs: (clusterId: number) => [...provisioningKeys.all, 'installs', clusterId] as const,
  install: (clusterId: number, version: number) =>
    [...provisioningKeys.installs(clusterId), version] as const,
  compare: (clusterId: number, from: number, to: number) =>
    [...provisioningKeys.installs(clusterId), 'compare', from, to] as const,
  config: (clusterId: number) => [...provisioningKeys.all, 'config', clusterId] as const,
  configKeys: () => [...provisioningKeys.all, 'config-keys'] as const,
};

/** How often a run's page asks again: every second while RUNNING, slower while PAUSED. */
export function runPollInterval(state: ProvisioningRunState | undefined): number | false {
  if (isRunLive(state)) return RUN_POLL_MS;
  return state === 'PAUSED' ? PAUSED_POLL_MS : false;
}

/** The backend's 409 for a day-2 action on a cluster it registered but did not install. */
export const isNotProvisioned = (error: unknown) =>
  isApiError(error) && error.code === 'not-provisioned';

/** False for a VIEWER's redacted host (no address, SSH user or key). */
export function isFullHost(h: HostView): h is Host {
  return !h.redacted && h.address != null && h.sshUser != null && h.keyFingerprint != null;
}

export function useHosts() {
  return useQuery({
    queryKey: provisioningKeys.hosts(),
    queryFn: () => unwrap(api.GET('/hosts')),
    refetchInterval: HOSTS_REFRESH_MS,
  });
}

/** ADMIN. The host list is refreshed (and plans, which read the inventory). */
export function useAddHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HostInput) => unwrap(api.POST('/hosts', { body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: provisioningKeys.hosts() });
      queryClient.removeQueries({ queryKey: provisioningKeys.plans() });
    },
  });
}

/** ADMIN. Forgets the host; nothing on it changes. */
export function useRemoveHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hostId: number) =>
      unwrap(api.DELETE('/hosts/{hostId}', { params: { path: { hostId } } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: provisioningKeys.hosts() });
      queryClient.removeQueries({ queryKey: provisioningKeys.plans() });
    },
  });
}

/**
 * The plan of a spec (OPERATOR+). A POST without side effects, so it is a query keyed by the
 * spec: editing the wizard asks again, going back and forth does not.
 */
export function useProvisioningPlan(spec: ClusterSpecInput, enabled: boolean) {
  return useQuery({
    queryKey: provisioningKeys.plan(spec),
    queryFn: () => unwrap(api.POST('/provisioning/plan', { body: spec })),
    enabled,
    staleTime: PLAN_STALE_MS,
    refetchOnWindowFocus: false,
  });
}

export function useProvisioningRuns() {
  return useQuery({
    queryKey: provisioningKeys.runs(),
    queryFn: () => unwrap(api.GET('/provisioning/runs')),
    placeholderData: keepPreviousData,
    refetchInterval: RUNS_REFRESH_MS,
  });
}

type QueryClient = ReturnType<typeof useQueryClient>;

/** A run just started: its page is seeded so it renders at once, and the run lists refresh. */
function seedRun(queryClient: QueryClient, run: ProvisioningRun) {
  queryClient.setQueryData<ProvisioningRunDetail>(
    provisioningKeys.run(run.id),
    (old) => old ?? { ...run, tasks: [] },
  );
  void queryClient.invalidateQueries({ queryKey: provisioningKeys.runs() });
}

/**
 * ADMIN. Starts install.yml, or on vSphere `vsphere_install` (the VMs, then install.yml, as one
 * run); the run's page is seeded so it renders at once.
 */
export function useStartProvisioningRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (spec: ClusterSpecInput) =>
      unwrap(
        api.POST('/provisioning/runs', {
          body: {
            spec,
            playbook: spec.infrastructure === 'vsphere' ? 'vsphere_install' : 'install',
          },
        }),
      ),
    onSuccess: (run: ProvisioningRun) => seedRun(queryClient, run),
  });
}

/** One run with its task stream; polled every second while it is RUNNING. */
export function useProvisioningRun(runId: number) {
  return useQuery({
    queryKey: provisioningKeys.run(runId),
    queryFn: () => unwrap(api.GET('/provisioning/runs/{runId}', { params: { path: { runId } } })),
    enabled: Number.isInteger(runId),
    refetchInterval: (query) => runPollInterval(query.state.data?.state),
  });
}

/** A pause, resume or abort answers with the run without its tasks: keep the stream shown. */
function mergeRun(queryClient: QueryClient, run: ProvisioningRun) {
  queryClient.setQueryData<ProvisioningRunDetail>(provisioningKeys.run(run.id), (old) =>
    old ? { ...old, ...run, tasks: old.tasks } : { ...run, tasks: [] },
  );
  void queryClient.invalidateQueries({ queryKey: provisioningKeys.run(run.id) });
  void queryClient.invalidateQueries({ queryKey: provisioningKeys.runs() });
}

/** ADMIN. A scale-in or rolling restart stops after the host or step it is on, as PAUSED. */
export function usePauseProvisioningRun(runId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(api.POST('/provisioning/runs/{runId}/pause', { params: { path: { runId } } })),
    onSuccess: (run: ProvisioningRun) => mergeRun(queryClient, run),
  });
}

/** ADMIN. A PAUSED run continues with its remaining hosts or steps. */
export function useResumeProvisioningRun(runId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(api.POST('/provisioning/runs/{runId}/resume', { params: { path: { runId } } })),
    onSuccess: (run: ProvisioningRun) => mergeRun(queryClient, run),
  });
}

/**
 * ADMIN. A scale-in or rolling restart ends CANCELLED after the step it is on (a RegionServer
 * being restarted gets its regions back first); a PAUSED one ends now.
 */
export function useAbortProvisioningRun(runId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(api.POST('/provisioning/runs/{runId}/abort', { params: { path: { runId } } })),
    onSuccess: (run: ProvisioningRun) => mergeRun(queryClient, run),
  });
}

/** A provisioned cluster's installed versions, newest first (empty for a registered one). */
export function useInstalledVersions(clusterId: number) {
  return useQuery({
    queryKey: provisioningKeys.installs(clusterId),
    queryFn: () =>
      unwrap(api.GET('/clusters/{clusterId}/installs', { params: { path: { clusterId } } })),
    enabled: Number.isInteger(clusterId),
    refetchInterval: INSTALLS_REFRESH_MS,
  });
}

/** One installed version with its plan and its diff against the version before it. */
export function useInstalledVersion(clusterId: number, version: number | undefined) {
  return useQuery({
    queryKey: provisioningKeys.install(clusterId, version ?? -1),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/installs/{version}', {
          params: { path: { clusterId, version: version! } },
        }),
      ),
    enabled: Number.isInteger(clusterId) && version != null && Number.isInteger(version),
    // A version never changes once written.
    staleTime: Infinity,
  });
}

/**
 * OPERATOR+. What removing these hosts would do; changes nothing. A mutation, because the user asks
 * for it with Check and the live cluster's answer is only good for a moment.
 */
export function usePreflightScaleIn(clusterId: number) {
  return useMutation({
    mutationFn: (hosts: string[]) =>
      unwrap(
        api.POST('/clusters/{clusterId}/scale-in/preflight', {
          params: { path: { clusterId } },
          body: { hosts },
        }),
      ),
  });
}

/** ADMIN. Starts scale_in.yml; the run's page is seeded so it renders at once. */
export function useStartScaleIn(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScaleInRequest) =>
      unwrap(api.POST('/clusters/{clusterId}/scale-in', { params: { path: { clusterId } }, body })),
    onSuccess: (run: ProvisioningRun) => seedRun(queryClient, run),
  });
}

/**
 * ADMIN. Powers off and deletes a vSphere cluster's VMs, DRS rule and folder, then deregisters it;
 * `confirm` is the cluster's name, typed.
 */
export function useDestroyVsphereCluster(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) =>
      unwrap(
        api.POST('/clusters/{clusterId}/vsphere/destroy', {
          params: { path: { clusterId } },
          body: { confirm },
        }),
      ),
    onSuccess: (run: ProvisioningRun) => {
      seedRun(queryClient, run);
      void queryClient.invalidateQueries({ queryKey: provisioningKeys.installs(clusterId) });
    },
  });
}

/** What changes from installed version `from` to `to`; versions never change, nor does this. */
export function useCompareInstalledVersions(
  clusterId: number,
  from: number | undefined,
  to: number | undefined,
) {
  return useQuery({
    queryKey: provisioningKeys.compare(clusterId, from ?? -1, to ?? -1),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/installs/compare', {
          params: { path: { clusterId }, query: { from: from!, to: to! } },
        }),
      ),
    enabled: Number.isInteger(clusterId) && from != null && to != null && from !== to,
    staleTime: Infinity,
  });
}

/** ADMIN. The configuration of an older version, applied as a new configuration change. */
export function useRevertConfig(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, ...body }: RevertRequest & { version: number }) =>
      unwrap(
        api.POST('/clusters/{clusterId}/installs/{version}/revert', {
          params: { path: { clusterId, version } },
          body,
        }),
      ),
    onSuccess: (run: ProvisioningRun) => {
      seedRun(queryClient, run);
      void queryClient.invalidateQueries({ queryKey: provisioningKeys.config(clusterId) });
      void queryClient.invalidateQueries({ queryKey: provisioningKeys.installs(clusterId) });
    },
  });
}

/** OPERATOR+. The steps a rolling restart would take; changes nothing (asked with Preview). */
export function usePreviewRollingRestart(clusterId: number) {
  return useMutation({
    mutationFn: (body: RollingRestartRequest) =>
      unwrap(
        api.POST('/clusters/{clusterId}/rolling-restart/preview', {
          params: { path: { clusterId } },
          body,
        }),
      ),
  });
}

/** ADMIN. Starts the rolling restart; the run's page is seeded so it renders at once. */
export function useStartRollingRestart(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RollingRestartRequest) =>
      unwrap(
        api.POST('/clusters/{clusterId}/rolling-restart', {
          params: { path: { clusterId } },
          body,
        }),
      ),
    onSuccess: (run: ProvisioningRun) => {
      seedRun(queryClient, run);
      // pending restarts it takes over
      void queryClient.invalidateQueries({ queryKey: provisioningKeys.config(clusterId) });
    },
  });
}

/** Overrides per role group, the hosts of each role and the restarts left pending. */
export function useClusterConfig(clusterId: number) {
  return useQuery({
    queryKey: provisioningKeys.config(clusterId),
    queryFn: () =>
      unwrap(api.GET('/clusters/{clusterId}/config', { params: { path: { clusterId } } })),
    enabled: Number.isInteger(clusterId),
    // The form is edited against it: refetching under the user's edits would move the baseline.
    refetchOnWindowFocus: false,
  });
}

/** The catalog of well-known keys (types, bounds, defaults); fixed for a backend build. */
export function useConfigKeys() {
  return useQuery({
    queryKey: provisioningKeys.configKeys(),
    queryFn: () => unwrap(api.GET('/config/keys')),
    staleTime: Infinity,
  });
}

/** OPERATOR+. Findings, diff and restarts of a configuration change; changes nothing. */
export function usePreviewConfigChange(clusterId: number) {
  return useMutation({
    mutationFn: (body: ConfigChangeRequest) =>
      unwrap(
        api.POST('/clusters/{clusterId}/config/preview', { params: { path: { clusterId } }, body }),
      ),
  });
}

/** ADMIN. Writes the configuration as a new installed version, then restarts what reads it. */
export function useApplyConfigChange(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfigChangeRequest) =>
      unwrap(api.POST('/clusters/{clusterId}/config', { params: { path: { clusterId } }, body })),
    onSuccess: (run: ProvisioningRun) => {
      seedRun(queryClient, run);
      void queryClient.invalidateQueries({ queryKey: provisioningKeys.config(clusterId) });
      void queryClient.invalidateQueries({ queryKey: provisioningKeys.installs(clusterId) });
    },
  });
}

/** After an install: the new cluster's health, asked every 5 s until HEALTHY. */
export const HEALTH_FOLLOW_MS = 5_000;
export function useFollowClusterHealth(clusterId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...provisioningKeys.all, 'health', clusterId ?? -1] as const,
    queryFn: () =>
      unwrap(api.GET('/clusters/{clusterId}', { params: { path: { clusterId: clusterId! } } })),
    enabled: enabled && clusterId != null,
    refetchInterval: (query) =>
      query.state.data?.health.status === 'HEALTHY' ? false : HEALTH_FOLLOW_MS,
  });
}
