import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { VcenterInput, VcenterUpdate } from '../../api/types';

/** The inventory is read live from vCenter (several govc calls): not on every focus. */
export const INVENTORY_STALE_MS = 60_000;

export const vcenterKeys = {
  all: ['vcenters'] as const,
  list: () => [...vcenterKeys.all, 'list'] as const,
  detail: (vcenterId: number) => [...vcenterKeys.all, 'detail', vcenterId] as const,
  inventory: (vcenterId: number) => [...vcenterKeys.all, 'inventory', vcenterId] as const,
};

export function useVcenters() {
  return useQuery({
    queryKey: vcenterKeys.list(),
    queryFn: () => unwrap(api.GET('/vcenters')),
  });
}

export function useVcenter(vcenterId: number) {
  return useQuery({
    queryKey: vcenterKeys.detail(vcenterId),
    queryFn: () => unwrap(api.GET('/vcenters/{vcenterId}', { params: { path: { vcenterId } } })),
    enabled: Number.isInteger(vcenterId),
  });
}

/** ADMIN. Stores the connection; nothing is contacted until Test connection. */
export function useCreateVcenter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VcenterInput) => unwrap(api.POST('/vcenters', { body })),
    onSuccess: (vcenter) => {
      queryClient.setQueryData(vcenterKeys.detail(vcenter.id), vcenter);
      void queryClient.invalidateQueries({ queryKey: vcenterKeys.list() });
    },
  });
}

/** ADMIN. A password or guest key left out keeps the stored one. */
export function useUpdateVcenter(vcenterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VcenterUpdate) =>
      unwrap(api.PUT('/vcenters/{vcenterId}', { params: { path: { vcenterId } }, body })),
    onSuccess: (vcenter) => {
      queryClient.setQueryData(vcenterKeys.detail(vcenter.id), vcenter);
      // new URL, user or TLS settings: the inventory read before may not hold any more
      queryClient.removeQueries({ queryKey: vcenterKeys.inventory(vcenter.id) });
      void queryClient.invalidateQueries({ queryKey: vcenterKeys.list() });
    },
  });
}

/** ADMIN. Forgets the connection; nothing in vCenter changes. */
export function useDeleteVcenter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vcenterId: number) =>
      unwrap(api.DELETE('/vcenters/{vcenterId}', { params: { path: { vcenterId } } })),
    onSuccess: (_, vcenterId) => {
      queryClient.removeQueries({ queryKey: vcenterKeys.detail(vcenterId) });
      queryClient.removeQueries({ queryKey: vcenterKeys.inventory(vcenterId) });
      void queryClient.invalidateQueries({ queryKey: vcenterKeys.list() });
    },
  });
}

/** ADMIN. Signs in to the vCenter: its API version and the round trip, or a coded 409. */
export function useTestVcenter(vcenterId: number) {
  return useMutation({
    mutationFn: () =>
      unwrap(api.POST('/vcenters/{vcenterId}/test', { params: { path: { vcenterId } } })),
  });
}

/**
 * OPERATOR+. Datacenters → clusters → ESXi hosts, datastores, networks, templates and folders,
 * read live. Asked for only when `enabled` (Browse, or a vSphere wizard with this connection).
 */
export function useVcenterInventory(vcenterId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: vcenterKeys.inventory(vcenterId ?? -1),
    queryFn: () =>
      unwrap(
        api.GET('/vcenters/{vcenterId}/inventory', { params: { path: { vcenterId: vcenterId! } } }),
      ),
    enabled: enabled && vcenterId != null && Number.isInteger(vcenterId),
    staleTime: INVENTORY_STALE_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
