import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { EcPolicies, EcPolicy, StartEcConversionRequest } from '../../api/types';
import { rememberOperation } from '../operations/api';

export const POLICIES_REFRESH_MS = 30_000;
export const CONVERSIONS_REFRESH_MS = 5_000;
/** A running conversion's page: files finish every few seconds, show it at once. */
export const CONVERSION_POLL_MS = 1_000;

export const ecKeys = {
  all: ['erasure-coding'] as const,
  cluster: (clusterId: number) => [...ecKeys.all, clusterId] as const,
  policies: (clusterId: number) => [...ecKeys.cluster(clusterId), 'policies'] as const,
  directories: (clusterId: number) => [...ecKeys.cluster(clusterId), 'directory'] as const,
  directory: (clusterId: number, path: string) => [...ecKeys.directories(clusterId), path] as const,
  reports: (clusterId: number) => [...ecKeys.cluster(clusterId), 'report'] as const,
  report: (clusterId: number, path: string) => [...ecKeys.reports(clusterId), path] as const,
  conversions: (clusterId: number) => [...ecKeys.cluster(clusterId), 'conversions'] as const,
  conversion: (clusterId: number, conversionId: number) =>
    [...ecKeys.cluster(clusterId), 'conversion', conversionId] as const,
  table: (clusterId: number, table: string) =>
    [...ecKeys.cluster(clusterId), 'table', table] as const,
};

const clusterPath = (clusterId: number) => ({ path: { clusterId } });

export function useEcPolicies(clusterId: number) {
  return useQuery({
    queryKey: ecKeys.policies(clusterId),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/erasure-coding/policies', {
          params: clusterPath(clusterId),
        }),
      ),
    refetchInterval: POLICIES_REFRESH_MS,
  });
}

export type PolicyAction = 'enable' | 'disable';

/** Enables or disables one policy (ADMIN); the answer replaces it in the cached list. */
export function usePolicyAction(clusterId: number, policy: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PolicyAction) =>
      unwrap(
        action === 'enable'
          ? api.POST('/clusters/{clusterId}/erasure-coding/policies/{policy}/enable', {
              params: { path: { clusterId, policy } },
            })
          : api.POST('/clusters/{clusterId}/erasure-coding/policies/{policy}/disable', {
              params: { path: { clusterId, policy } },
            }),
      ),
    onSuccess: (updated: EcPolicy) => {
      queryClient.setQueryData<EcPolicies>(ecKeys.policies(clusterId), (old) =>
        old
          ? { ...old, policies: old.policies.map((p) => (p.name === updated.name ? updated : p)) }
          : old,
      );
      // Reports and the convert form list only enabled policies.
      void queryClient.invalidateQueries({ queryKey: ecKeys.cluster(clusterId) });
    },
  });
}

/** One HDFS directory with its children; the previous one stays up while the next loads. */
export function useEcDirectory(clusterId: number, path: string) {
  return useQuery({
    queryKey: ecKeys.directory(clusterId, path),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/erasure-coding/directories', {
          params: { ...clusterPath(clusterId), query: { path } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * Sets (an EC policy or "replication") or unsets (undefined) a directory's policy. The parent's
 * listing and the reports show it too, so the cluster's directories and reports are refreshed.
 */
export function useSetEcDirectoryPolicy(clusterId: number, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: string | undefined) =>
      unwrap(
        api.PUT('/clusters/{clusterId}/erasure-coding/directories', {
          params: { ...clusterPath(clusterId), query: { path } },
          body: policy == null ? {} : { policy },
        }),
      ),
    onSuccess: (directory) => {
      queryClient.setQueryData(ecKeys.directory(clusterId, path), directory);
      void queryClient.invalidateQueries({ queryKey: ecKeys.directories(clusterId) });
      void queryClient.invalidateQueries({ queryKey: ecKeys.reports(clusterId) });
    },
  });
}

export function useEcReport(clusterId: number, path: string) {
  return useQuery({
    queryKey: ecKeys.report(clusterId, path),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/erasure-coding/report', {
          params: { ...clusterPath(clusterId), query: { path } },
        }),
      ),
    enabled: path !== '',
    placeholderData: keepPreviousData,
  });
}

export function useEcConversions(clusterId: number) {
  return useQuery({
    queryKey: ecKeys.conversions(clusterId),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/erasure-coding/conversions', {
          params: clusterPath(clusterId),
        }),
      ),
    refetchInterval: CONVERSIONS_REFRESH_MS,
  });
}

/** Starts a conversion: seeds its operation and refreshes the list that will show it. */
export function useStartEcConversion(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartEcConversionRequest) =>
      unwrap(
        api.POST('/clusters/{clusterId}/erasure-coding/conversions', {
          params: clusterPath(clusterId),
          body,
        }),
      ),
    onSuccess: (started) => {
      rememberOperation(queryClient, started.operation);
      queryClient.setQueryData(
        ecKeys.conversion(clusterId, started.conversion.id),
        started.conversion,
      );
      void queryClient.invalidateQueries({ queryKey: ecKeys.conversions(clusterId) });
    },
  });
}

/** One conversion; polled every second while it is RUNNING. */
export function useEcConversion(clusterId: number, conversionId: number) {
  return useQuery({
    queryKey: ecKeys.conversion(clusterId, conversionId),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/erasure-coding/conversions/{conversionId}', {
          params: { path: { clusterId, conversionId } },
        }),
      ),
    enabled: Number.isInteger(conversionId),
    refetchInterval: (query) =>
      query.state.data?.state === 'RUNNING' ? CONVERSION_POLL_MS : false,
  });
}

export function useTableEcState(clusterId: number, table: string) {
  return useQuery({
    queryKey: ecKeys.table(clusterId, table),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/tables/{table}/erasure-coding', {
          params: { path: { clusterId, table } },
        }),
      ),
    enabled: table !== '',
  });
}

/** Sets (or clears, undefined) a table's policy: an operation the caller follows. */
export function useSetTableEcPolicy(clusterId: number, table: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: string | undefined) =>
      unwrap(
        api.PUT('/clusters/{clusterId}/tables/{table}/erasure-coding', {
          params: { path: { clusterId, table } },
          body: policy == null ? {} : { policy },
        }),
      ),
    onSuccess: (change) => {
      rememberOperation(queryClient, change.operation);
      void queryClient.invalidateQueries({ queryKey: ecKeys.table(clusterId, table) });
    },
  });
}
