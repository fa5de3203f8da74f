import type { Page } from '@playwright/test';

export class OperationPage {
  constructor(readonly page: Page) {}

  async goto(operationId: string): Promise<void> {
    await this.page.goto(`/operations/${operationId}`);
  }

  readonly state = () => this.page.getByTestId('operation-state');
  readonly progress = () => this.page.getByRole('progressbar').first();
  readonly events = () => this.page.getByTestId('operation-event');
  readonly cancelButton = () => this.page.getByRole('button', { name: 'Cancel operation' });
}
