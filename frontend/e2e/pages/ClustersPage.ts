import type { Page } from '@playwright/test';

export class ClustersPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/clusters');
  }

  readonly row = (name: string) =>
    this.page.locator(`[data-testid="cluster-row"][data-name="${name}"]`);

  /** Opens a cluster's overview from the list; returns its id from the URL. */
  async open(name: string): Promise<number> {
    await this.goto();
    await this.row(name).getByRole('link', { name, exact: true }).click();
    await this.page.waitForURL(/\/clusters\/\d+$/);
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }
}
