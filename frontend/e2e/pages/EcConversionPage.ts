import type { Page } from '@playwright/test';

export class EcConversionPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number, conversionId: number): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}/erasure-coding/conversions/${conversionId}`);
  }

  /** The state badge; its `data-state` is RUNNING, SUCCEEDED, FAILED or CANCELLED. */
  readonly state = () => this.page.getByTestId('ec-conversion-state');
  readonly progress = () =>
    this.page.getByTestId('ec-conversion-progress').getByRole('progressbar');
  /** "9 of 20 files converted · 1 failed" */
  readonly files = () => this.page.getByTestId('ec-conversion-files');
  /** Space reclaimed so far, formatted ("390.0 MiB"). */
  readonly reclaimed = () => this.page.getByTestId('ec-conversion-reclaimed');
  readonly raw = () => this.page.getByTestId('ec-conversion-raw');
  readonly message = () => this.page.getByTestId('ec-conversion-message');
  readonly operationEvents = () =>
    this.page.getByTestId('ec-conversion-operation').getByTestId('operation-event');
  readonly cancelButton = () => this.page.getByRole('button', { name: 'Cancel operation' });

  /** The number in the reclaimed figure ("390.0 MiB" → 390). */
  async reclaimedNumber(): Promise<number> {
    return Number(((await this.reclaimed().textContent()) ?? '').replace(/[^0-9.]/g, ''));
  }
}
