import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ADMIN_USER, env, LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';

const run = promisify(execFile);

// Stops an engine role and restarts it; it ends only once the cluster has recovered, so the
// specs after it (file order, workers: 1) find a healthy cluster.
test('a stopped DataNode turns the cluster DEGRADED with DATANODE_DEAD, then recovers', async ({
  adminApi,
  loginPage,
  clustersPage,
  overviewPage,
}) => {
  test.setTimeout(420_000);
  const pidFile = join(env.localDir(), 'run', 'datanode5.pid');
  const pid = Number((await readFile(pidFile, 'utf8')).trim());
  expect(pid, `PID in ${pidFile}`).toBeGreaterThan(1);

  await loginPage.login(ADMIN_USER, env.adminPassword());
  const clusterId = await clustersPage.open(LOCAL_CLUSTER);
  await expect(overviewPage.healthStatus()).toBeVisible();

  try {
    process.kill(pid, 'SIGTERM');

    // The overview refreshes itself every 5 s; the NameNode needs a while to declare the node dead.
    await expect(overviewPage.reason('DATANODE_DEAD')).toBeVisible({ timeout: 90_000 });
    await expect(overviewPage.healthStatus()).toHaveText('DEGRADED');
    await expect(
      overviewPage.page.locator('[data-testid="datanode-row"][data-state="DEAD"]'),
    ).toHaveCount(1);
  } finally {
    // Idempotent: restarts only the roles that are not running.
    await run(env.node(), ['local', 'up', '--dir', env.localDir()], { timeout: 240_000 });
  }

  await expect
    .poll(async () => (await adminApi.health(clusterId)).reasons.map((r) => r.code), {
      timeout: 120_000,
      intervals: [5_000],
      message: 'DATANODE_DEAD should clear after the DataNode is restarted',
    })
    .not.toContain('DATANODE_DEAD');
});
