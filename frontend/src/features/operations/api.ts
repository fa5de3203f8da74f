import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { Operation, OperationDetail, OperationState } from '../../api/types';

export const OPERATIONS_REFRESH_MS = 3_000;
export const OPERATION_POLL_MS = 2_000;

export interface OperationListFilters {
  state?: OperationState;
  clusterId?: number;
  limit?: number;
}

export const operationKeys = {
  all: ['operations'] as const,
  lists: () => [...operationKeys.all, 'list'] as const,
  list: (filters: OperationListFilters) => [...operationKeys.lists(), filters] as const,
  detail: (operationId: string) => [...operationKeys.all, 'detail', operationId] as const,
};

const FINAL_STATES: ReadonlySet<OperationState> = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED']);

export function isFinal(state: OperationState | undefined): boolean {
  return state != null && FINAL_STATES.has(state);
}

export function isActive(state: OperationState | undefined): boolean {
  return state === 'PENDING' || state === 'RUNNING';
}

/** Seeds the cache with an operation a mutation just started, so its tracker renders at once. */
export function rememberOperation(queryClient: QueryClient, operation: Operation): void {
  queryClient.setQueryData<OperationDetail>(operationKeys.detail(operation.id), (old) =>
    old ? { ...old, ...operation } : { ...operation, events: [] },
  );
  void queryClient.invalidateQueries({ queryKey: operationKeys.lists() });
}

export function useOperations(filters: OperationListFilters = {}) {
  return useQuery({
    queryKey: operationKeys.list(filters),
    queryFn: () =>
      unwrap(
        api.GET('/operations', {
          params: {
            query: {
              state: filters.state,
              clusterId: filters.clusterId,
              limit: filters.limit ?? 100,
            },
          },
        }),
      ),
    refetchInterval: OPERATIONS_REFRESH_MS,
  });
}

export function fetchOperation(operationId: string): Promise<OperationDetail> {
  return unwrap(api.GET('/operations/{operationId}', { params: { path: { operationId } } }));
}

/**
 * One operation. `poll` is switched on by the caller when the live stream is unavailable;
 * polling stops by itself once the operation is final.
 */
export function useOperation(operationId: string, poll: boolean) {
  return useQuery({
    queryKey: operationKeys.detail(operationId),
    queryFn: () => fetchOperation(operationId),
    refetchInterval: (query) =>
      poll && !isFinal(query.state.data?.state) ? OPERATION_POLL_MS : false,
  });
}

export function useCancelOperation(operationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(api.POST('/operations/{operationId}/cancel', { params: { path: { operationId } } })),
    onSuccess: (operation: Operation) => {
      queryClient.setQueryData<OperationDetail>(operationKeys.detail(operationId), (old) =>
        old ? { ...old, ...operation } : old,
      );
      void queryClient.invalidateQueries({ queryKey: operationKeys.lists() });
    },
  });
}
