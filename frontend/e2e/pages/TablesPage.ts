import type { Page } from '@playwright/test';

export class TablesPage {
  constructor(readonly page: Page) {}

  /** `q` narrows the list to names containing it (the list is paginated). */
  async goto(clusterId: number, q?: string): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}/tables${q ? `?q=${encodeURIComponent(q)}` : ''}`);
  }

  /** From a cluster's overview: the "Tables" entry of the cluster navigation. */
  async openFromCluster(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Cluster' })
      .getByRole('link', { name: 'Tables', exact: true })
      .click();
    await this.page.waitForURL(/\/clusters\/\d+\/tables$/);
  }

  readonly rows = () => this.page.getByTestId('table-row');
  readonly row = (name: string) =>
    this.page.locator(`[data-testid="table-row"][data-name="${name}"]`);
  readonly createTableLink = () => this.page.getByRole('link', { name: 'Create table' });
  readonly createNamespaceButton = () =>
    this.page.getByRole('button', { name: 'Create namespace' });

  async open(name: string): Promise<void> {
    await this.row(name).getByRole('link', { name, exact: true }).click();
  }
}
