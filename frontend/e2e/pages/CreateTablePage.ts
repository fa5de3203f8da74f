import type { Page } from '@playwright/test';

export class CreateTablePage {
  constructor(readonly page: Page) {}

  readonly form = () => this.page.getByRole('form', { name: 'Create table' });
  readonly tableName = () => this.form().getByLabel('Table name', { exact: true });
  /** The first (and by default only) column family. */
  readonly familyName = () => this.form().getByLabel('Family name').first();
  readonly splitStrategy = () => this.form().getByLabel('Split strategy');
  readonly saltBuckets = () => this.form().getByLabel('Salt buckets');
  readonly sampleSource = () => this.form().getByLabel('Sample keys', { exact: true });
  readonly keyPattern = () => this.form().getByLabel('Key pattern');
  readonly previewButton = () => this.form().getByRole('button', { name: 'Preview', exact: true });
  readonly regionCount = () => this.page.getByTestId('preview-region-count');
  readonly maxOverMean = () => this.page.getByTestId('preview-max-over-mean');
  readonly createButton = () => this.page.getByRole('button', { name: 'Create table' });
  readonly operation = () => this.page.getByTestId('operation-tracker');
}
