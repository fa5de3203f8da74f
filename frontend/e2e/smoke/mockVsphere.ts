// The vSphere part of the mocked API's data: connections and their inventory (the component
// tests' fixtures), a VM plan derived from a spec's node groups, and a vsphere_install's tasks.
import type {
  ClusterSpecInput,
  ConfigEntry,
  FieldError,
  PlannedHostView,
  PlannedVm,
  ProvisioningPlan,
  ProvisioningTask,
  VmSetting,
} from '../../src/api/types';
import {
  vcenterFixture,
  vcenterInventoryFixture,
  vcenterTestFixture,
} from '../../src/test/fixtures';
import { installTasks, iso } from './mockData';

export const vcenters = [vcenterFixture];
export const vcenterInventory = vcenterInventoryFixture;
export const vcenterTest = vcenterTestFixture;
/** A connection saved with this password fails its test as vCenter would. */
export const WRONG_PASSWORD = 'wrong-password';

const ESXI = vcenterInventoryFixture.datacenters[0]!.clusters[0]!.hosts;
const NETWORKS = vcenterInventoryFixture.datacenters[0]!.networks;

/** The planner's findings on a vSphere spec: a VM larger than its ESXi host. */
export function vsphereErrors(spec: ClusterSpecInput): FieldError[] {
  const groups = spec.vsphere?.nodeGroups ?? [];
  return groups.flatMap((g, i) =>
    g.memoryGb > 64
      ? [
          {
            field: `vsphere.nodeGroups[${i}].memoryGb`,
            message: `vm-exceeds-esxi-host: ${g.memoryGb} GiB of memory, reserved in full, but ${ESXI[0]!.name} has 64 GiB`,
          },
        ]
      : [],
  );
}

const set = (key: string, value: string, source: VmSetting['source'], rule?: string): VmSetting =>
  rule ? { key, value, source, rule } : { key, value, source };

/** VMs `<cluster>-<group>-<n>`, workers round-robin over the ESXi hosts, masters from the first. */
export function vspherePlan(spec: ClusterSpecInput): ProvisioningPlan {
  const vs = spec.vsphere!;
  const network = NETWORKS.find((n) => n.name === vs.network);
  const jumbo = (network?.mtu ?? 0) >= 9000;
  let worker = 0;
  const vms: PlannedVm[] = vs.nodeGroups.flatMap((g) =>
    Array.from({ length: g.count }, (_, i): PlannedVm => {
      const host = ESXI[g.kind === 'worker' ? worker++ % ESXI.length : i % ESXI.length]!;
      const memoryMb = Math.round(g.memoryGb * 1024);
      const high = (vs.latencySensitivity ?? 'high') === 'high';
      return {
        name: `${spec.name}-${g.name}-${i + 1}`,
        group: g.name,
        esxiHost: host.name,
        rack: `/${host.name}`,
        settings: [
          set('num_cpus', String(g.vcpu), 'USER_OVERRIDE', `${g.name}.vcpu`),
          set(
            'cores_per_socket',
            String(g.vcpu),
            'SIZING_RULE',
            `one socket: ${g.vcpu} vCPU ≤ ${host.cpuCores} cores of ${host.name}`,
          ),
          set(
            'memory_mb',
            String(memoryMb),
            'USER_OVERRIDE',
            `${g.name}.memoryGb ${g.memoryGb} × 1024`,
          ),
          set(
            'memory_reservation_lock',
            String(high),
            'SIZING_RULE',
            high
              ? "latency sensitivity high: vSphere requires all of the VM's memory reserved"
              : 'latency sensitivity normal: no reservation',
          ),
          set(
            'cpu_reservation_mhz',
            String(high ? g.vcpu * (host.cpuMhz ?? 0) : 0),
            'SIZING_RULE',
            `vCPU × ${host.cpuMhz} MHz of ${host.name}`,
          ),
          set(
            'latency_sensitivity',
            vs.latencySensitivity ?? 'high',
            vs.latencySensitivity ? 'USER_OVERRIDE' : 'DEFAULT',
          ),
          set('device_type', 'vmxnet3', 'DEFAULT', 'the paravirtual NIC'),
          set(
            'mtu',
            jumbo ? '9000' : '1500',
            'SIZING_RULE',
            `network '${vs.network}' has MTU ${network?.mtu ?? 'unknown'}${jumbo ? ' (≥ 9000): jumbo frames' : ' (< 9000): no jumbo frames'}`,
          ),
          set(
            'ethernet0.ctxPerDev',
            '1',
            'DEFAULT',
            'a dedicated transmit context for a latency-sensitive VM',
          ),
        ],
        disks:
          g.dataDiskGb == null
            ? []
            : vs.datastores.map((datastore, unit) => ({
                datastore,
                sizeGb: g.dataDiskGb!,
                type: (vs.diskProvisioning ?? 'eagerZeroedThick').toLowerCase(),
                controller: 1,
                unit,
              })),
      };
    }),
  );
  const groupOf = (vm: PlannedVm) => vs.nodeGroups.find((g) => g.name === vm.group)!;
  const hosts: PlannedHostView[] = vms.map((vm, i) => {
    const g = groupOf(vm);
    const roles =
      g.kind === 'master'
        ? ['zookeeper', 'namenode', 'hbase_master']
        : ['datanode', 'regionserver'];
    return {
      hostname: vm.name,
      address: `10.20.0.${11 + i}`,
      rack: vm.rack,
      cores: g.vcpu,
      ramMb: Math.round(g.memoryGb * 1024),
      roles,
      heaps: roles.map((role): ConfigEntry => ({
        file: 'jvm-heaps',
        key: role,
        value: role === 'regionserver' ? `${Math.min(31, Math.floor(g.memoryGb) - 2)}g` : '1g',
        source: role === 'regionserver' ? 'SIZING_RULE' : 'DEFAULT',
        rule:
          role === 'regionserver'
            ? "the VM's memory − 1 GiB for the OS − 1 GiB per other daemon"
            : undefined,
        host: vm.name,
      })),
    };
  });
  const workers = vms.filter((vm) => groupOf(vm).kind === 'worker').map((vm) => vm.name);
  const folder = `/${vs.datacenter}/vm/${vs.folder ?? `granary/${spec.name}`}`;
  return {
    cluster: spec.name,
    profile: spec.profile ?? 'default',
    workload: spec.workload,
    infrastructure: 'vsphere',
    hosts,
    vms,
    drsRule: { name: `${spec.name}-workers`, kind: 'anti-affinity', mandatory: true, vms: workers },
    config: [
      {
        file: 'hdfs-site',
        key: 'dfs.replication',
        value: String(Math.min(3, workers.length)),
        source: 'SIZING_RULE',
        rule: 'min(3, DataNodes)',
      },
      {
        file: 'core-site',
        key: 'net.topology.script.file.name',
        value: '/etc/granary/rack.sh',
        source: 'SIZING_RULE',
        rule: 'rack = ESXi host',
      },
    ],
    warnings: [],
    shellCommands: [
      ...vms.map(
        (vm) =>
          `govc vm.clone -vm ${vs.template} -folder ${folder} -host ${vm.esxiHost} -ds ${vs.datastores[0]} -on=false ${vm.name}`,
      ),
      `govc cluster.rule.create -cluster ${vs.cluster} -name ${spec.name}-workers -enable -mandatory -anti-affinity ${workers.join(' ')}`,
      'cd /opt/granary/ansible && ansible-playbook vsphere_vms.yml -e @vsphere.yml && ansible-playbook -i hosts.yml install.yml',
    ],
  };
}

/** vsphere_vms.yml's results (on localhost, one per VM), then install.yml's on the VMs. */
export function vsphereInstallTasks(vms: readonly string[]): ProvisioningTask[] {
  const rows: Omit<ProvisioningTask, 'seq' | 'at'>[] = [
    { task: 'Create the VMs in vCenter', status: 'play' },
    ...vms.map((vm) => ({
      host: 'localhost',
      task: `Clone ${vm} from the template`,
      status: 'changed',
    })),
    ...vms.map((vm) => ({ host: 'localhost', task: `Reconfigure ${vm}`, status: 'changed' })),
    { host: 'localhost', task: 'Add the DRS anti-affinity rule', status: 'changed' },
    ...vms.map((vm) => ({
      host: 'localhost',
      task: `Wait for the address of ${vm}`,
      status: 'ok',
    })),
  ];
  const vmTasks = rows.map((r, i) => ({ ...r, seq: i + 1, at: iso(60_000 - i * 1_000) }));
  const install = installTasks(vms).map((t) => ({ ...t, seq: t.seq + vmTasks.length }));
  return [...vmTasks, ...install];
}

/** vsphere_destroy.yml's results. */
export function vsphereDestroyTasks(vms: readonly string[], cluster: string): ProvisioningTask[] {
  const rows: Omit<ProvisioningTask, 'seq' | 'at'>[] = [
    { task: 'Destroy the VMs of the cluster', status: 'play' },
    ...vms.map((vm) => ({
      host: 'localhost',
      task: `Power off and delete ${vm}`,
      status: 'changed',
    })),
    { host: 'localhost', task: `Remove the DRS rule ${cluster}-workers`, status: 'changed' },
    { host: 'localhost', task: `Remove the folder granary/${cluster}`, status: 'changed' },
  ];
  return rows.map((r, i) => ({ ...r, seq: i + 1, at: iso(10_000 - i * 1_000) }));
}
