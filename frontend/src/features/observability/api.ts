import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { ChartId, SilenceInput } from '../../api/types';

export const RANGES = ['15m', '1h', '6h', '24h', '7d'] as const;
export type Range = (typeof RANGES)[number];
/** Charts refresh about once per scrape interval (10 s locally). */
export const CHART_REFRESH_MS = 15_000;
export const ALERTS_REFRESH_MS = 10_000;

export const observabilityKeys = {
  chart: (clusterId: number, chart: ChartId, range: Range, table?: string) =>
    ['metrics', clusterId, chart, range, table ?? ''] as const,
  alerts: (clusterId: number) => ['alerts', clusterId] as const,
};

export function useMetricsChart(clusterId: number, chart: ChartId, range: Range, table?: string) {
  return useQuery({
    queryKey: observabilityKeys.chart(clusterId, chart, range, table),
    queryFn: () =>
      unwrap(
        api.GET('/clusters/{clusterId}/metrics/{chart}', {
          params: { path: { clusterId, chart }, query: { range, table } },
        }),
      ),
    refetchInterval: CHART_REFRESH_MS,
    // a 503 (no Prometheus) will not fix itself within a retry
    retry: false,
  });
}

export function useAlerts(clusterId: number) {
  return useQuery({
    queryKey: observabilityKeys.alerts(clusterId),
    queryFn: () =>
      unwrap(api.GET('/clusters/{clusterId}/alerts', { params: { path: { clusterId } } })),
    refetchInterval: ALERTS_REFRESH_MS,
    retry: false,
  });
}

export function useCreateSilence(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SilenceInput) =>
      unwrap(
        api.POST('/clusters/{clusterId}/alerts/silences', {
          params: { path: { clusterId } },
          body,
        }),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: observabilityKeys.alerts(clusterId) }),
  });
}

export function useExpireSilence(clusterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (silenceId: string) =>
      unwrap(
        api.DELETE('/clusters/{clusterId}/alerts/silences/{silenceId}', {
          params: { path: { clusterId, silenceId } },
        }),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: observabilityKeys.alerts(clusterId) }),
  });
}
