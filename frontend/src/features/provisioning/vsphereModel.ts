// The vSphere part of the new-cluster wizard: its form (node groups edited as strings), the
// VsphereSpecInput it sends, the checks the browser makes against the live inventory, where the
// planner's `vsphere.*` findings belong, and how a plan's VMs and their settings are shown.
import type {
  DiskProvisioning,
  FieldError,
  LatencySensitivity,
  NodeGroupKind,
  PlannedVm,
  VcenterInventory,
  VmSetting,
  VsphereNodeGroup,
  VsphereSpecInput,
} from '../../api/types';
import { clusterOf, datacenterOf, isUsableHost } from '../vcenters/inventoryModel';

export interface NodeGroupForm {
  /** Stable React key (groups are added and removed). */
  key: number;
  name: string;
  kind: NodeGroupKind;
  count: string;
  vcpu: string;
  memoryGb: string;
  /** Workers: one disk of this size per datastore; empty for a master. */
  dataDiskGb: string;
}

export interface VsphereForm {
  /** The connection's name (what the spec names). */
  connection: string;
  datacenter: string;
  cluster: string;
  /** Empty: `granary/<cluster name>`, created. */
  folder: string;
  template: string;
  network: string;
  datastores: string[];
  diskProvisioning: DiskProvisioning;
  latencySensitivity: LatencySensitivity;
  nodeGroups: NodeGroupForm[];
}

/** Exhaustive over the contract's disk provisioning types. */
export const DISK_PROVISIONING: Record<DiskProvisioning, { label: string; hint: string }> = {
  eagerZeroedThick: {
    label: 'Thick, eager-zeroed',
    hint: 'Every block written before first use: no first-write penalty (the BDE choice for HDFS)',
  },
  thick: { label: 'Thick, lazy-zeroed', hint: 'Space reserved, zeroed on first write' },
  thin: { label: 'Thin', hint: 'Space taken as written; datastores can run out under load' },
};

export const LATENCY_SENSITIVITY: Record<LatencySensitivity, { label: string; hint: string }> = {
  high: {
    label: 'High',
    hint: 'Full CPU and memory reservation, exclusive cores: within 7% of native in the BDE runs',
  },
  normal: { label: 'Normal', hint: 'No reservation: VMs share the hosts with others' },
};

export const NODE_KINDS: Record<NodeGroupKind, { label: string; roles: string }> = {
  master: { label: 'master', roles: 'NameNode, HMaster, ZooKeeper' },
  worker: { label: 'worker', roles: 'DataNode, RegionServer' },
};

let nextKey = 1;
export function nodeGroup(
  kind: NodeGroupKind,
  partial: Partial<NodeGroupForm> = {},
): NodeGroupForm {
  const base: NodeGroupForm =
    kind === 'master'
      ? { key: 0, name: 'master', kind, count: '1', vcpu: '4', memoryGb: '16', dataDiskGb: '' }
      : { key: 0, name: 'worker', kind, count: '3', vcpu: '8', memoryGb: '64', dataDiskGb: '200' };
  return { ...base, ...partial, key: nextKey++ };
}

export function initialVsphere(): VsphereForm {
  return {
    connection: '',
    datacenter: '',
    cluster: '',
    folder: '',
    template: '',
    network: '',
    datastores: [],
    diskProvisioning: 'eagerZeroedThick',
    latencySensitivity: 'high',
    nodeGroups: [nodeGroup('master'), nodeGroup('worker')],
  };
}

/** The folder the VMs go in when none is picked. */
export const defaultFolder = (clusterName: string) =>
  `granary/${clusterName.trim() || '<cluster>'}`;

/**
 * Picking a connection or datacenter clears what depended on it; with a single choice left the
 * next level is taken (a simulator has one of each).
 */
export function pickConnection(f: VsphereForm, connection: string): VsphereForm {
  if (connection === f.connection) return f;
  return {
    ...f,
    connection,
    datacenter: '',
    cluster: '',
    folder: '',
    template: '',
    network: '',
    datastores: [],
  };
}

export function pickDatacenter(f: VsphereForm, datacenter: string): VsphereForm {
  if (datacenter === f.datacenter) return f;
  return { ...f, datacenter, cluster: '', folder: '', template: '', network: '', datastores: [] };
}

/** Fills the single choices of each level the inventory offers, leaves the rest. */
export function withSingleChoices(
  f: VsphereForm,
  inventory: VcenterInventory | undefined,
): VsphereForm {
  if (!inventory) return f;
  let next = f;
  if (next.datacenter === '' && inventory.datacenters.length === 1)
    next = { ...next, datacenter: inventory.datacenters[0]!.name };
  const dc = datacenterOf(inventory, next.datacenter);
  if (!dc) return next;
  if (next.cluster === '' && dc.clusters.length === 1)
    next = { ...next, cluster: dc.clusters[0]!.name };
  if (next.template === '' && dc.templates.length === 1)
    next = { ...next, template: dc.templates[0]!.name };
  if (next.network === '' && dc.networks.length === 1)
    next = { ...next, network: dc.networks[0]!.name };
  if (next.datastores.length === 0 && dc.datastores.length === 1)
    next = { ...next, datastores: [dc.datastores[0]!.name] };
  return next === f ? f : next;
}

const toInt = (v: string) => {
  const t = v.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isInteger(n) ? n : undefined;
};
const toNum = (v: string) => {
  const t = v.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
};

/** The spec's `vsphere` part; numbers the browser could not read go as 0 (the server says why). */
export function vsphereSpec(f: VsphereForm, clusterName: string): VsphereSpecInput {
  return {
    connection: f.connection,
    datacenter: f.datacenter,
    cluster: f.cluster,
    folder: f.folder.trim() || defaultFolder(clusterName),
    template: f.template,
    network: f.network,
    datastores: [...f.datastores],
    diskProvisioning: f.diskProvisioning,
    latencySensitivity: f.latencySensitivity,
    nodeGroups: f.nodeGroups.map((g): VsphereNodeGroup => {
      const group: VsphereNodeGroup = {
        name: g.name.trim(),
        kind: g.kind,
        count: toInt(g.count) ?? 0,
        vcpu: toInt(g.vcpu) ?? 0,
        memoryGb: toNum(g.memoryGb) ?? 0,
      };
      const disk = toInt(g.dataDiskGb);
      if (disk != null) group.dataDiskGb = disk;
      return group;
    }),
  };
}

/** `<cluster>-<group>-<n>`: the VM names (and host names) the plan will give. */
export function vmNames(clusterName: string, f: VsphereForm): string[] {
  return f.nodeGroups.flatMap((g) => {
    const n = toInt(g.count) ?? 0;
    return Array.from(
      { length: Math.max(0, Math.min(n, 64)) },
      (_, i) => `${clusterName.trim()}-${g.name.trim()}-${i + 1}`,
    );
  });
}

const GROUP_NAME = /^[a-z][a-z0-9-]{0,30}$/;
const GIB = 1024 ** 3;

/** A field of the vSphere form a finding can land on. */
export type VsphereInput =
  | 'connection'
  | 'datacenter'
  | 'cluster'
  | 'folder'
  | 'template'
  | 'network'
  | 'datastores'
  | 'diskProvisioning'
  | 'latencySensitivity'
  | 'nodeGroups';

export type GroupPart = 'name' | 'kind' | 'count' | 'vcpu' | 'memoryGb' | 'dataDiskGb';

/**
 * The browser's checks: every pick made, the groups' numbers within the contract's bounds, a
 * master and a worker group, and against the inventory read: enough connected ESXi hosts for one
 * worker VM each, and room on each datastore for the data disks. Field names as the server's.
 */
export function validateVsphere(f: VsphereForm, inventory?: VcenterInventory): FieldError[] {
  const errors: FieldError[] = [];
  const need = (field: VsphereInput, ok: boolean, message: string) => {
    if (!ok) errors.push({ field: `vsphere.${field}`, message });
  };
  need('connection', f.connection !== '', 'pick a vCenter connection');
  need('datacenter', f.datacenter !== '', 'pick a datacenter');
  need('cluster', f.cluster !== '', 'pick a compute cluster');
  need('template', f.template !== '', 'pick the template the VMs are cloned from');
  need('network', f.network !== '', 'pick the network of the VMs');
  need('datastores', f.datastores.length > 0, 'pick at least one datastore for the data disks');

  const names = new Set<string>();
  f.nodeGroups.forEach((g, i) => {
    const at = (part: GroupPart, message: string) =>
      errors.push({ field: `vsphere.nodeGroups[${i}].${part}`, message });
    const name = g.name.trim();
    if (!GROUP_NAME.test(name))
      at('name', "lowercase letters, digits and '-', starting with a letter (at most 31)");
    else if (names.has(name)) at('name', `another group is called ${name}`);
    names.add(name);
    const count = toInt(g.count);
    if (count == null || count < 1 || count > 64) at('count', 'a whole number, 1–64');
    const vcpu = toInt(g.vcpu);
    if (vcpu == null || vcpu < 1 || vcpu > 768) at('vcpu', 'a whole number, 1–768');
    const mem = toNum(g.memoryGb);
    if (mem == null || mem < 1 || mem > 24576) at('memoryGb', 'at least 1 GB');
    const disk = toInt(g.dataDiskGb);
    if (g.kind === 'worker' && g.dataDiskGb.trim() === '')
      at('dataDiskGb', 'workers need a data disk size (GB)');
    else if (g.dataDiskGb.trim() !== '' && (disk == null || disk < 1 || disk > 65536))
      at('dataDiskGb', 'a whole number of GB, 1–65536');
  });
  if (f.nodeGroups.length === 0) need('nodeGroups', false, 'add a master and a worker group');
  else {
    need(
      'nodeGroups',
      f.nodeGroups.some((g) => g.kind === 'master'),
      'add a master group (NameNode, HMaster, ZooKeeper)',
    );
    need(
      'nodeGroups',
      f.nodeGroups.some((g) => g.kind === 'worker'),
      'add a worker group (DataNode, RegionServer)',
    );
  }

  // Against the inventory read for this connection (the planner checks the same, live).
  const dc = datacenterOf(inventory, f.datacenter);
  const cluster = clusterOf(dc, f.cluster);
  const workers = f.nodeGroups
    .filter((g) => g.kind === 'worker')
    .reduce((n, g) => n + (toInt(g.count) ?? 0), 0);
  if (cluster) {
    const usable = cluster.hosts.filter(isUsableHost).length;
    if (workers > usable)
      errors.push({
        field: 'vsphere.cluster',
        message: `too-few-esxi-hosts: ${workers} worker VMs need ${workers} connected ESXi hosts (one each, anti-affinity); ${f.cluster} has ${usable}`,
      });
  }
  if (dc) {
    const perDatastoreGb = f.nodeGroups.reduce(
      (n, g) => n + (toInt(g.count) ?? 0) * (toInt(g.dataDiskGb) ?? 0),
      0,
    );
    f.datastores.forEach((name, i) => {
      const ds = dc.datastores.find((d) => d.name === name);
      if (ds?.freeBytes != null && perDatastoreGb * GIB > ds.freeBytes)
        errors.push({
          field: `vsphere.datastores[${i}]`,
          message: `datastore-too-small: ${name} has ${Math.floor(ds.freeBytes / GIB)} GB free, the data disks need ${perDatastoreGb} GB`,
        });
    });
  }
  return errors;
}

// ---------------------------------------------------------------- the plan's VMs

/** The settings every VM row shows as a column (the rest are in the settings table). */
export const VM_COLUMNS = ['num_cpus', 'memory_mb', 'mtu'] as const;

export const settingOf = (vm: PlannedVm, key: string): VmSetting | undefined =>
  vm.settings.find((s) => s.key === key);

export interface VmSettingRow extends VmSetting {
  /** The VMs with exactly this value, source and rule. */
  vms: string[];
}

/**
 * Every VM setting once per distinct (key, value, source, rule), with the VMs that have it; keys
 * in the order the planner gives them. Identical VMs of a group collapse to one row per setting.
 */
export function vmSettingRows(vms: readonly PlannedVm[]): VmSettingRow[] {
  const rows = new Map<string, VmSettingRow>();
  const order: string[] = [];
  for (const vm of vms) {
    for (const s of vm.settings) {
      if (!order.includes(s.key)) order.push(s.key);
      const id = JSON.stringify([s.key, s.value, s.source, s.rule ?? '']);
      const row = rows.get(id);
      if (row) row.vms.push(vm.name);
      else rows.set(id, { ...s, vms: [vm.name] });
    }
  }
  return [...rows.values()].sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
}

/** "vm1-worker-1, vm1-worker-2, vm1-worker-3" → "every VM" when it is all of them. */
export function vmsText(names: readonly string[], all: number): string {
  return names.length === all && all > 1 ? `every VM (${all})` : names.join(', ');
}

/** 65536 MB → "64 GB". */
export function formatMemoryMb(value: string | number | undefined): string {
  const mb = Number(value);
  if (value == null || !Number.isFinite(mb)) return String(value ?? '—');
  return mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`;
}

/** A cluster whose VMs Granary created: one of its installed versions is a vsphere_install. */
export const isOnVsphere = (versions: readonly { playbook: string }[]) =>
  versions.some((v) => v.playbook === 'vsphere_install');
