// Environment of the e2e run. Values are read lazily so `playwright test --list` works without them.

export const GRANARY_URL = process.env.GRANARY_URL ?? 'http://localhost:8080';
export const ADMIN_USER = process.env.GRANARY_ADMIN_USER ?? 'admin';
/**
 * The lab's hosts.json (`tools/lab/lab.sh up N` writes var/lab/hosts.json); spec 10 installs onto
 * those hosts and is skipped without it.
 */
export const LAB_HOSTS_FILE = process.env.GRANARY_LAB_HOSTS;
/**
 * The vCenter simulator tools/e2e.sh starts (spec 15): its SDK URL, login, the cluster name whose
 * VMs the test-only guest map (`granary.provisioning.vsphere-guest-map`, GRANARY_VSPHERE_GUEST_MAP)
 * maps to lab hosts. Spec 15 is skipped without them.
 */
export const VSPHERE = {
  url: process.env.GRANARY_VCENTER_URL,
  user: process.env.GRANARY_VCENTER_USER ?? 'administrator@vsphere.local',
  password: process.env.GRANARY_VCENTER_PASSWORD,
  cluster: process.env.GRANARY_VSPHERE_CLUSTER ?? 'e2e-vm',
  guestMap: process.env.GRANARY_VSPHERE_GUEST_MAP,
};
/** Name of the local engine cluster registered in the backend. */
export const LOCAL_CLUSTER = process.env.GRANARY_CLUSTER ?? 'local';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} for the e2e specs (see frontend/README.md).`);
  return value;
}

export const env = {
  adminPassword: () => required('GRANARY_ADMIN_PASSWORD'),
  /** The local cluster directory (`granary-node local up --dir DIR`). */
  localDir: () => required('GRANARY_LOCAL_DIR'),
  /** Path of the `granary-node` launcher. */
  node: () => required('GRANARY_NODE'),
};
