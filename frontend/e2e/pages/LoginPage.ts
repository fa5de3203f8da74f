import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(readonly page: Page) {}

  readonly username = () => this.page.getByLabel('Username');
  readonly password = () => this.page.getByLabel('Password');
  readonly submit = () => this.page.getByRole('button', { name: 'Sign in' });
  readonly error = () => this.page.getByRole('alert');

  async goto(): Promise<void> {
    await this.page.goto('/login');
  }

  /** Signs in through the form and waits until the console shows the user. */
  async login(username: string, password: string): Promise<void> {
    await this.goto();
    await this.username().fill(username);
    await this.password().fill(password);
    await this.submit().click();
    await expect(this.page.getByTestId('current-user')).toHaveText(username);
  }
}
