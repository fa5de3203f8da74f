import { expect, test } from '../fixtures';
import { CLUSTER_ID, HA_CLUSTER_ID, haOverview } from './mockData';
import { shot, signIn, XSRF_TOKEN } from './session';

test('admin: the HA panel, then a NameNode failover confirmed by the standby id swaps the pair', async ({
  page,
  overviewPage,
}) => {
  const api = await signIn(page, 'ADMIN');

  // a cluster without HA shows no panel
  await overviewPage.goto(CLUSTER_ID);
  await expect(overviewPage.healthStatus()).toBeVisible();
  await expect(overviewPage.haPanel()).toHaveCount(0);

  await overviewPage.goto(HA_CLUSTER_ID);
  await expect(overviewPage.reason('ZOOKEEPER_QUORUM_DEGRADED')).toBeVisible();
  const panel = overviewPage.haPanel();
  await expect(panel).toContainText(haOverview.ha!.nameservice);
  await expect(overviewPage.namenodeRow('nn1')).toHaveAttribute('data-state', 'active');
  await expect(overviewPage.namenodeRow('nn2')).toHaveAttribute('data-state', 'standby');
  await expect(overviewPage.namenodeRow('nn2').getByTestId('namenode-state')).toHaveText('standby');
  await expect(overviewPage.mastersIn('active')).toHaveCount(1);
  await expect(overviewPage.mastersIn('backup')).toHaveCount(1);
  await expect(overviewPage.zookeeperRows()).toHaveCount(3);
  await expect(overviewPage.zookeeperServing()).toHaveText('2 of 3 serving');
  await expect(panel.getByRole('figure', { name: 'Shell equivalent' })).toContainText(
    'hdfs haadmin -ns granary-ha -getAllServiceState',
  );
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('overview-ha'), fullPage: true });

  await overviewPage.failoverButton().click();
  const dialog = overviewPage.dialog();
  await expect(dialog).toContainText('hdfs haadmin -ns granary-ha -failover nn1 nn2');
  const confirm = dialog.getByRole('button', { name: 'Fail over to nn2' });
  const typed = dialog.getByLabel("Type the standby's id to confirm");
  await expect(confirm).toBeDisabled();
  await typed.fill('nn1');
  await expect(confirm).toBeDisabled();
  await typed.fill('nn2');
  await expect(confirm).toBeEnabled();
  await page.screenshot({ path: shot('ha-failover-confirm') });
  await confirm.click();

  await expect(dialog).toHaveCount(0);
  await expect(overviewPage.haResult()).toHaveAttribute('data-state', 'SUCCEEDED');
  await expect(overviewPage.haResult()).toContainText('nn2 is the active NameNode of granary-ha');
  expect(api.csrfHeaders.at(-1)).toBe(XSRF_TOKEN);
  await expect(overviewPage.namenodeRow('nn2')).toHaveAttribute('data-state', 'active');
  await expect(overviewPage.namenodeRow('nn1')).toHaveAttribute('data-state', 'standby');
  await page.screenshot({ path: shot('ha-failover-done'), fullPage: true });

  // and back, through the page object the real-stack spec uses
  await overviewPage.failOverNamenode('nn1');
  await expect(overviewPage.namenodeRow('nn1')).toHaveAttribute('data-state', 'active');
});

test('operator: moving the active HMaster needs the cluster name', async ({
  page,
  overviewPage,
}) => {
  await signIn(page, 'OPERATOR');
  await overviewPage.goto(HA_CLUSTER_ID);
  const before = await overviewPage.mastersIn('backup').getAttribute('data-url');
  await overviewPage.moveMasterButton().click();
  const dialog = overviewPage.dialog();
  await expect(dialog).toContainText('systemctl restart granary-master');
  const confirm = dialog.getByRole('button', { name: 'Move active HMaster' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type the cluster name to confirm').fill('ha-lab');
  await confirm.click();
  await expect(overviewPage.haResult()).toHaveAttribute('data-state', 'SUCCEEDED');
  await expect(overviewPage.mastersIn('active')).toHaveAttribute('data-url', before!);
});

test('viewer: the HA states without failover controls', async ({ page, overviewPage }) => {
  await signIn(page, 'VIEWER');
  await overviewPage.goto(HA_CLUSTER_ID);
  await expect(overviewPage.namenodeRows()).toHaveCount(2);
  await expect(overviewPage.failoverButton()).toHaveCount(0);
  await expect(overviewPage.moveMasterButton()).toHaveCount(0);
  await expect(overviewPage.haPanel()).toContainText('An OPERATOR or ADMIN can fail over');
  await page.screenshot({ path: shot('overview-ha-viewer') });
});
