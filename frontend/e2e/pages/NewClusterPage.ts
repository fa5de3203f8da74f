import type { Page } from '@playwright/test';

/** The new-cluster wizard: Cluster, Hosts, Review plan, Install. */
export class NewClusterPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/provisioning/new');
  }

  readonly heading = () => this.page.getByRole('heading', { name: 'New cluster', level: 1 });
  /** The step buttons; the current one has aria-current="step". */
  readonly step = (id: 'cluster' | 'hosts' | 'review' | 'install') =>
    this.page.locator(`[data-testid="prov-step"][data-step="${id}"]`);
  readonly next = () => this.page.getByRole('button', { name: /^Next: / });
  readonly back = () => this.page.getByRole('button', { name: /^Back: / });

  // Step 1
  readonly name = () => this.page.getByLabel('Cluster name', { exact: true });
  readonly profile = () => this.page.getByLabel('Profile', { exact: true });
  readonly workload = () => this.page.getByLabel('Workload', { exact: true });
  readonly zookeepers = () => this.page.getByLabel('ZooKeeper servers', { exact: true });
  readonly highAvailability = () => this.page.getByLabel('High availability', { exact: true });

  /** Bare metal or vSphere. */
  readonly infrastructure = (label: 'Bare metal' | 'vSphere') =>
    this.page.getByRole('radio', { name: new RegExp(`^${label}`) });

  // Step 2 on vSphere: the picks from the live inventory and the node groups
  readonly vsphereStep = () => this.page.getByTestId('vsphere-step');
  readonly select = (label: string) => this.page.getByLabel(label, { exact: true });
  readonly datastore = (name: string) => this.page.getByRole('checkbox', { name, exact: true });
  readonly groupRows = () => this.page.getByTestId('vsphere-group-row');
  readonly groupCell = (label: 'Name' | 'Count' | 'vCPU' | 'Memory' | 'Data disk', group: number) =>
    this.page.getByLabel(`${label} of group ${group}`, { exact: true });
  readonly groupKind = (group: number) =>
    this.page.getByLabel(`Kind of group ${group}`, { exact: true });
  readonly vmNames = () => this.page.getByTestId('vsphere-vm-names');

  // Step 3 on vSphere
  readonly vmRows = () => this.page.getByTestId('vsphere-vm-row');
  readonly vmRow = (name: string) =>
    this.page.locator(`[data-testid="vsphere-vm-row"][data-name="${name}"]`);
  readonly drsRule = () => this.page.getByTestId('vsphere-drs-rule');
  readonly vmSettings = (key?: string) =>
    this.page.locator(
      key
        ? `[data-testid="vsphere-vm-setting"][data-key="${key}"]`
        : '[data-testid="vsphere-vm-setting"]',
    );

  // Step 2
  readonly hostRows = () => this.page.getByTestId('prov-host-row');
  readonly hostCheckbox = (address: string) =>
    this.page.getByRole('checkbox', { name: `Select host ${address}`, exact: true });

  // Step 3
  readonly placement = () => this.page.getByTestId('prov-placement');
  readonly planHost = (address: string) =>
    this.page.locator(`[data-testid="prov-plan-host"][data-address="${address}"]`);
  /** Config rows, optionally of one provenance (DEFAULT, SIZING_RULE, USER_OVERRIDE). */
  readonly configRows = (source?: string) =>
    this.page.locator(
      source
        ? `[data-testid="prov-config-row"][data-source="${source}"]`
        : '[data-testid="prov-config-row"]',
    );
  readonly problems = () => this.page.getByTestId('prov-problem');
  readonly warnings = () => this.page.getByTestId('prov-warning');

  // Step 4
  readonly installButton = () => this.page.getByRole('button', { name: 'Install cluster' });
  readonly ansibleCommand = () => this.page.getByRole('figure', { name: 'Ansible equivalent' });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly confirmInstall = () =>
    this.dialog().getByRole('button', { name: 'Install', exact: true });
  /** vSphere: the one action that creates the VMs and installs on them. */
  readonly createVmsButton = () =>
    this.page.getByRole('button', { name: 'Create VMs and install', exact: true });
  readonly confirmCreateVms = () =>
    this.dialog().getByRole('button', { name: 'Create VMs and install', exact: true });
  readonly govcCommand = () =>
    this.page.getByRole('figure', { name: 'govc and Ansible equivalent' });

  /** The roles the plan puts on a host (its row's data-roles). */
  async plannedRoles(address: string): Promise<string[]> {
    const roles = await this.planHost(address).getAttribute('data-roles');
    return roles ? roles.split(' ') : [];
  }
}
