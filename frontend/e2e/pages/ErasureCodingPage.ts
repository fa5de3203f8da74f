import type { Page } from '@playwright/test';

export type ErasureCodingTab = 'policies' | 'directories' | 'report' | 'conversions';

export class ErasureCodingPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number, tab?: ErasureCodingTab, path?: string): Promise<void> {
    const query = new URLSearchParams();
    if (tab && tab !== 'policies') query.set('tab', tab);
    if (path) query.set('path', path);
    const qs = query.toString();
    await this.page.goto(`/clusters/${clusterId}/erasure-coding${qs ? `?${qs}` : ''}`);
  }

  /** From a cluster page: the "Erasure coding" entry of the cluster navigation. */
  async openFromCluster(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Cluster' })
      .getByRole('link', { name: 'Erasure coding', exact: true })
      .click();
    await this.page.waitForURL(/\/clusters\/\d+\/erasure-coding$/);
  }

  readonly heading = () => this.page.getByRole('heading', { name: 'Erasure coding', level: 1 });
  readonly tab = (name: 'Policies' | 'Directories' | 'Savings report' | 'Conversions') =>
    this.page.getByRole('tab', { name, exact: true });

  // Policies
  readonly dataNodes = () => this.page.getByTestId('ec-topology-datanodes');
  readonly racks = () => this.page.getByTestId('ec-topology-racks');
  /** "ISA-L native" or "Java". */
  readonly coder = () => this.page.getByTestId('ec-coder');
  readonly policyRows = () => this.page.getByTestId('ec-policy-row');
  /** A policy's row; its `data-state` is ENABLED, DISABLED or REMOVED. */
  readonly policyRow = (name: string) =>
    this.page.locator(`[data-testid="ec-policy-row"][data-name="${name}"]`);
  readonly enableButton = (name: string) =>
    this.policyRow(name).getByRole('button', { name: `Enable ${name}`, exact: true });
  readonly disableButton = (name: string) =>
    this.policyRow(name).getByRole('button', { name: `Disable ${name}`, exact: true });
  readonly anyPolicyActionButton = () =>
    this.page.getByRole('button', { name: /^(Enable|Disable) / });
  /** A refused enable or disable, shown in the policy's row. */
  readonly policyError = (name: string) => this.policyRow(name).getByRole('alert');

  // Directories
  readonly dirPath = () => this.page.getByRole('navigation', { name: 'HDFS path' });
  readonly dirPolicy = () => this.page.getByTestId('ec-dir-policy');
  readonly dirChildren = () => this.page.getByTestId('ec-dir-child');
  readonly dirChild = (name: string) =>
    this.page.locator(`[data-testid="ec-dir-child"][data-name="${name}"]`);
  readonly directoryPolicyForm = () => this.page.getByRole('form', { name: 'Directory policy' });
  readonly setPolicyButton = () => this.page.getByRole('button', { name: 'Set policy' });
  readonly unsetPolicyButton = () => this.page.getByRole('button', { name: 'Unset policy' });
  readonly convertLinks = () => this.page.getByRole('link', { name: 'Convert…' });

  /** The `data-policy` of every child shown. */
  async childPolicies(): Promise<(string | null)[]> {
    return this.dirChildren().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-policy')));
  }

  // Savings report
  readonly reportPath = () =>
    this.page.getByRole('form', { name: 'Report path' }).getByLabel('Directory');
  readonly showReportButton = () => this.page.getByRole('button', { name: 'Show report' });
  readonly histogram = () => this.page.getByTestId('ec-report-histogram');
  /** Its `data-layout` names the recommended layout; its text gives the reason. */
  readonly recommendation = () => this.page.getByTestId('ec-report-recommendation');
  readonly layoutRow = (layout: string) =>
    this.page.locator(`[data-testid="ec-report-layout-row"][data-layout="${layout}"]`);
  readonly currentRaw = () => this.page.getByTestId('ec-report-current-raw');

  async openReport(path: string): Promise<void> {
    await this.tab('Savings report').click();
    await this.reportPath().fill(path);
    await this.showReportButton().click();
  }

  // Conversions
  readonly convertForm = () => this.page.getByRole('form', { name: 'Convert a directory' });
  readonly convertPath = () => this.convertForm().getByLabel('Directory', { exact: true });
  readonly convertPolicy = () => this.convertForm().getByLabel('Policy', { exact: true });
  readonly convertThrottle = () => this.convertForm().getByLabel('Throttle (MiB/s)');
  readonly convertConfirm = () => this.convertForm().getByLabel('Type the path to confirm');
  readonly prediction = () => this.page.getByTestId('ec-convert-prediction');
  readonly startConversionButton = () =>
    this.page.getByRole('button', { name: 'Start conversion', exact: true });
  readonly conversionRows = () => this.page.getByTestId('ec-conversion-row');

  /** Clicks "Start conversion" and waits for the conversion page; returns the conversion id. */
  async startConversion(): Promise<number> {
    await this.startConversionButton().click();
    await this.page.waitForURL(/\/clusters\/\d+\/erasure-coding\/conversions\/\d+$/);
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }
}
