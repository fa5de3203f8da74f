import type { Page } from '@playwright/test';

export interface VcenterFormValues {
  name: string;
  url: string;
  username: string;
  password: string;
  /** Unticks "Verify the vCenter's TLS certificate" (a simulator's self-signed one). */
  insecure?: boolean;
  guestSshUser?: string;
  guestPrivateKey?: string;
}

/** vCenter connections: the list, the add/edit form, and one connection's Test and Browse. */
export class VcentersPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/provisioning/vcenters');
  }

  readonly heading = () =>
    this.page.getByRole('heading', { name: 'vCenter connections', level: 1 });
  readonly addLink = () => this.page.getByRole('link', { name: 'Add connection' });
  readonly rows = () => this.page.getByTestId('vcenter-row');
  readonly row = (name: string) =>
    this.page.locator(`[data-testid="vcenter-row"][data-name="${name}"]`);

  // ---- the form
  readonly form = () => this.page.getByRole('form', { name: /vCenter connection/ });
  readonly tlsVerify = () =>
    this.page.getByRole('checkbox', { name: "Verify the vCenter's TLS certificate" });
  readonly tlsOffWarning = () => this.page.getByTestId('vcenter-tls-off');
  readonly submit = () => this.page.getByRole('button', { name: /^(Add|Save) connection$/ });

  async fill(v: VcenterFormValues): Promise<void> {
    const form = this.form();
    await form.getByLabel('Name', { exact: true }).fill(v.name);
    await form.getByLabel('URL', { exact: true }).fill(v.url);
    await form.getByLabel('User', { exact: true }).fill(v.username);
    await form.getByLabel('Password', { exact: true }).fill(v.password);
    if (v.insecure) await this.tlsVerify().uncheck();
    if (v.guestSshUser) await form.getByLabel('Guest SSH user').fill(v.guestSshUser);
    if (v.guestPrivateKey) await form.getByLabel('Guest private key').fill(v.guestPrivateKey);
  }

  // ---- one connection
  readonly detail = (name: string) =>
    this.page.locator(`[data-testid="vcenter-page"][data-name="${name}"]`);
  readonly testButton = () => this.page.getByTestId('vcenter-test-button');
  readonly testResult = () => this.page.getByTestId('vcenter-test-result');
  readonly apiVersion = () => this.page.getByTestId('vcenter-api-version');
  readonly latency = () => this.page.getByTestId('vcenter-latency');
  /** A coded failure in words; `data-code` is vcenter-unreachable, vcenter-auth or vcenter-tls. */
  readonly problem = () => this.page.getByTestId('vcenter-problem');
  readonly browseButton = () => this.page.getByTestId('vcenter-browse-button');
  readonly inventory = () => this.page.getByTestId('vcenter-inventory');
  readonly computeCluster = (name: string) =>
    this.page.locator(`[data-testid="vcenter-cluster"][data-name="${name}"]`);
  readonly esxiHosts = () => this.page.getByTestId('esxi-host');
  readonly tab = (name: RegExp) => this.page.getByRole('tab', { name });
  readonly datastoreRows = () => this.page.getByTestId('datastore-row');
  readonly networkRows = () => this.page.getByTestId('network-row');
  readonly templateRows = () => this.page.getByTestId('template-row');
  readonly govc = () => this.page.getByRole('figure', { name: 'govc equivalent' });
}
