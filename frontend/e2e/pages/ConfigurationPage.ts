import type { Page } from '@playwright/test';

/** A provisioned cluster's values per role group: edit, Preview, Apply (confirmed by name). */
export class ConfigurationPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}/config`);
  }

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Configuration' });
  /** One per role group: data-group (cluster, regionserver, …) and data-edits. */
  readonly tabs = () => this.page.getByTestId('config-tab');
  readonly tab = (group: string) =>
    this.page.locator(`[data-testid="config-tab"][data-group="${group}"]`);
  /** Rows of the open group: data-key, data-file, data-known, data-invalid. */
  readonly rows = () => this.page.getByTestId('config-row');
  readonly row = (key: string) =>
    this.page.locator(`[data-testid="config-row"][data-key="${key}"]`);
  readonly value = (key: string) => this.row(key).getByTestId('config-value');
  readonly rowError = (key: string) => this.row(key).getByTestId('config-row-error');
  readonly rowWarning = (key: string) => this.row(key).getByTestId('config-row-warning');
  readonly previewButton = () => this.page.getByTestId('config-preview-button');
  readonly previewReason = () => this.page.getByTestId('config-preview-reason');
  /** data-ok true or false. */
  readonly preview = () => this.page.getByTestId('config-preview');
  readonly verdict = () => this.page.getByTestId('config-verdict');
  /** data-code and data-severity. */
  readonly findings = () => this.page.getByTestId('config-finding');
  readonly diff = () => this.page.getByTestId('config-diff');
  /** data-key, data-role (for a role-group value) and data-kind. */
  readonly diffChange = (key: string) =>
    this.diff().locator(`[data-testid="diff-config-change"][data-key="${key}"]`);
  readonly restartSteps = () => this.page.getByTestId('config-restart-step');
  readonly ansibleEquivalent = () => this.page.getByRole('figure', { name: 'Ansible equivalent' });
  readonly batchSize = () => this.page.getByLabel('Batch size');
  readonly applyButton = () => this.page.getByTestId('config-apply');
  readonly applyReason = () => this.page.getByTestId('config-apply-reason');
  readonly pending = () => this.page.getByTestId('config-pending');
  readonly pendingSteps = () => this.page.getByTestId('config-pending-step');
  readonly restartPendingButton = () => this.page.getByTestId('config-restart-pending');
  readonly dialog = () => this.page.getByRole('dialog');

  async openGroup(group: string): Promise<void> {
    await this.tab(group).click();
    await this.page.locator(`[data-testid="config-group"][data-group="${group}"]`).waitFor();
  }

  /** Adds a row to the open group: the key (a known one picks its file) and the value. */
  async addKey(key: string, value: string): Promise<void> {
    await this.page.getByTestId('config-add').click();
    const last = this.rows().last();
    await last.getByTestId('config-key').fill(key);
    await this.row(key).getByTestId('config-value').fill(value);
  }

  /** Types the cluster name in the open dialog and presses its confirm button. */
  async confirm(clusterName: string, button: string): Promise<void> {
    await this.dialog().getByLabel('Type the cluster name to confirm').fill(clusterName);
    await this.dialog().getByRole('button', { name: button }).click();
  }
}
