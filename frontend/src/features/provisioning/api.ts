import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type {
  ClusterSpecInput,
  Host,
  HostInput,
  HostView,
  ProvisioningRun,
  ProvisioningRunDetail,
} from '../../api/types';
import { isRunLive } from './runModel';

export const HOSTS_REFRESH_MS = 30_000;
export const RUNS_REFRESH_MS = 5_000;
/** A running install: Ansible reports a task every second or so. */
export const RUN_POLL_MS = 1_000;
/** A plan depends only on the spec and the inventory; re-asking on every focus is noise. */
export const PLAN_STALE_MS = 60_000;

export const provisioningKeys = {
  all: ['provisioning'] as const,
  hosts: () => [...provisioningKeys.all, 'hosts'] as const,
  plans: () => [...provisioningKeys.all, 'plan'] as const,
  plan: (spec: ClusterSpecInput) => [...provisioningKeys.plans(), spec] as const,
  runs: () => [...provisioningKeys.all, 'runs'] as const,
  run: (runId: number) => [...provisioningKeys.all, 'run', runId] as const,
};

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

/** ADMIN. Starts install.yml; the run's page is seeded so it renders at once. */
export function useStartProvisioningRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (spec: ClusterSpecInput) =>
      unwrap(api.POST('/provisioning/runs', { body: { spec, playbook: 'install' } })),
    onSuccess: (run: ProvisioningRun) => {
      queryClient.setQueryData<ProvisioningRunDetail>(
        provisioningKeys.run(run.id),
        (old) => old ?? { ...run, tasks: [] },
      );
      void queryClient.invalidateQueries({ queryKey: provisioningKeys.runs() });
    },
  });
}

/** One run with its task stream; polled every second while it is RUNNING. */
export function useProvisioningRun(runId: number) {
  return useQuery({
    queryKey: provisioningKeys.run(runId),
    queryFn: () => unwrap(api.GET('/provisioning/runs/{runId}', { params: { path: { runId } } })),
    enabled: Number.isInteger(runId),
    refetchInterval: (query) => (isRunLive(query.state.data?.state) ? RUN_POLL_MS : false),
  });
}
