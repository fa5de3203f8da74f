import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { BenchmarkInterval, BenchmarkLaunch, BenchmarkRun } from '../../api/types';
import { canCompare } from './compareModel';
import { lastIndex, mergeIntervals } from './intervals';
import { PROFILE_POLL_MS, profilePending } from './profileModel';
import { isLive } from './runModel';

export const RUNS_REFRESH_MS = 5_000;
export const CEILING_REFRESH_MS = 30_000;
/** While a ceiling probe runs (13 s) its result is worth seeing at once. */
export const CEILING_PROBE_POLL_MS = 2_000;
/** A live run: the agent reports one interval per second. */
export const RUN_POLL_MS = 1_000;
export const DEFAULT_RUNS_LIMIT = 100;

export const benchmarkKeys = {
  all: ['benchmarks'] as const,
  cluster: (clusterId: number) => [...benchmarkKeys.all, clusterId] as const,
  presets: (clusterId: number) => [...benchmarkKeys.cluster(clusterId), 'presets'] as const,
  runs: (clusterId: number, limit: number) =>
    [...benchmarkKeys.cluster(clusterId), 'runs', limit] as const,
  run: (clusterId: number, runId: number) =>
    [...benchmarkKeys.cluster(clusterId), 'run', runId] as const,
  /** `live`: polled incrementally; once over, one full read replaces it. */
  intervals: (clusterId: number, runId: number, live: boolean) =>
    [...benchmarkKeys.run(clusterId, runId), 'intervals', live] as const,
  profile: (clusterId: number, runId: number) =>
    [...benchmarkKeys.run(clusterId, runId), 'profile'] as const,
  compare: (clusterId: number, runIds: readonly number[]) =>
    [...benchmarkKeys.cluster(clusterId), 'compare', runIds.join(',')] as const,
  ceiling: (clusterId: number) => [...benchmarkKeys.cluster(clusterId), 'ceiling'] as const,
};

const path = (clusterId: number) => ({ path: { clusterId } });
const runPath = (clusterId: number, runId: number) => ({ path: { clusterId, runId } });

export function useBenchmarkPresets(clusterId: number) {
  return useQuery({
    queryKey: benchmarkKeys.presets(clusterId),
    queryFn: () =>
      unwrap(api.GET('/clusters/{clusterId}/benchmarks/presets', { params: path(clusterId) })),
    staleTime: Infinity,
  });
}

export function useBenchmarkRuns(clusterId: number, limit = DEFAULT_RUNS_LIMIT) {
  return useQuery({
    queryKey: benchmarkKeys.runs(clusterId, limit),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/benchmarks/runs', {
          params: { ...path(clusterId), query: { limit } },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: RUNS_REFRESH_MS,
  });
}

/** Starts a series; the lists and the ceiling are refreshed (a run may be queued behind it). */
export function useLaunchBenchmark(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BenchmarkLaunch) =>
      unwrap(api.POST('/clusters/{clusterId}/benchmarks/runs', { params: path(clusterId), body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benchmarkKeys.cluster(clusterId) }),
  });
}

/** One run with its spec, provenance and summary; polled every second while it is live. */
export function useBenchmarkRun(clusterId: number, runId: number) {
  return useQuery({
    queryKey: benchmarkKeys.run(clusterId, runId),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/benchmarks/runs/{runId}', {
          params: runPath(clusterId, runId),
        }),
      ),
    enabled: Number.isInteger(runId),
    refetchInterval: (query) => (isLive(query.state.data?.state) ? RUN_POLL_MS : false),
  });
}

/**
 * The run's intervals. While `live`, each poll asks only for those after the last one held and
 * appends them; when the run is over the key changes and one full read settles the final list
 * (the previous points stay on screen meanwhile).
 */
export function useBenchmarkIntervals(clusterId: number, runId: number, live: boolean) {
  const queryClient = useQueryClient();
  const queryKey = benchmarkKeys.intervals(clusterId, runId, live);
  return useQuery({
    queryKey,
    queryFn: async () => {
      const known = queryClient.getQueryData<BenchmarkInterval[]>(queryKey) ?? [];
      const fresh = await unwrap(
        api.GET('/clusters/{clusterId}/benchmarks/runs/{runId}/intervals', {
          params: { ...runPath(clusterId, runId), query: { after: lastIndex(known) } },
        }),
      );
      return mergeIntervals(known, fresh);
    },
    enabled: Number.isInteger(runId),
    placeholderData: keepPreviousData,
    refetchInterval: live ? RUN_POLL_MS : false,
  });
}

/** A profiled run's flame trees; polled until the run has stored them (or ended without). */
export function useBenchmarkProfile(clusterId: number, runId: number, enabled: boolean) {
  return useQuery({
    queryKey: benchmarkKeys.profile(clusterId, runId),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/benchmarks/runs/{runId}/profile', {
          params: runPath(clusterId, runId),
        }),
      ),
    enabled: enabled && Number.isInteger(runId),
    refetchInterval: (query) => (profilePending(query.state.data) ? PROFILE_POLL_MS : false),
  });
}

/** Cancels a run (and the rest of its series); the answer is merged into the cached run. */
export function useCancelBenchmarkRun(clusterId: number, runId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/clusters/{clusterId}/benchmarks/runs/{runId}/cancel', {
          params: runPath(clusterId, runId),
        }),
      ),
    onSuccess: (run: BenchmarkRun) => {
      queryClient.setQueryData(benchmarkKeys.run(clusterId, runId), (old: object | undefined) =>
        old ? { ...old, ...run } : old,
      );
      void queryClient.invalidateQueries({ queryKey: benchmarkKeys.cluster(clusterId) });
    },
  });
}

export function useBenchmarkComparison(clusterId: number, runIds: readonly number[]) {
  return useQuery({
    queryKey: benchmarkKeys.compare(clusterId, runIds),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/benchmarks/compare', {
          params: { ...path(clusterId), query: { runs: runIds.join(',') } },
        }),
      ),
    enabled: canCompare(runIds),
  });
}

/** A ceiling probe queued from this page, followed until the ceiling has been read after it. */
export interface ProbeWatch {
  /** Still queued or running (or not read yet). */
  live: boolean;
  /** When the probe was last read (ms since epoch). */
  readAt: number;
}

/**
 * The cluster's latest ceiling (the latest successful probe, else the latest attempt). Polled
 * quickly while a probe runs, and until it is read again after a watched probe finished.
 */
export function useBenchmarkCeiling(clusterId: number, probe?: ProbeWatch) {
  return useQuery({
    queryKey: benchmarkKeys.ceiling(clusterId),
    queryFn: () =>
      unwrap(api.GET('/clusters/{clusterId}/benchmarks/ceiling', { params: path(clusterId) })),
    refetchInterval: (query) => {
      const waiting = probe != null && (probe.live || query.state.dataUpdatedAt <= probe.readAt);
      return waiting || isLive(query.state.data?.state)
        ? CEILING_PROBE_POLL_MS
        : CEILING_REFRESH_MS;
    },
  });
}

/** Queues a ceiling probe (OPERATOR+). */
export function useMeasureCeiling(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(api.POST('/clusters/{clusterId}/benchmarks/ceiling', { params: path(clusterId) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benchmarkKeys.cluster(clusterId) }),
  });
}
