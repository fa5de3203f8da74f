import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { MasterMoveRequest, NamenodeFailoverRequest } from '../../api/types';
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

/** POST /clusters/{id}/ha/namenode-failover → 202 with the new Operation (`to` becomes active). */
export function useNamenodeFailover(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NamenodeFailoverRequest) =>
      unwrap(
        api.POST('/clusters/{clusterId}/ha/namenode-failover', {
          params: { path: { clusterId } },
          body,
        }),
      ),
    onSuccess: (operation) => rememberOperation(queryClient, operation),
  });
}

/** POST /clusters/{id}/ha/master-move → 202 with the new Operation (a backup HMaster takes over). */
export function useMoveActiveMaster(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MasterMoveRequest) =>
      unwrap(
        api.POST('/clusters/{clusterId}/ha/master-move', { params: { path: { clusterId } }, body }),
      ),
    onSuccess: (operation) => rememberOperation(queryClient, operation),
  });
}

/**
 * Whether Granary created the cluster's VMs on vSphere (one of its installed versions is a
 * `vsphere_install`): the overview then offers the destroy page. Only asked for provisioned ones.
 */
export function useOnVsphere(clusterId: number, provisioned: boolean) {
  return useQuery({
    queryKey: [...clusterKeys.detail(clusterId), 'on-vsphere'] as const,
    queryFn: async () => {
      const versions = await unwrap(
        api.GET('/clusters/{clusterId}/installs', { params: { path: { clusterId } } }),
      );
      return versions.some((v) => v.playbook === 'vsphere_install');
    },
    enabled: provisioned && Number.isFinite(clusterId),
    staleTime: 60_000,
  });
}
