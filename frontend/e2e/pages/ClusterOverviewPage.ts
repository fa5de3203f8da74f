import type { Page } from '@playwright/test';

export type NamenodeState = 'active' | 'standby' | 'down';
export type MasterState = 'active' | 'backup' | 'down';

export class ClusterOverviewPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}`);
  }

  readonly healthStatus = () => this.page.getByTestId('health-status');
  readonly reasons = () => this.page.getByTestId('health-reason');
  readonly reason = (code: string) =>
    this.page.locator(`[data-testid="health-reason"][data-code="${code}"]`);
  readonly dataNodeRows = () => this.page.getByTestId('datanode-row');
  readonly regionServerRows = () => this.page.getByTestId('regionserver-row');
  readonly runBalancerButton = () => this.page.getByRole('button', { name: 'Run balancer' });
  readonly dialog = () => this.page.getByRole('dialog');
  /** Only for a PROVISIONED cluster: a link for OPERATOR+, a disabled button for a VIEWER. */
  readonly scaleInLink = () => this.page.getByTestId('scale-in-link');
  readonly rollingRestartLink = () => this.page.getByTestId('rolling-restart-link');
  /** A link for everyone (a VIEWER reads the values). */
  readonly configLink = () => this.page.getByTestId('config-link');
  readonly installsLink = () => this.page.getByTestId('installs-link');

  /** Clicks "Run balancer", confirms, and waits for the operation page; returns the operation id. */
  async runBalancer(): Promise<string> {
    await this.runBalancerButton().first().click();
    await this.dialog().getByRole('button', { name: 'Run balancer' }).click();
    await this.page.waitForURL(/\/operations\/[0-9a-f-]{36}$/);
    return new URL(this.page.url()).pathname.split('/').pop()!;
  }

  // ---- High availability panel (only for a cluster whose overview has `ha`)

  readonly haPanel = () => this.page.getByRole('region', { name: 'High availability' });
  /** Rows carry data-id (nn1, nn2) and data-state (active, standby, down). */
  readonly namenodeRows = () => this.haPanel().getByTestId('namenode-row');
  readonly namenodeRow = (id: string) =>
    this.haPanel().locator(`[data-testid="namenode-row"][data-id="${id}"]`);
  readonly namenodesIn = (state: NamenodeState) =>
    this.haPanel().locator(`[data-testid="namenode-row"][data-state="${state}"]`);
  /** Rows carry data-url (the HMaster's web URL) and data-state (active, backup, down). */
  readonly masterRows = () => this.haPanel().getByTestId('master-row');
  readonly mastersIn = (state: MasterState) =>
    this.haPanel().locator(`[data-testid="master-row"][data-state="${state}"]`);
  /** Rows carry data-address and data-mode (leader, follower, standalone, down). */
  readonly zookeeperRows = () => this.haPanel().getByTestId('zookeeper-row');
  /** "n of N serving" */
  readonly zookeeperServing = () => this.haPanel().getByTestId('zookeeper-serving');
  readonly failoverButton = () =>
    this.haPanel().getByRole('button', { name: 'Fail over NameNode', exact: true });
  readonly moveMasterButton = () =>
    this.haPanel().getByRole('button', { name: 'Move active HMaster', exact: true });
  /** The inline tracker of the HA operation just started (data-state: PENDING … SUCCEEDED). */
  readonly haTracker = () => this.haPanel().getByTestId('operation-tracker');
  /** The notice once it ended (data-state: SUCCEEDED, FAILED, CANCELLED). */
  readonly haResult = () => this.haPanel().getByTestId('ha-operation-result');

  /** The id of the NameNode shown in `state` (exactly one must be). */
  async namenodeIdIn(state: NamenodeState): Promise<string> {
    const id = await this.namenodesIn(state).getAttribute('data-id');
    if (!id) throw new Error(`no NameNode row in state ${state}`);
    return id;
  }

  /** Opens "Fail over NameNode", types the standby's id and confirms. */
  async failOverNamenode(standbyId: string): Promise<void> {
    await this.failoverButton().click();
    const dialog = this.dialog();
    await dialog.getByLabel("Type the standby's id to confirm").fill(standbyId);
    await dialog.getByRole('button', { name: `Fail over to ${standbyId}` }).click();
  }
}
