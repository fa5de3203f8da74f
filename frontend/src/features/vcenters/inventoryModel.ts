// How a vCenter's inventory is shown: hosts' state, datastores' use, network MTU, and the choices
// a vSphere spec offers from it.
import type {
  EsxiHost,
  VcenterComputeCluster,
  VcenterDatacenter,
  VcenterDatastore,
  VcenterInventory,
  VcenterNetwork,
} from '../../api/types';
import type { Tone } from '../../ui';

/** Connected and not in maintenance: where a VM may go (the planner's rule). */
export const isUsableHost = (h: EsxiHost) =>
  h.connectionState === 'connected' && h.inMaintenanceMode !== true;

export function hostState(h: EsxiHost): { label: string; tone: Tone } {
  if (h.inMaintenanceMode) return { label: 'maintenance', tone: 'warn' };
  if (h.connectionState === 'connected') return { label: 'connected', tone: 'ok' };
  if (h.connectionState == null) return { label: 'unknown', tone: 'neutral' };
  return { label: h.connectionState, tone: 'bad' };
}

export interface ClusterTotals {
  hosts: number;
  usable: number;
  cores: number;
  memoryBytes: number;
}

/** Over the usable hosts only (cores and memory a plan can use). */
export function clusterTotals(c: VcenterComputeCluster): ClusterTotals {
  const usable = c.hosts.filter(isUsableHost);
  return {
    hosts: c.hosts.length,
    usable: usable.length,
    cores: usable.reduce((n, h) => n + (h.cpuCores ?? 0), 0),
    memoryBytes: usable.reduce((n, h) => n + (h.memoryBytes ?? 0), 0),
  };
}

export interface DatastoreUse {
  /** 0–100, of the capacity used; undefined when a figure is missing. */
  usedPercent?: number;
  tone: Tone;
}

/** Used share of a datastore, amber from 80 %, red from 95 %. */
export function datastoreUse(d: VcenterDatastore): DatastoreUse {
  if (d.capacityBytes == null || d.freeBytes == null || d.capacityBytes <= 0)
    return { tone: 'neutral' };
  const used = ((d.capacityBytes - d.freeBytes) / d.capacityBytes) * 100;
  const usedPercent = Math.max(0, Math.min(100, used));
  return { usedPercent, tone: usedPercent >= 95 ? 'bad' : usedPercent >= 80 ? 'warn' : 'ok' };
}

/** Jumbo frames in the guests only where the network carries them (the planner's rule). */
export const JUMBO_MTU = 9000;
export function networkMtu(n: VcenterNetwork): { text: string; jumbo: boolean } {
  if (n.mtu == null) return { text: 'unknown', jumbo: false };
  return { text: String(n.mtu), jumbo: n.mtu >= JUMBO_MTU };
}

export function datacenterOf(
  inventory: VcenterInventory | undefined,
  name: string,
): VcenterDatacenter | undefined {
  return inventory?.datacenters.find((d) => d.name === name);
}

export function clusterOf(
  dc: VcenterDatacenter | undefined,
  name: string,
): VcenterComputeCluster | undefined {
  return dc?.clusters.find((c) => c.name === name);
}

const GIB = 1024 ** 3;
export const bytesToGib = (bytes: number | undefined) => (bytes == null ? undefined : bytes / GIB);
