// The new-cluster wizard: its state, the ClusterSpecInput it sends, and where the planner's
// findings (problem+json field errors "code: message") belong among the steps and inputs.
import { isApiError } from '../../api/problem';
import type {
  ClusterSpecInput,
  FieldError,
  Host,
  Infrastructure,
  KerberosProtection,
  KerberosSpecInput,
  ProvisioningPlan,
  ProvisioningProfile,
  ProvisioningWorkload,
  VcenterInventory,
} from '../../api/types';
import {
  type GroupPart,
  initialVsphere,
  validateVsphere,
  type VsphereForm,
  type VsphereInput,
  vsphereSpec,
} from './vsphereModel';

export type WizardStep = 'cluster' | 'hosts' | 'review' | 'install';

export const STEPS: readonly { id: WizardStep; label: string }[] = [
  { id: 'cluster', label: 'Cluster' },
  { id: 'hosts', label: 'Hosts' },
  { id: 'review', label: 'Review plan' },
  { id: 'install', label: 'Install' },
];

export const stepIndex = (step: WizardStep) => STEPS.findIndex((s) => s.id === step);

/** The steps with their labels for this infrastructure: on vSphere the hosts are VMs. */
export function wizardSteps(
  infrastructure: Infrastructure,
): readonly { id: WizardStep; label: string }[] {
  return infrastructure === 'vsphere'
    ? STEPS.map((s) => (s.id === 'hosts' ? { ...s, label: 'VMs' } : s))
    : STEPS;
}

/** Exhaustive over the contract's infrastructures. */
export const INFRASTRUCTURES: Record<Infrastructure, { label: string; hint: string }> = {
  'bare-metal': {
    label: 'Bare metal',
    hint: 'Hosts of the inventory, reached over SSH',
  },
  vsphere: {
    label: 'vSphere',
    hint: 'Granary clones VMs from a template in vCenter, then installs on them',
  },
};

/** Exhaustive over the contract's profiles; texts follow the planner's Profile enum. */
export const PROFILES: Record<ProvisioningProfile, { label: string; hint: string }> = {
  lab: {
    label: 'lab',
    hint: 'Hosts sharing one machine: tiny heaps, RegionServer at most 1 GiB',
  },
  small: {
    label: 'small',
    hint: '1 GiB for the OS, 512 MiB–1 GiB per daemon, the RegionServer gets the rest',
  },
  default: {
    label: 'default',
    hint: '1 GiB for the OS and per daemon, the RegionServer gets the rest (at most 31 GiB)',
  },
};

/** Exhaustive over the contract's workloads: block cache / memstore shares of the RS heap. */
export const WORKLOADS: Record<ProvisioningWorkload, { label: string; hint: string }> = {
  balanced: { label: 'balanced', hint: 'Block cache 0.4, memstores 0.4 of the RegionServer heap' },
  'read-heavy': { label: 'read-heavy', hint: 'Block cache 0.55, memstores 0.25' },
  'write-heavy': { label: 'write-heavy', hint: 'Block cache 0.25, memstores 0.55' },
};

export type ZookeeperChoice = 'auto' | '1' | '3';
export const ZOOKEEPER_CHOICES: readonly { value: ZookeeperChoice; label: string }[] = [
  { value: 'auto', label: 'Automatic' },
  { value: '1', label: '1' },
  { value: '3', label: '3 (a quorum)' },
];

export type HaChoice = 'auto' | 'on' | 'off';
export const HA_CHOICES: readonly { value: HaChoice; label: string }[] = [
  { value: 'auto', label: 'Automatic' },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off (one NameNode, one HMaster)' },
];

/** The planner's roles, in its order (also the Ansible group names). */
export const ROLES = ['zookeeper', 'namenode', 'hbase_master', 'datanode', 'regionserver'] as const;
export type RoleId = (typeof ROLES)[number];
export const ROLE_LABEL: Record<RoleId, string> = {
  zookeeper: 'ZooKeeper',
  namenode: 'NameNode',
  hbase_master: 'HMaster',
  datanode: 'DataNode',
  regionserver: 'RegionServer',
};
/** Placed by the planner beside the HA roles; shown in the plan, not picked per host. */
const PLANNED_ROLE_LABEL: Record<string, string> = {
  journalnode: 'JournalNode',
  zkfc: 'ZKFC',
};

export function roleLabel(role: string): string {
  return (ROLE_LABEL as Record<string, string>)[role] ?? PLANNED_ROLE_LABEL[role] ?? role;
}

/** HDFS's built-in policies: the only ones the install can enable without a policy file. */
export const EC_POLICIES = [
  { name: 'RS-3-2-1024k', hint: '5 DataNodes' },
  { name: 'RS-6-3-1024k', hint: '9 DataNodes' },
  { name: 'RS-10-4-1024k', hint: '14 DataNodes' },
  { name: 'RS-LEGACY-6-3-1024k', hint: '9 DataNodes' },
  { name: 'XOR-2-1-1024k', hint: '3 DataNodes' },
] as const;

/** Exhaustive over the contract's levels, weakest first; each adds to the one before. */
export const PROTECTIONS: Record<KerberosProtection, { label: string; meaning: string }> = {
  authentication: { label: 'authentication', meaning: 'authentication only' },
  integrity: { label: 'integrity', meaning: '+ integrity checksums' },
  privacy: { label: 'privacy', meaning: '+ encryption' },
};

/** The Security fieldset: Kerberos with a KDC that Granary runs on one of the cluster's hosts. */
export interface SecurityForm {
  kerberos: boolean;
  realm: string;
  /** The KDC's host by address; empty: the first chosen host. */
  kdcHost: string;
  rpcProtection: KerberosProtection;
  dataTransferProtection: KerberosProtection;
}

export interface WizardState {
  name: string;
  infrastructure: Infrastructure;
  /** The vSphere choices (kept while bare metal is picked, so switching back loses nothing). */
  vsphere: VsphereForm;
  profile: ProvisioningProfile;
  workload: ProvisioningWorkload;
  zookeeper: ZookeeperChoice;
  ha: HaChoice;
  ecPolicies: string[];
  /** Selected inventory hosts by address → explicit roles (empty: automatic placement). */
  selected: Record<string, string[]>;
  /** Bare metal only (the API refuses Kerberos on vSphere); kept while vSphere is picked. */
  security: SecurityForm;
}

export function initialWizard(): WizardState {
  return {
    name: '',
    infrastructure: 'bare-metal',
    vsphere: initialVsphere(),
    profile: 'default',
    workload: 'balanced',
    zookeeper: 'auto',
    ha: 'auto',
    ecPolicies: [],
    selected: {},
    security: {
      kerberos: false,
      realm: '',
      kdcHost: '',
      rpcProtection: 'authentication',
      dataTransferProtection: 'authentication',
    },
  };
}

/** `GRANARY.<CLUSTER NAME>`, upper case as realms are by convention. */
export function defaultRealm(name: string): string {
  const suffix = name
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9.-]+/g, '-');
  return `GRANARY.${suffix || 'LOCAL'}`;
}

/** A new name; the realm follows it while it is still the default of the old one. */
export function renameCluster(state: WizardState, name: string): WizardState {
  const security = state.security;
  return security.realm === defaultRealm(state.name)
    ? { ...state, name, security: { ...security, realm: defaultRealm(name) } }
    : { ...state, name };
}

export function setKerberos(state: WizardState, on: boolean): WizardState {
  const security = state.security;
  const realm = on && security.realm.trim() === '' ? defaultRealm(state.name) : security.realm;
  return { ...state, security: { ...security, kerberos: on, realm } };
}

/** The selected hosts, in inventory order (as the spec lists them). */
export function chosenHosts(state: WizardState, inventory: readonly Host[]): Host[] {
  return inventory.filter((h) => state.selected[h.address] != null);
}

/** The managed KDC's address: the one picked, else the first chosen host ('' when none). */
export function kdcAddress(state: WizardState, inventory: readonly Host[]): string {
  return state.security.kdcHost || (chosenHosts(state, inventory)[0]?.address ?? '');
}

/** Whether the spec will ask for Kerberos (never on vSphere). */
export const kerberosOn = (state: WizardState) =>
  state.security.kerberos && state.infrastructure === 'bare-metal';

export function toggleHost(state: WizardState, address: string, on: boolean): WizardState {
  const selected = { ...state.selected };
  if (on) selected[address] = selected[address] ?? [];
  else delete selected[address];
  return { ...state, selected };
}

export function toggleRole(
  state: WizardState,
  address: string,
  role: RoleId,
  on: boolean,
): WizardState {
  const roles = state.selected[address];
  if (!roles) return state;
  const next = on ? [...new Set([...roles, role])] : roles.filter((r) => r !== role);
  return { ...state, selected: { ...state.selected, [address]: next } };
}

export function toggleList(list: readonly string[], value: string, on: boolean): string[] {
  return on ? [...new Set([...list, value])] : list.filter((v) => v !== value);
}

/**
 * The spec the plan and the install get. Hosts go in inventory order (the planner puts the
 * NameNode and ZooKeeper on the first ones) and name only their address: the backend fills
 * cores, RAM, disks and rack from the inventory. Roles are left out unless chosen (an empty
 * list is an error: it runs nothing).
 */
export function buildSpec(state: WizardState, inventory: readonly Host[]): ClusterSpecInput {
  const common = () => {
    const spec: Omit<ClusterSpecInput, 'infrastructure'> = {
      name: state.name.trim(),
      profile: state.profile,
      workload: state.workload,
    };
    if (state.zookeeper !== 'auto') spec.zookeeperCount = state.zookeeper === '3' ? 3 : 1;
    if (state.ha !== 'auto') spec.ha = state.ha === 'on';
    const ec = EC_POLICIES.map((p) => p.name).filter((p) => state.ecPolicies.includes(p));
    if (ec.length > 0) spec.erasureCodingPolicies = ec;
    return spec;
  };
  if (state.infrastructure === 'vsphere') {
    // no hosts: the VMs become them
    return {
      ...common(),
      infrastructure: 'vsphere',
      vsphere: vsphereSpec(state.vsphere, state.name),
    };
  }
  const hosts = chosenHosts(state, inventory).map((h) => {
    const roles = ROLES.filter((r) => state.selected[h.address]!.includes(r));
    return roles.length > 0 ? { address: h.address, roles } : { address: h.address };
  });
  const { erasureCodingPolicies, ...rest } = common();
  const spec: ClusterSpecInput = { ...rest, infrastructure: 'bare-metal', hosts };
  if (erasureCodingPolicies) spec.erasureCodingPolicies = erasureCodingPolicies;
  if (kerberosOn(state)) {
    const k = state.security;
    spec.security = {
      kerberos: {
        realm: k.realm.trim(),
        kdc: { managed: { host: kdcAddress(state, inventory) } },
        rpcProtection: k.rpcProtection,
        dataTransferProtection: k.dataTransferProtection,
      },
    };
  }
  return spec;
}

// ---------------------------------------------------------------- client checks

const CLUSTER_NAME = /^[a-z][a-z0-9-]{0,62}$/;
const REALM = /^[A-Z0-9.-]+$/;
const REALM_FIELD = 'security.kerberos.realm';
const KDC_HOST_FIELD = 'security.kerberos.kdc.managed.host';

/** The planner's realm rule, said the same way (kerberos-realm-invalid). */
function validateRealm(value: string): FieldError[] {
  const realm = value.trim();
  if (realm === '') {
    return [
      {
        field: REALM_FIELD,
        message: 'a realm is required: the Kerberos realm in upper case, e.g. GRANARY.TEST',
      },
    ];
  }
  if (REALM.test(realm)) return [];
  const upper = realm.toUpperCase();
  return [
    {
      field: REALM_FIELD,
      message: REALM.test(upper)
        ? `"${realm}" is not upper case: write ${upper} (realms are case-sensitive; upper-case letters, digits, '.' and '-' only)`
        : `"${realm}" is not a realm: upper-case letters, digits, '.' and '-' only, e.g. GRANARY.TEST`,
    },
  ];
}

/** What the browser can tell before asking for a plan; the planner checks everything again. */
export function validateStep(
  step: WizardStep,
  state: WizardState,
  inventory: readonly Host[],
  /** vSphere: the inventory of the picked connection, when read. */
  facts?: VcenterInventory,
): FieldError[] {
  if (step === 'cluster') {
    const name = state.name.trim();
    const errors: FieldError[] = [];
    if (name === '') errors.push({ field: 'name', message: 'a name is required' });
    else if (!CLUSTER_NAME.test(name)) {
      errors.push({
        field: 'name',
        message: "lowercase letters, digits and '-', starting with a letter (at most 63)",
      });
    }
    if (kerberosOn(state)) errors.push(...validateRealm(state.security.realm));
    return errors;
  }
  if (step === 'hosts' && state.infrastructure === 'vsphere') {
    return validateVsphere(state.vsphere, facts);
  }
  if (step === 'hosts') {
    const chosen = chosenHosts(state, inventory);
    if (chosen.length === 0) return [{ field: 'hosts', message: 'select at least one host' }];
    // The KDC was picked in the Cluster step; unselecting its host here must not go unnoticed.
    const kdc = state.security.kdcHost;
    if (kerberosOn(state) && kdc && !chosen.some((h) => h.address === kdc)) {
      return [
        {
          field: KDC_HOST_FIELD,
          message: `the KDC host ${kdc} is no longer among the chosen hosts: select it again, or pick another KDC host in the Cluster step`,
        },
      ];
    }
    return [];
  }
  return [];
}

// ---------------------------------------------------------------- planner findings

/** Titles of the planner's stable finding codes (FindingCode); unknown codes show as they are. */
export const FINDING_TITLE: Record<string, string> = {
  'invalid-spec': 'Invalid spec',
  'invalid-cluster-name': 'Invalid cluster name',
  'unknown-profile': 'Unknown profile',
  'unknown-workload': 'Unknown workload',
  'invalid-ssh-user': 'Invalid SSH user',
  'no-hosts': 'No hosts',
  'invalid-address': 'Invalid address',
  'duplicate-address': 'Duplicate address',
  'invalid-hostname': 'Invalid host name',
  'duplicate-hostname': 'Duplicate host name',
  'invalid-cores': 'Cores missing',
  'invalid-ram': 'RAM missing',
  'invalid-data-disk': 'Invalid data disk',
  'no-data-disks': 'No data disk',
  'invalid-rack': 'Invalid rack',
  'rack-depth-mismatch': 'Racks of different depth',
  'unknown-role': 'Unknown role',
  'zookeeper-count': 'ZooKeeper count',
  'missing-role': 'Missing role',
  'duplicate-role': 'Duplicate role',
  'ram-too-small': 'Not enough RAM',
  'unknown-ec-policy': 'Unknown EC policy',
  'ec-policy-too-wide': 'EC policy too wide',
  'unknown-override-file': 'Unknown override file',
  'invalid-override-value': 'Invalid override',
  'cache-fractions-too-large': 'Cache fractions too large',
  'unreachable-host': 'Host unreachable',
  'unknown-override-key': 'Unknown override key',
  'ec-racks-below-width': 'Fewer racks than the stripe',
  'low-replication': 'Low replication',
  'ha-too-few-hosts': 'HA needs 3 hosts',
  'ha-namenode-count': 'HA needs 2 NameNodes',
  'ha-namenodes-same-host': 'Both NameNodes on one host',
  'zkfc-placement': 'ZKFC not beside its NameNode',
  'journalnode-count': 'Too few JournalNodes',
  'journalnode-count-even': 'Even number of JournalNodes',
  'backup-master-missing': 'No backup HMaster',
  'ha-role-without-ha': 'HA role without HA',
  'vcenter-unreachable': 'vCenter unreachable',
  'vcenter-auth': 'vCenter refused the sign-in',
  'vcenter-tls': 'vCenter certificate not trusted',
  'unknown-infrastructure': 'Unknown infrastructure',
  'unexpected-vsphere-section': 'vSphere section on bare metal',
  'missing-vsphere-section': 'vSphere section missing',
  'vcenter-facts-required': 'vCenter not read',
  'invalid-vsphere-setting': 'Invalid vSphere setting',
  'template-nic-not-vmxnet3': 'Template NIC not vmxnet3',
  'drs-disabled': 'DRS off',
  'vm-exceeds-esxi-host': 'VM larger than its ESXi host',
  'unknown-datacenter': 'Unknown datacenter',
  'unknown-compute-cluster': 'Unknown compute cluster',
  'unknown-resource-pool': 'Unknown resource pool',
  'unknown-template': 'Unknown template',
  'unknown-network': 'Unknown network',
  'unknown-datastore': 'Unknown datastore',
  'datastore-too-small': 'Datastore too small',
  'too-few-esxi-hosts': 'Too few ESXi hosts',
  'vsphere-hosts-given': 'Hosts given on vSphere',
  'invalid-node-group': 'Invalid node group',
  'kerberos-realm-invalid': 'Invalid Kerberos realm',
  'kerberos-kdc-invalid': 'Invalid KDC',
  'kerberos-kdc-host-unknown': 'KDC host not in the spec',
  'kerberos-admin-missing': 'KDC admin missing',
  'kerberos-protection-invalid': 'Invalid protection level',
  'kerberos-vsphere-unsupported': 'Kerberos on vSphere',
  'kerberos-existing-kdc-unsupported': 'Existing KDC not supported yet',
  'kerberos-ha-unsupported': 'Kerberos with HA not supported yet',
};

/** "ram-too-small: needs …" → code and text; a message without a code is all text. */
export function parseFinding(message: string): { code?: string; text: string } {
  const m = /^([a-z][a-z0-9-]*):\s+([\s\S]*)$/.exec(message);
  return m ? { code: m[1], text: m[2]! } : { text: message };
}

/** Drops the request wrapper a validator may prefix (`spec.`, `body.spec.`). */
export function normalizeField(field: string): string {
  return field.replace(/^(?:body\.|request\.)?(?:spec\.)?/, '');
}

/** The inputs of the Cluster step a finding can name. */
export type ClusterInput =
  | 'name'
  | 'infrastructure'
  | 'profile'
  | 'workload'
  | 'zookeeperCount'
  | 'ha'
  | 'ecPolicies'
  | 'security'
  | 'realm'
  | 'kdcHost'
  | 'rpcProtection'
  | 'dataTransferProtection';

const CLUSTER_INPUT: Record<string, ClusterInput> = {
  name: 'name',
  infrastructure: 'infrastructure',
  profile: 'profile',
  workload: 'workload',
  zookeeperCount: 'zookeeperCount',
  ha: 'ha',
  erasureCoding: 'ecPolicies',
  erasureCodingPolicies: 'ecPolicies',
};

/** `security.kerberos.<part>…` → its input; the section as a whole lands on the fieldset. */
const SECURITY_INPUT: Record<string, ClusterInput> = {
  realm: 'realm',
  kdc: 'kdcHost',
  rpcProtection: 'rpcProtection',
  dataTransferProtection: 'dataTransferProtection',
};

export interface PlanProblem {
  /** As the server named it. */
  field: string;
  step: WizardStep;
  code?: string;
  text: string;
  /** Cluster step: the input it belongs to. */
  input?: ClusterInput;
  /** Hosts step: the spec's host index and its address. */
  hostIndex?: number;
  address?: string;
  /** The part of the host it names ("ramMb", "dataDisks[0]", "roles"). */
  hostPart?: string;
  /** VMs step (vSphere): the input it names. */
  vsphereInput?: VsphereInput;
  /** VMs step: the node group's index and the part of it ("count"), or the datastore's index. */
  groupIndex?: number;
  groupPart?: GroupPart;
  datastoreIndex?: number;
}

const VSPHERE_INPUTS: readonly VsphereInput[] = [
  'connection',
  'datacenter',
  'cluster',
  'folder',
  'template',
  'network',
  'datastores',
  'diskProvisioning',
  'latencySensitivity',
  'nodeGroups',
];
const GROUP_PARTS: readonly string[] = [
  'name',
  'kind',
  'count',
  'vcpu',
  'memoryGb',
  'dataDiskGb',
  'roles',
];

/** `vsphere.nodeGroups[1].count` → the input, group and part; `resourcePool` lands on the cluster. */
function locateVsphere(
  rest: string,
): Pick<PlanProblem, 'vsphereInput' | 'groupIndex' | 'groupPart' | 'datastoreIndex'> {
  const group = /^nodeGroups\[(\d+)\](?:\.([A-Za-z]+))?/.exec(rest);
  if (group) {
    const part = group[2] && GROUP_PARTS.includes(group[2]) ? (group[2] as GroupPart) : undefined;
    return { vsphereInput: 'nodeGroups', groupIndex: Number(group[1]), groupPart: part };
  }
  const ds = /^datastores\[(\d+)\]/.exec(rest);
  if (ds) return { vsphereInput: 'datastores', datastoreIndex: Number(ds[1]) };
  const head = /^[A-Za-z]+/.exec(rest)?.[0] ?? '';
  if (head === 'resourcePool') return { vsphereInput: 'cluster' };
  return (VSPHERE_INPUTS as readonly string[]).includes(head)
    ? { vsphereInput: head as VsphereInput }
    : {};
}

/** Where a finding belongs: its step, and the input or host it names. */
export function locateFinding(
  e: FieldError | { field: string; message: string },
  spec: ClusterSpecInput,
): PlanProblem {
  const field = normalizeField(e.field);
  const { code, text } = parseFinding(e.message);
  const base = { field: e.field, code, text };
  const host = /^hosts\[(\d+)\](?:\.(.+))?$/.exec(field);
  if (host) {
    const hostIndex = Number(host[1]);
    return {
      ...base,
      step: 'hosts',
      hostIndex,
      address: spec.hosts?.[hostIndex]?.address,
      hostPart: host[2],
    };
  }
  if (field === 'vsphere' || field.startsWith('vsphere.')) {
    return { ...base, step: 'hosts', ...locateVsphere(field.slice('vsphere.'.length)) };
  }
  if (field === 'hosts' || field === 'newHosts' || field === 'sshUser') {
    return { ...base, step: 'hosts' };
  }
  if (field === 'security' || field.startsWith('security.')) {
    const part = /^security\.kerberos\.([A-Za-z]+)/.exec(field)?.[1] ?? '';
    return { ...base, step: 'cluster', input: SECURITY_INPUT[part] ?? 'security' };
  }
  const head = /^[A-Za-z]+/.exec(field)?.[0] ?? '';
  const input = CLUSTER_INPUT[head];
  if (input) return { ...base, step: 'cluster', input };
  if (head === 'overrides') return { ...base, step: 'cluster' };
  // The spec as a whole, the playbook, or a field this console does not know.
  return { ...base, step: 'review' };
}

/** The findings of a failed plan or install call (400 field errors), each placed. */
export function planProblems(error: unknown, spec: ClusterSpecInput): PlanProblem[] {
  if (!isApiError(error) || error.fieldErrors.length === 0) return [];
  return error.fieldErrors.map((e) => locateFinding(e, spec));
}

export function problemsOfStep(problems: readonly PlanProblem[], step: WizardStep) {
  return problems.filter((p) => p.step === step);
}

/** The Cluster step's inputs → their findings' text (joined when several). */
export function clusterInputErrors(
  problems: readonly PlanProblem[],
): Partial<Record<ClusterInput, string>> {
  const map: Partial<Record<ClusterInput, string>> = {};
  for (const p of problems) {
    if (!p.input) continue;
    const text = p.code ? `${p.code}: ${p.text}` : p.text;
    map[p.input] = map[p.input] ? `${map[p.input]}; ${text}` : text;
  }
  return map;
}

/** Findings about one host (by address), for its row in the Hosts step. */
export function hostProblemsOf(problems: readonly PlanProblem[], address: string): PlanProblem[] {
  return problems.filter((p) => p.address === address);
}

const HOST_PART_LABEL: Record<string, string> = {
  address: 'address',
  hostname: 'host name',
  cores: 'cores',
  ramMb: 'RAM',
  ramGb: 'RAM',
  dataDisks: 'data disks',
  rack: 'rack',
  roles: 'roles',
};

const INPUT_LABEL: Record<ClusterInput, string> = {
  name: 'Name',
  infrastructure: 'Infrastructure',
  profile: 'Profile',
  workload: 'Workload',
  zookeeperCount: 'ZooKeeper count',
  ha: 'High availability',
  ecPolicies: 'Erasure coding policies',
  security: 'Security',
  realm: 'Kerberos realm',
  kdcHost: 'KDC host',
  rpcProtection: 'RPC protection',
  dataTransferProtection: 'Data-transfer protection',
};

/** A readable "where" for a finding: "10.77.0.12 · RAM", "ZooKeeper count", "hosts". */
const VSPHERE_LABEL: Record<VsphereInput, string> = {
  connection: 'vCenter connection',
  datacenter: 'Datacenter',
  cluster: 'Compute cluster',
  folder: 'Folder',
  template: 'Template',
  network: 'Network',
  datastores: 'Datastores',
  diskProvisioning: 'Disk provisioning',
  latencySensitivity: 'Latency sensitivity',
  nodeGroups: 'Node groups',
};
const GROUP_PART_LABEL: Record<string, string> = {
  name: 'name',
  kind: 'kind',
  count: 'count',
  vcpu: 'vCPU',
  memoryGb: 'memory',
  dataDiskGb: 'data disk',
  roles: 'roles',
};

export function problemWhere(p: PlanProblem): string {
  if (p.vsphereInput) {
    if (p.groupIndex != null) {
      const group = `node group ${p.groupIndex + 1}`;
      return p.groupPart ? `${group} · ${GROUP_PART_LABEL[p.groupPart] ?? p.groupPart}` : group;
    }
    return VSPHERE_LABEL[p.vsphereInput];
  }
  if (p.hostIndex != null) {
    const who = p.address ?? `host ${p.hostIndex + 1}`;
    if (!p.hostPart) return who;
    const part = /^[A-Za-z]+/.exec(p.hostPart)?.[0] ?? p.hostPart;
    return `${who} · ${HOST_PART_LABEL[part] ?? p.hostPart}`;
  }
  if (p.input) return INPUT_LABEL[p.input];
  return normalizeField(p.field) || 'spec';
}

export interface VsphereErrors {
  inputs: Partial<Record<VsphereInput, string>>;
  /** Node group index → part → text; a finding naming the group as a whole is under `group`. */
  groups: Record<number, Partial<Record<GroupPart | 'group', string>>>;
}

const join = (a: string | undefined, b: string) => (a ? `${a}; ${b}` : b);

/**
 * The VMs step's findings (the browser's and the planner's), on the inputs and node-group cells
 * they name. A datastore's finding lands on the datastores input, naming it.
 */
export function vsphereInputErrors(
  problems: readonly PlanProblem[],
  datastores: readonly string[] = [],
): VsphereErrors {
  const out: VsphereErrors = { inputs: {}, groups: {} };
  for (const p of problems) {
    if (!p.vsphereInput) continue;
    const text = p.code ? `${p.code}: ${p.text}` : p.text;
    if (p.groupIndex != null) {
      const g = (out.groups[p.groupIndex] ??= {});
      const part = p.groupPart ?? 'group';
      g[part] = join(g[part], text);
      continue;
    }
    const named =
      p.datastoreIndex != null &&
      datastores[p.datastoreIndex] != null &&
      !text.includes(datastores[p.datastoreIndex]!)
        ? `${datastores[p.datastoreIndex]}: ${text}`
        : text;
    out.inputs[p.vsphereInput] = join(out.inputs[p.vsphereInput], named);
  }
  return out;
}

/** The review's security line, after "Security: "; the KDC host by name when the plan has it. */
export function securitySummary(
  kerberos: KerberosSpecInput | undefined,
  plan?: Pick<ProvisioningPlan, 'hosts'>,
): string {
  if (!kerberos) return 'none (simple authentication)';
  const { managed, existing } = kerberos.kdc;
  const name = managed && plan?.hosts.find((h) => h.address === managed.host)?.hostname;
  const kdc = managed
    ? `KDC on ${name && name !== managed.host ? `${name} (${managed.host})` : managed.host}`
    : `KDCs ${existing?.kdcs.join(', ') ?? 'none'}`;
  return `Kerberos, realm ${kerberos.realm}, ${kdc}, RPC ${kerberos.rpcProtection}, data transfer ${kerberos.dataTransferProtection}`;
}

/**
 * What an operator runs on a host to see Kerberos at work. The cluster's krb5.conf is not the
 * host's /etc/krb5.conf, and klist reads one keytab per call.
 */
export function kerberosCheckCommand(realm: string): string[] {
  return [
    '# on a host running HBase, as granary (keytabs are 0400 granary:granary)',
    'export KRB5_CONFIG=/etc/granary/krb5.conf',
    'for kt in /etc/granary/keytabs/*.keytab; do klist -kte "$kt"; done',
    `kinit -kt /etc/granary/keytabs/hbase.keytab hbase/$(hostname -f)@${realm.trim() || '<REALM>'}`,
    'klist',
  ];
}
