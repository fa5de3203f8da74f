import type { Page } from '@playwright/test';

/** Scale in a provisioned cluster: pick installed hosts, Check, confirm with the cluster name. */
export class ScaleInPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}/scale-in`);
  }

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Scale in' });
  /** Rows carry data-address and data-eligible (runs a DataNode and a RegionServer). */
  readonly hostRows = () => this.page.getByTestId('scale-in-host');
  readonly hostRow = (address: string) =>
    this.page.locator(`[data-testid="scale-in-host"][data-address="${address}"]`);
  readonly hostCheckbox = (address: string) =>
    this.hostRow(address).getByTestId('scale-in-host-select');
  readonly checkButton = () => this.page.getByTestId('scale-in-check');
  /** The check's answer; `data-ok` true or false. */
  readonly preflight = () => this.page.getByTestId('scale-in-preflight');
  readonly verdict = () => this.page.getByTestId('scale-in-verdict');
  /** Findings carry data-code, data-severity (ERROR, WARNING) and data-host. */
  readonly findings = () => this.page.getByTestId('scale-in-finding');
  readonly refusals = () =>
    this.page.locator('[data-testid="scale-in-finding"][data-severity="ERROR"]');
  readonly bytesToMove = () => this.page.getByTestId('scale-in-bytes');
  readonly diff = () => this.page.getByTestId('scale-in-diff');
  readonly manualCommands = () =>
    this.page.getByRole('figure', { name: 'Manual equivalent, host by host' });
  readonly startButton = () => this.page.getByTestId('scale-in-start');
  readonly startReason = () => this.page.getByTestId('scale-in-start-reason');
  readonly dialog = () => this.page.getByRole('dialog');
  /** A 409 scale-in-unsafe inside the dialog, one line per refusal. */
  readonly startRefusals = () => this.dialog().getByTestId('scale-in-refusal');

  /** Ticks exactly these hosts (others unticked) and checks them; waits for the answer. */
  async check(addresses: readonly string[]): Promise<void> {
    await this.hostRows().first().waitFor();
    for (const row of await this.hostRows().all()) {
      const address = (await row.getAttribute('data-address'))!;
      const box = row.getByTestId('scale-in-host-select');
      if (await box.isDisabled()) continue;
      await box.setChecked(addresses.includes(address));
    }
    await this.checkButton().click();
    await this.preflight().waitFor();
  }

  /** Start, type the cluster name, confirm; waits for the run page and returns its id. */
  async start(clusterName: string): Promise<number> {
    await this.startButton().click();
    await this.dialog().getByLabel('Type the cluster name to confirm').fill(clusterName);
    await this.dialog()
      .getByRole('button', { name: /^Scale in \d+ hosts?$/ })
      .click();
    await this.page.waitForURL(/\/provisioning\/runs\/\d+$/);
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }
}
