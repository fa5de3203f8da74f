import { expect, type Page } from '@playwright/test';

export interface HostFormValues {
  address: string;
  hostname?: string;
  sshUser?: string;
  privateKey: string;
  cores?: number;
  ramMb?: number;
  /** One per line or comma-separated. */
  dataDisks?: string;
  rack?: string;
}

/** The host inventory, Add host (ADMIN) and the provisioning runs. */
export class HostsPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/hosts');
  }

  readonly heading = () => this.page.getByRole('heading', { name: 'Hosts', level: 1 });
  readonly rows = () => this.page.getByTestId('host-row');
  /** A host's row; `data-reachable` is "true" once its SSH port answered when it was added. */
  readonly row = (address: string) =>
    this.page.locator(`[data-testid="host-row"][data-address="${address}"]`);
  readonly form = () => this.page.getByRole('form', { name: 'Add host' });
  readonly field = (label: string) => this.form().getByLabel(label, { exact: true });
  readonly addButton = () => this.form().getByRole('button', { name: 'Add host' });
  readonly added = () => this.page.getByTestId('host-added');
  readonly newClusterLink = () => this.page.getByRole('link', { name: 'New cluster', exact: true });
  readonly runRow = (runId: number) =>
    this.page.locator(`[data-testid="prov-run-row"][data-run-id="${runId}"]`);

  /** Fills Add host (the key pasted as is) and waits for the confirmation naming the address. */
  async addHost(host: HostFormValues): Promise<void> {
    await this.field('Address').fill(host.address);
    if (host.hostname !== undefined) await this.field('Host name').fill(host.hostname);
    if (host.sshUser !== undefined) await this.field('SSH user').fill(host.sshUser);
    if (host.rack !== undefined) await this.field('Rack').fill(host.rack);
    if (host.cores !== undefined) await this.field('Cores').fill(String(host.cores));
    if (host.ramMb !== undefined) await this.field('RAM (MiB)').fill(String(host.ramMb));
    if (host.dataDisks !== undefined) await this.field('Data disks').fill(host.dataDisks);
    await this.field('Private key').fill(host.privateKey);
    await this.addButton().click();
    await expect(this.added()).toContainText(`Added ${host.address}`);
  }
}
