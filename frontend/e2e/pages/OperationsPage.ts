import type { Page } from '@playwright/test';

export class OperationsPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/operations');
  }

  readonly rows = () => this.page.getByTestId('operation-row');
  readonly row = (operationId: string) =>
    this.page.locator(`[data-testid="operation-row"][data-operation-id="${operationId}"]`);
  readonly rowState = (operationId: string) =>
    this.row(operationId).getByTestId('operation-row-state');
}
