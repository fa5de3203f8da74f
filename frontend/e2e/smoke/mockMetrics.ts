import type { AlertList, ChartId, MetricsChart } from '../../src/api/types';

// Charts and alerts for the smoke run: smooth made-up lines over the asked range, one band, one
// firing alert linked to a health reason.
const SECONDS: Record<string, number> = {
  '15m': 900,
  '1h': 3600,
  '6h': 21600,
  '24h': 86400,
  '7d': 604800,
};

export function metricsChart(chart: string, range: string): MetricsChart {
  const length = SECONDS[range] ?? 3600;
  const step = Math.max(10, Math.ceil(length / 240 / 10) * 10);
  const to = Math.floor(Date.now() / 1000 / step) * step;
  const from = to - length;
  const line = (name: string, base: number) => ({
    name,
    points: Array.from({ length: 240 }, (_, i) => {
      const t = from + i * step;
      return [t, base * (1 + 0.3 * Math.sin(i / 12))];
    }),
  });
  return {
    chart: chart as ChartId,
    title: chart,
    unit: chart === 'hdfs-capacity' ? 'bytes' : chart === 'latency' ? 'ms' : 'ops/s',
    range,
    stepSeconds: step,
    from: new Date(from * 1000).toISOString(),
    to: new Date(to * 1000).toISOString(),
    series: [line('read', chart === 'hdfs-capacity' ? 5e11 : 1200), line('write', 400)],
    bands: [
      {
        kind: 'benchmark',
        id: '1',
        label: 'ycsb-a (A)',
        from: new Date((from + length / 3) * 1000).toISOString(),
        to: new Date((from + length / 2) * 1000).toISOString(),
      },
    ],
    queries: ['sum(rate(server_read_request_count{job="regionserver",cluster="local"}[40s]))'],
    prometheusUrl: 'http://127.0.0.1:19090',
  };
}

export const alertList: AlertList = {
  alertmanagerUrl: 'http://127.0.0.1:19093',
  prometheusUrl: 'http://127.0.0.1:19090',
  alerts: [
    {
      fingerprint: 'a1',
      name: 'DataNodeDown',
      state: 'firing',
      severity: 'warning',
      instance: '127.0.0.1:19881',
      summary: 'DataNode 127.0.0.1:19881 does not answer',
      reason: 'DATANODE_DEAD',
      startsAt: new Date(Date.now() - 300_000).toISOString(),
      labels: { alertname: 'DataNodeDown', cluster: 'local', instance: '127.0.0.1:19881' },
    },
  ],
  silences: [],
};
