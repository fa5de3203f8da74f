import type { Page } from '@playwright/test';

/** A provisioned cluster's installed versions and one version's diff and plan. */
export class InstalledVersionsPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}/installs`);
  }

  /** Rows carry data-version, newest first. */
  readonly rows = () => this.page.getByTestId('install-row');
  readonly row = (version: number) =>
    this.page.locator(`[data-testid="install-row"][data-version="${version}"]`);
  readonly versionLink = (version: number) => this.row(version).getByTestId('install-link');

  // ---- one version
  readonly diff = () => this.page.getByTestId('install-diff');
  readonly diffHeadline = () => this.diff().getByTestId('diff-headline');
  readonly hostsRemoved = () => this.diff().getByTestId('diff-host-removed');
  /** Rows carry data-key and data-kind (added, removed, changed). */
  readonly configChanges = () => this.diff().getByTestId('diff-config-change');

  // ---- compare and revert (list page)
  readonly compare = () => this.page.getByTestId('compare');
  readonly compareFrom = () => this.page.getByLabel('From version');
  readonly compareTo = () => this.page.getByLabel('To version');
  readonly compareDiff = () => this.page.getByTestId('compare-diff');
  readonly compareChange = (key: string) =>
    this.compareDiff().locator(`[data-testid="diff-config-change"][data-key="${key}"]`);
  readonly revertButton = (version: number) => this.row(version).getByTestId('install-revert');
  readonly dialog = () => this.page.getByRole('dialog');
  /** What a revert changes, in its dialog. */
  readonly revertValues = () => this.dialog().getByTestId('revert-values');
}
