import type { Page } from '@playwright/test';

export class ClusterOverviewPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}`);
  }

  readonly healthStatus = () => this.page.getByTestId('health-status');
  readonly reasons = () => this.page.getByTestId('health-reason');
  readonly reason = (code: string) =>
    this.page.locator(`[data-testid="health-reason"][data-code="${code}"]`);
  readonly dataNodeRows = () => this.page.getByTestId('datanode-row');
  readonly regionServerRows = () => this.page.getByTestId('regionserver-row');
  readonly runBalancerButton = () => this.page.getByRole('button', { name: 'Run balancer' });
  readonly dialog = () => this.page.getByRole('dialog');

  /** Clicks "Run balancer", confirms, and waits for the operation page; returns the operation id. */
  async runBalancer(): Promise<string> {
    await this.runBalancerButton().first().click();
    await this.dialog().getByRole('button', { name: 'Run balancer' }).click();
    await this.page.waitForURL(/\/operations\/[0-9a-f-]{36}$/);
    return new URL(this.page.url()).pathname.split('/').pop()!;
  }
}
