import type { Page } from '@playwright/test';

export class AppNav {
  constructor(readonly page: Page) {}

  readonly nav = () => this.page.getByRole('navigation', { name: 'Main' });
  readonly link = (name: string) => this.nav().getByRole('link', { name, exact: true });
  readonly role = () => this.page.getByTestId('current-role');
}
