import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { rememberOperation } from '../operations/api';

export const OVERVIEW_REFRESH_MS = 5_000;
export const CLUSTERS_REFRESH_MS = 10_000;

export const clusterKeys = {
  all: ['clusters'] as const,
  list: () => [...clusterKeys.all, 'list'] as const,
  detail: (clusterId: number) => [...clusterKeys.all, 'detail', clusterId] as const,
  overview: (clusterId: number) => [...clusterKeys.all, 'overview', clusterId] as const,
};

export function useClusters() {
  return useQuery({
    queryKey: clusterKeys.list(),
    queryFn: () => unwrap(api.GET('/clusters')),
    refetchInterval: CLUSTERS_REFRESH_MS,
  });
}

export function useCluster(clusterId: number) {
  return useQuery({
    queryKey: clusterKeys.detail(clusterId),
    queryFn: () => unwrap(api.GET('/clusters/{clusterId}', { params: { path: { clusterId } } })),
    enabled: Number.isFinite(clusterId),
    staleTime: CLUSTERS_REFRESH_MS,
  });
}

export function useClusterOverview(clusterId: number) {
  return useQuery({
    queryKey: clusterKeys.overview(clusterId),
    queryFn: () =>
      unwrap(api.GET('/clusters/{clusterId}/overview', { params: { path: { clusterId } } })),
    refetchInterval: OVERVIEW_REFRESH_MS,
    enabled: Number.isFinite(clusterId),
  });
}

/** POST /clusters/{id}/balancer → 202 with the new Operation. */
export function useRunBalancer(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(api.POST('/clusters/{clusterId}/balancer', { params: { path: { clusterId } } })),
    onSuccess: (operation) => rememberOperation(queryClient, operation),
  });
}
