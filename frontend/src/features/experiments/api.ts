import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { Experiment, ExperimentLaunch, ExperimentSummary } from '../../api/types';
import { benchmarkKeys } from '../benchmarks/api';
import { isLive } from './experimentModel';

export const SERIES_REFRESH_MS = 5_000;
/** A live experiment: its runs move on every few seconds. */
export const EXPERIMENT_POLL_MS = 2_000;
export const DEFAULT_SERIES_LIMIT = 50;

export const experimentKeys = {
  all: ['experiments'] as const,
  kinds: () => [...experimentKeys.all, 'kinds'] as const,
  cluster: (clusterId: number) => [...experimentKeys.all, clusterId] as const,
  list: (clusterId: number, limit: number) =>
    [...experimentKeys.cluster(clusterId), 'list', limit] as const,
  one: (clusterId: number, seriesId: number) =>
    [...experimentKeys.cluster(clusterId), 'series', seriesId] as const,
  plan: (clusterId: number, body: string) =>
    [...experimentKeys.cluster(clusterId), 'plan', body] as const,
};

const path = (clusterId: number) => ({ path: { clusterId } });
const seriesPath = (clusterId: number, seriesId: number) => ({ path: { clusterId, seriesId } });

/** The catalog: the same for every cluster and session. */
export function useExperimentKinds() {
  return useQuery({
    queryKey: experimentKeys.kinds(),
    queryFn: () => unwrap(api.GET('/experiments')),
    staleTime: Infinity,
  });
}

export function useExperiments(clusterId: number, limit = DEFAULT_SERIES_LIMIT) {
  return useQuery({
    queryKey: experimentKeys.list(clusterId, limit),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/experiments', {
          params: { ...path(clusterId), query: { limit } },
        }),
      ),
    enabled: Number.isInteger(clusterId),
    placeholderData: keepPreviousData,
    refetchInterval: SERIES_REFRESH_MS,
  });
}

/**
 * What a launch would run (variants, runs, design, estimate), checked by the server as the launch
 * would be; asked again for each settled edit of the form. A refusal comes back as the error.
 */
export function useExperimentPlan(clusterId: number, body: ExperimentLaunch, enabled: boolean) {
  const key = JSON.stringify(body);
  return useQuery({
    queryKey: experimentKeys.plan(clusterId, key),
    queryFn: () =>
      unwrap(api.POST('/clusters/{clusterId}/experiment-plans', { params: path(clusterId), body })),
    enabled: enabled && Number.isInteger(clusterId),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

/** Queues a series; the experiment and benchmark lists are refreshed (both hold it). */
export function useLaunchExperiment(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExperimentLaunch) =>
      unwrap(api.POST('/clusters/{clusterId}/experiments', { params: path(clusterId), body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: experimentKeys.cluster(clusterId) });
      void queryClient.invalidateQueries({ queryKey: benchmarkKeys.cluster(clusterId) });
    },
  });
}

/** One experiment; polled every 2 s while it is queued or running, then no more. */
export function useExperiment(clusterId: number, seriesId: number) {
  return useQuery({
    queryKey: experimentKeys.one(clusterId, seriesId),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/experiments/{seriesId}', {
          params: seriesPath(clusterId, seriesId),
        }),
      ),
    enabled: Number.isInteger(clusterId) && Number.isInteger(seriesId),
    refetchInterval: (query) =>
      isLive(query.state.data?.summary.state) ? EXPERIMENT_POLL_MS : false,
  });
}

/** Cancels the series; its answer is merged into the cached experiment at once. */
export function useCancelExperiment(clusterId: number, seriesId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/clusters/{clusterId}/experiments/{seriesId}/cancel', {
          params: seriesPath(clusterId, seriesId),
        }),
      ),
    onSuccess: (summary: ExperimentSummary) => {
      queryClient.setQueryData<Experiment>(experimentKeys.one(clusterId, seriesId), (old) =>
        old ? { ...old, summary: { ...old.summary, ...summary } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: experimentKeys.cluster(clusterId) });
      void queryClient.invalidateQueries({ queryKey: benchmarkKeys.cluster(clusterId) });
    },
  });
}
