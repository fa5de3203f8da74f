import type { BenchmarkProfile, BenchmarkProfileServer } from '../../api/types';
import { type FlameNode, parseFlame } from '../../ui';

/** The profile is stored when the run ends; until then a slow poll is enough. */
export const PROFILE_POLL_MS = 3_000;

export function profilePending(p: BenchmarkProfile | undefined): boolean {
  return p === undefined || p.state === 'pending' || p.state === 'running';
}

/** One RegionServer's part of a profile, as the panel draws it. */
export interface ServerProfile {
  /** host,port,startcode as HBase names it. */
  name: string;
  /** host:port, for the picker. */
  label: string;
  flame: FlameNode | null;
  samples?: number;
  seconds?: number;
  /** Of all samples, 0..1. */
  checksumShare?: number;
  /** Why this server has no flame graph. */
  message?: string;
}

function finite(v: number | null | undefined): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** "rs1.example,16020,1700000000000" → "rs1.example:16020". */
export function serverLabel(name: string): string {
  const [host, port] = name.split(',');
  return port ? `${host}:${port}` : name;
}

export function serverProfiles(p: BenchmarkProfile): ServerProfile[] {
  return p.servers.map((s: BenchmarkProfileServer) => ({
    name: s.name,
    label: serverLabel(s.name),
    flame: parseFlame(s.flame),
    samples: finite(s.samples),
    seconds: finite(s.seconds),
    checksumShare: finite(s.checksumShare),
    message: s.message ?? undefined,
  }));
}

/** The line above the graph: what the panel shows, or why there is nothing yet. */
export function profileStatus(p: BenchmarkProfile | undefined): string {
  if (!p) return 'Loading the profile…';
  switch (p.state) {
    case 'pending':
      return 'The run has not started; the RegionServers are profiled while it runs.';
    case 'running':
      return `async-profiler samples the RegionServers every ${p.interval} while the run lasts; the flame graph appears when it ends.`;
    case 'missing':
      return 'The run ended without a stored profile (the control plane stopped while it ran).';
    default:
      return p.message ?? `CPU samples every ${p.interval}, from the run's start to its end.`;
  }
}
