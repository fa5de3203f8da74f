import type { Page } from '@playwright/test';

export class AuditPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/audit');
  }

  readonly rows = () => this.page.getByTestId('audit-row');
  readonly filters = () => this.page.getByRole('form', { name: 'Audit filters' });

  async filterByUser(username: string): Promise<void> {
    await this.filters().getByLabel('User', { exact: true }).fill(username);
    await this.filters().getByRole('button', { name: 'Apply filters' }).click();
    await this.page.waitForURL(new RegExp(`[?&]username=${encodeURIComponent(username)}`));
  }
}
