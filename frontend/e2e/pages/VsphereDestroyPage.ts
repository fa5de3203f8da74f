import type { Page } from '@playwright/test';

/** A vSphere cluster's destroy: its VMs, then Destroy VMs… confirmed by typing the cluster name. */
export class VsphereDestroyPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}/vsphere/destroy`);
  }

  /** On the cluster overview (ADMIN, vSphere clusters only). */
  readonly overviewLink = () => this.page.getByTestId('vsphere-destroy-link');
  /** The VMs the destroy deletes (the installed version's hosts). */
  readonly vms = () => this.page.getByTestId('vsphere-destroy-vm');
  readonly destroyButton = () => this.page.getByTestId('vsphere-destroy-button');
  readonly dialog = () => this.page.getByRole('dialog');
  readonly typedName = () => this.dialog().getByLabel('Type the cluster name to confirm');
  readonly confirm = () => this.dialog().getByRole('button', { name: 'Destroy VMs', exact: true });
}
