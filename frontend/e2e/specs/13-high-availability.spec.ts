import type { GranaryApi } from '../api';
import { ADMIN_USER, env, LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';

// The local cluster of the e2e stack is highly available (tools/e2e.sh starts it with --ha):
// 2 NameNodes with ZKFCs, 2 HMasters, 3 ZooKeepers. The spec fails over the NameNode through the
// console and back, so the pair ends as it was found.

/** How long the pair may take to show swapped once the failover is confirmed. */
const SWAP_MS = 60_000;

/** Makes `nn` the active NameNode again through the API if a failed run left the pair swapped. */
async function restoreActive(api: GranaryApi, clusterId: number, nn: string): Promise<void> {
  const ha = (await api.overview(clusterId)).ha;
  const target = ha?.namenodes.find((n) => n.id === nn);
  if (!target || target.state !== 'standby') return;
  const op = await api.failoverNamenode(clusterId, nn);
  await api.waitForOperation(op.id, 120_000);
}

test('admin fails the NameNode over to the standby and back; the pair swaps each time', async ({
  adminApi,
  loginPage,
  clustersPage,
  overviewPage,
}) => {
  test.setTimeout(360_000);
  const cluster = await adminApi.clusterByName(LOCAL_CLUSTER);
  const ha = (await adminApi.overview(cluster.id)).ha;
  expect(
    ha,
    `the overview of cluster "${LOCAL_CLUSTER}" has no "ha": the e2e stack must start its local ` +
      'cluster with --ha (tools/e2e.sh), and the backend must report its HA members',
  ).toBeDefined();
  const initiallyActive = ha!.namenodes.find((n) => n.state === 'active')?.id;

  await loginPage.login(ADMIN_USER, env.adminPassword());
  await clustersPage.open(LOCAL_CLUSTER);
  await expect(overviewPage.haPanel(), 'the High availability panel').toBeVisible();

  // one active and one standby NameNode, an active and a backup HMaster, 3 ZooKeepers serving
  // (a member that just started may take a few collections to report its state)
  await expect(overviewPage.namenodeRows()).toHaveCount(2);
  await expect(overviewPage.namenodesIn('active')).toHaveCount(1, { timeout: SWAP_MS });
  await expect(overviewPage.namenodesIn('standby')).toHaveCount(1, { timeout: SWAP_MS });
  await expect(overviewPage.mastersIn('active')).toHaveCount(1, { timeout: SWAP_MS });
  await expect(overviewPage.mastersIn('backup')).toHaveCount(1, { timeout: SWAP_MS });
  await expect(overviewPage.zookeeperRows()).toHaveCount(3);
  await expect(overviewPage.zookeeperServing()).toHaveText('3 of 3 serving', { timeout: SWAP_MS });
  await expect(overviewPage.failoverButton()).toBeEnabled();

  try {
    for (const round of ['over', 'back']) {
      const active = await overviewPage.namenodeIdIn('active');
      const standby = await overviewPage.namenodeIdIn('standby');

      await overviewPage.failOverNamenode(standby);
      await expect(overviewPage.dialog(), `failover ${round}: the dialog closes`).toHaveCount(0);

      const result = overviewPage.haResult();
      await expect(result, `failover ${round} to ${standby}: the operation ends`).toBeVisible({
        timeout: SWAP_MS,
      });
      expect(
        await result.getAttribute('data-state'),
        `failover ${round} to ${standby}: ${await result.textContent()}`,
      ).toBe('SUCCEEDED');

      await expect(overviewPage.namenodeRow(standby)).toHaveAttribute('data-state', 'active', {
        timeout: SWAP_MS,
      });
      await expect(overviewPage.namenodeRow(active)).toHaveAttribute('data-state', 'standby', {
        timeout: SWAP_MS,
      });
      await expect(overviewPage.failoverButton()).toBeEnabled();
    }
  } finally {
    if (initiallyActive) await restoreActive(adminApi, cluster.id, initiallyActive);
  }
});
