import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { HbasePermission, PermissionGrant } from '../../api/types';

export const permissionKeys = {
  list: (clusterId: number) => ['permissions', clusterId] as const,
};

export function usePermissions(clusterId: number) {
  return useQuery({
    queryKey: permissionKeys.list(clusterId),
    queryFn: () =>
      unwrap(api.GET('/clusters/{clusterId}/permissions', { params: { path: { clusterId } } })),
    // authorization-disabled will not change within a retry
    retry: false,
  });
}

export function useGrant(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PermissionGrant) =>
      unwrap(
        api.POST('/clusters/{clusterId}/permissions', { params: { path: { clusterId } }, body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionKeys.list(clusterId) }),
  });
}

export function useRevoke(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: HbasePermission) =>
      unwrap(
        api.DELETE('/clusters/{clusterId}/permissions', {
          params: {
            path: { clusterId },
            query: {
              principal: p.principal,
              namespace: p.scope === 'NAMESPACE' ? p.namespace : undefined,
              table: p.table,
              family: p.family,
              qualifier: p.qualifier,
            },
          },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionKeys.list(clusterId) }),
  });
}
