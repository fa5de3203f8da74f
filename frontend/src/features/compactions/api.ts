import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type {
  CompactionRequest,
  CompactionScheduleInput,
  CompactionStarted,
} from '../../api/types';
import { rememberOperation } from '../operations/api';

export const SCHEDULES_REFRESH_MS = 10_000;
export const RUNS_REFRESH_MS = 5_000;
/** A running run's page: regions change state every few seconds, show it at once. */
export const RUN_POLL_MS = 1_000;
export const HISTORY_REFRESH_MS = 30_000;
export const DEFAULT_RUNS_LIMIT = 50;

export interface RunListQuery {
  table?: string;
  scheduleId?: number;
  limit?: number;
}

export const compactionKeys = {
  all: ['compactions'] as const,
  cluster: (clusterId: number) => [...compactionKeys.all, clusterId] as const,
  schedules: (clusterId: number) => [...compactionKeys.cluster(clusterId), 'schedules'] as const,
  schedule: (clusterId: number, scheduleId: number) =>
    [...compactionKeys.schedules(clusterId), scheduleId] as const,
  runLists: (clusterId: number) => [...compactionKeys.cluster(clusterId), 'runs'] as const,
  runs: (clusterId: number, query: RunListQuery) =>
    [...compactionKeys.runLists(clusterId), query] as const,
  run: (clusterId: number, runId: number) =>
    [...compactionKeys.cluster(clusterId), 'run', runId] as const,
  history: (clusterId: number, table: string) =>
    [...compactionKeys.cluster(clusterId), 'history', table] as const,
};

const path = (clusterId: number) => ({ path: { clusterId } });
const schedulePath = (clusterId: number, scheduleId: number) => ({
  path: { clusterId, scheduleId },
});

export function useCompactionSchedules(clusterId: number) {
  return useQuery({
    queryKey: compactionKeys.schedules(clusterId),
    queryFn: () =>
      unwrap(api.GET('/clusters/{clusterId}/compactions/schedules', { params: path(clusterId) })),
    refetchInterval: SCHEDULES_REFRESH_MS,
  });
}

export function useCompactionSchedule(clusterId: number, scheduleId: number) {
  return useQuery({
    queryKey: compactionKeys.schedule(clusterId, scheduleId),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/compactions/schedules/{scheduleId}', {
          params: schedulePath(clusterId, scheduleId),
        }),
      ),
    enabled: Number.isInteger(scheduleId),
  });
}

/** Create (no id) or replace (id) a schedule; the list is refreshed either way. */
export function useSaveCompactionSchedule(clusterId: number, scheduleId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompactionScheduleInput) =>
      unwrap(
        scheduleId == null
          ? api.POST('/clusters/{clusterId}/compactions/schedules', {
              params: path(clusterId),
              body,
            })
          : api.PUT('/clusters/{clusterId}/compactions/schedules/{scheduleId}', {
              params: schedulePath(clusterId, scheduleId),
              body,
            }),
      ),
    onSuccess: (schedule) => {
      queryClient.setQueryData(compactionKeys.schedule(clusterId, schedule.id), schedule);
      void queryClient.invalidateQueries({ queryKey: compactionKeys.schedules(clusterId) });
    },
  });
}

export function useDeleteCompactionSchedule(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scheduleId: number) =>
      unwrap(
        api.DELETE('/clusters/{clusterId}/compactions/schedules/{scheduleId}', {
          params: schedulePath(clusterId, scheduleId),
        }),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: compactionKeys.schedules(clusterId) }),
  });
}

/** A started run: seed its operation, refresh the lists that will show it. */
function useRunMutation<V>(
  clusterId: number,
  mutationFn: (variables: V) => Promise<CompactionStarted>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (started) => {
      rememberOperation(queryClient, started.operation);
      void queryClient.invalidateQueries({ queryKey: compactionKeys.cluster(clusterId) });
    },
  });
}

export function useRunCompactionScheduleNow(clusterId: number) {
  return useRunMutation(clusterId, (scheduleId: number) =>
    unwrap(
      api.POST('/clusters/{clusterId}/compactions/schedules/{scheduleId}/run', {
        params: schedulePath(clusterId, scheduleId),
      }),
    ),
  );
}

export function useCompactNow(clusterId: number) {
  return useRunMutation(clusterId, (body: CompactionRequest) =>
    unwrap(api.POST('/clusters/{clusterId}/compactions', { params: path(clusterId), body })),
  );
}

export function useCompactionRuns(clusterId: number, query: RunListQuery = {}) {
  const q = { ...query, limit: query.limit ?? DEFAULT_RUNS_LIMIT };
  return useQuery({
    queryKey: compactionKeys.runs(clusterId, q),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/compactions/runs', {
          params: { ...path(clusterId), query: q },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: RUNS_REFRESH_MS,
  });
}

/** One run with its regions; polled every second while it is RUNNING. */
export function useCompactionRun(clusterId: number, runId: number) {
  return useQuery({
    queryKey: compactionKeys.run(clusterId, runId),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/compactions/runs/{runId}', {
          params: { path: { clusterId, runId } },
        }),
      ),
    enabled: Number.isInteger(runId),
    refetchInterval: (query) => (query.state.data?.state === 'RUNNING' ? RUN_POLL_MS : false),
  });
}

export function useCompactionHistory(clusterId: number, table: string) {
  return useQuery({
    queryKey: compactionKeys.history(clusterId, table),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/compactions/history', {
          params: { ...path(clusterId), query: { table } },
        }),
      ),
    refetchInterval: HISTORY_REFRESH_MS,
    enabled: table !== '',
  });
}
