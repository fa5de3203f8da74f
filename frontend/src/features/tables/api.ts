import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type {
  AlterTableRequest,
  CreateTableRequest,
  HeatmapMetric,
  Operation,
  PutRowsRequest,
  TableSort,
} from '../../api/types';
import { rememberOperation } from '../operations/api';

export const TABLES_REFRESH_MS = 10_000;
export const CODECS_PROBE_POLL_MS = 3_000;
/** The backend samples region counters every few seconds; never poll faster than this. */
export const MIN_HEATMAP_REFRESH_MS = 5_000;

export const TABLE_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_TABLE_PAGE_SIZE = 50;
export const REGION_PAGE_SIZES = [50, 100, 500] as const;
export const DEFAULT_REGION_PAGE_SIZE = 100;
/** Rows per scan page (the API takes 1..100). */
export const ROW_SCAN_LIMITS = [10, 25, 100] as const;
export const DEFAULT_ROW_SCAN_LIMIT = 10;

export interface TableListQuery {
  namespace?: string;
  q?: string;
  sort?: TableSort;
  page: number;
  size: number;
}

/** A scan page: `start` (inclusive) in the shell's binary-safe form, absent for the first row. */
export interface RowScanQuery {
  start?: string;
  limit: number;
}

export interface HeatmapQuery {
  metric: HeatmapMetric;
  minutes: number;
}

export const tableKeys = {
  all: ['tables'] as const,
  cluster: (clusterId: number) => [...tableKeys.all, clusterId] as const,
  lists: (clusterId: number) => [...tableKeys.cluster(clusterId), 'list'] as const,
  list: (clusterId: number, query: TableListQuery) =>
    [...tableKeys.lists(clusterId), query] as const,
  namespaces: (clusterId: number) => [...tableKeys.cluster(clusterId), 'namespaces'] as const,
  codecs: (clusterId: number) => [...tableKeys.cluster(clusterId), 'codecs'] as const,
  table: (clusterId: number, table: string) =>
    [...tableKeys.cluster(clusterId), 'table', table] as const,
  detail: (clusterId: number, table: string) =>
    [...tableKeys.table(clusterId, table), 'detail'] as const,
  regions: (clusterId: number, table: string, page: number, size: number) =>
    [...tableKeys.table(clusterId, table), 'regions', page, size] as const,
  regionMap: (clusterId: number, table: string) =>
    [...tableKeys.table(clusterId, table), 'region-map'] as const,
  heatmap: (clusterId: number, table: string, query: HeatmapQuery) =>
    [...tableKeys.table(clusterId, table), 'heatmap', query] as const,
  rows: (clusterId: number, table: string) =>
    [...tableKeys.table(clusterId, table), 'rows'] as const,
  rowScan: (clusterId: number, table: string, query: RowScanQuery) =>
    [...tableKeys.rows(clusterId, table), 'scan', query] as const,
  row: (clusterId: number, table: string, key: string) =>
    [...tableKeys.rows(clusterId, table), 'get', key] as const,
};

const path = (clusterId: number) => ({ path: { clusterId } });
const tablePath = (clusterId: number, table: string) => ({ path: { clusterId, table } });

export function useTables(clusterId: number, query: TableListQuery) {
  return useQuery({
    queryKey: tableKeys.list(clusterId, query),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/tables', {
          params: { ...path(clusterId), query: { ...query, q: query.q || undefined } },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: TABLES_REFRESH_MS,
  });
}

export function useNamespaces(clusterId: number) {
  return useQuery({
    queryKey: tableKeys.namespaces(clusterId),
    queryFn: () => unwrap(api.GET('/clusters/{clusterId}/namespaces', { params: path(clusterId) })),
  });
}

export function useCreateNamespace(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      unwrap(
        api.POST('/clusters/{clusterId}/namespaces', { params: path(clusterId), body: { name } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableKeys.namespaces(clusterId) }),
  });
}

export function useCodecs(clusterId: number) {
  return useQuery({
    queryKey: tableKeys.codecs(clusterId),
    queryFn: () => unwrap(api.GET('/clusters/{clusterId}/codecs', { params: path(clusterId) })),
    refetchInterval: (query) => (query.state.data?.running ? CODECS_PROBE_POLL_MS : false),
  });
}

/** Operation-returning mutations share this: seed the operation cache, refresh the tables. */
function useOperationMutation<V>(
  clusterId: number,
  mutationFn: (variables: V) => Promise<Operation>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (operation) => {
      rememberOperation(queryClient, operation);
      void queryClient.invalidateQueries({ queryKey: tableKeys.cluster(clusterId) });
    },
  });
}

export function useProbeCodecs(clusterId: number) {
  return useOperationMutation(clusterId, () =>
    unwrap(api.POST('/clusters/{clusterId}/codecs/probe', { params: path(clusterId) })),
  );
}

export function usePreviewTable(clusterId: number) {
  return useMutation({
    mutationFn: (body: CreateTableRequest) =>
      unwrap(api.POST('/clusters/{clusterId}/tables/preview', { params: path(clusterId), body })),
  });
}

export function useCreateTable(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTableRequest) =>
      unwrap(api.POST('/clusters/{clusterId}/tables', { params: path(clusterId), body })),
    onSuccess: (response) => {
      rememberOperation(queryClient, response.operation);
      void queryClient.invalidateQueries({ queryKey: tableKeys.cluster(clusterId) });
    },
  });
}

export function useTable(clusterId: number, table: string) {
  return useQuery({
    queryKey: tableKeys.detail(clusterId, table),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/tables/{table}', { params: tablePath(clusterId, table) }),
      ),
    refetchInterval: TABLES_REFRESH_MS,
    enabled: table !== '',
  });
}

export function usePreviewAlterTable(clusterId: number, table: string) {
  return useMutation({
    mutationFn: (body: AlterTableRequest) =>
      unwrap(
        api.POST('/clusters/{clusterId}/tables/{table}/alter/preview', {
          params: tablePath(clusterId, table),
          body,
        }),
      ),
  });
}

export function useAlterTable(clusterId: number, table: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlterTableRequest) =>
      unwrap(
        api.PUT('/clusters/{clusterId}/tables/{table}', {
          params: tablePath(clusterId, table),
          body,
        }),
      ),
    onSuccess: (response) => {
      rememberOperation(queryClient, response.operation);
      void queryClient.invalidateQueries({ queryKey: tableKeys.table(clusterId, table) });
    },
  });
}

export function useSetTableEnabled(clusterId: number, table: string) {
  return useOperationMutation(clusterId, (enable: boolean) =>
    unwrap(
      enable
        ? api.POST('/clusters/{clusterId}/tables/{table}/enable', {
            params: tablePath(clusterId, table),
          })
        : api.POST('/clusters/{clusterId}/tables/{table}/disable', {
            params: tablePath(clusterId, table),
          }),
    ),
  );
}

export function useFlushTable(clusterId: number, table: string) {
  return useOperationMutation(clusterId, (region?: string) =>
    unwrap(
      api.POST('/clusters/{clusterId}/tables/{table}/flush', {
        params: tablePath(clusterId, table),
        body: region ? { region } : {},
      }),
    ),
  );
}

export function useTruncateTable(clusterId: number, table: string) {
  return useOperationMutation(clusterId, (body: { confirm: string; preserveSplits: boolean }) =>
    unwrap(
      api.POST('/clusters/{clusterId}/tables/{table}/truncate', {
        params: tablePath(clusterId, table),
        body,
      }),
    ),
  );
}

export function useDropTable(clusterId: number, table: string) {
  return useOperationMutation(clusterId, (confirm: string) =>
    unwrap(
      api.DELETE('/clusters/{clusterId}/tables/{table}', {
        params: { ...tablePath(clusterId, table), query: { confirm } },
      }),
    ),
  );
}

export function useTableRegions(clusterId: number, table: string, page: number, size: number) {
  return useQuery({
    queryKey: tableKeys.regions(clusterId, table, page, size),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/tables/{table}/regions', {
          params: { ...tablePath(clusterId, table), query: { page, size } },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: TABLES_REFRESH_MS,
  });
}

export function useRegionMap(clusterId: number, table: string) {
  return useQuery({
    queryKey: tableKeys.regionMap(clusterId, table),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/tables/{table}/region-map', {
          params: tablePath(clusterId, table),
        }),
      ),
    refetchInterval: TABLES_REFRESH_MS,
  });
}

export function useHeatmap(clusterId: number, table: string, query: HeatmapQuery) {
  return useQuery({
    queryKey: tableKeys.heatmap(clusterId, table, query),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/tables/{table}/heatmap', {
          params: { ...tablePath(clusterId, table), query },
        }),
      ),
    placeholderData: keepPreviousData,
    // Refresh at the sampling interval, so new columns appear as they are sampled.
    refetchInterval: (q) =>
      Math.max(MIN_HEATMAP_REFRESH_MS, (q.state.data?.intervalSeconds ?? 0) * 1000),
  });
}

/** One page of rows (every cell's newest version); not polled: a scan reads the table. */
export function useScanRows(clusterId: number, table: string, query: RowScanQuery) {
  return useQuery({
    queryKey: tableKeys.rowScan(clusterId, table, query),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/tables/{table}/rows', {
          params: { ...tablePath(clusterId, table), query },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** One row by key (shell form, `\xNN` for any byte: a query value carries it); 404 when absent. */
export function useRow(clusterId: number, table: string, key: string) {
  return useQuery({
    queryKey: tableKeys.row(clusterId, table, key),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/tables/{table}/row', {
          params: { ...tablePath(clusterId, table), query: { key } },
        }),
      ),
    enabled: key !== '',
  });
}

export function usePutRows(clusterId: number, table: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutRowsRequest) =>
      unwrap(
        api.PUT('/clusters/{clusterId}/tables/{table}/rows', {
          params: tablePath(clusterId, table),
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableKeys.rows(clusterId, table) }),
  });
}
