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
}
