import { expect, test } from '../fixtures';
import { CLUSTER_ID, hosts } from './mockData';
import { shot, signIn } from './session';

const [first, second, small] = hosts.map((h) => h.address);

test('admin: hosts, the new-cluster wizard with a planner finding, the plan, install to SUCCEEDED', async ({
  page,
  hostsPage,
  newClusterPage: wizard,
  provisioningRunPage: runPage,
}) => {
  await signIn(page, 'ADMIN');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Hosts' }).click();
  await expect(hostsPage.heading()).toBeVisible();
  await expect(hostsPage.rows()).toHaveCount(hosts.length);
  await expect(hostsPage.row(first!)).toHaveAttribute('data-reachable', 'true');
  await expect(hostsPage.row(first!)).toContainText('gr-node-1');
  await expect(hostsPage.row(small!)).toHaveAttribute('data-reachable', 'false');
  await expect(hostsPage.row(small!).getByTestId('host-check-message')).toContainText(
    'No route to host',
  );
  await expect(hostsPage.runRow(7)).toHaveAttribute('data-state', 'FAILED');
  await expect(hostsPage.runRow(7)).toContainText('edge-1');
  await page.screenshot({ path: shot('hosts'), fullPage: true });

  // Step 1 and 2: a name, then every host; the planner refuses the 2 GiB host.
  await hostsPage.newClusterLink().click();
  await expect(wizard.heading()).toBeVisible();
  await wizard.name().fill('prod-2');
  await wizard.next().click();
  await expect(wizard.step('hosts')).toHaveAttribute('aria-current', 'step');
  await expect(wizard.hostRows()).toHaveCount(hosts.length);
  for (const address of [first, second, small]) await wizard.hostCheckbox(address!).check();
  await wizard.next().click();
  await expect(wizard.problems()).toHaveCount(1);
  await expect(wizard.problems()).toHaveAttribute('data-code', 'ram-too-small');
  await expect(wizard.problems()).toContainText(`${small} · RAM`);
  await expect(wizard.problems()).toContainText('needs 4096 MiB, the host has 2048 MiB');
  await expect(wizard.step('hosts').getByTitle('Findings of the planner')).toHaveText('1');
  await page.screenshot({ path: shot('provisioning-finding'), fullPage: true });

  // Back on the hosts step the finding stands beside the host it names.
  await page.getByRole('button', { name: 'Go to Hosts' }).click();
  const smallRow = wizard.hostRows().and(page.locator(`[data-address="${small}"]`));
  await expect(smallRow.getByTestId('prov-problem')).toContainText('Not enough RAM');
  await wizard.hostCheckbox(small!).uncheck();
  await wizard.next().click();

  // Step 3: masters on the first host, a DataNode and RegionServer on each, every value's source.
  await expect(wizard.placement()).toBeVisible();
  await expect(wizard.planHost(first!)).toHaveAttribute(
    'data-roles',
    'zookeeper namenode hbase_master datanode regionserver',
  );
  await expect(wizard.planHost(second!)).toHaveAttribute('data-roles', 'datanode regionserver');
  await expect(
    wizard.planHost(first!).locator('[data-testid="prov-plan-role"][data-role="regionserver"]'),
  ).toContainText('27g');
  await expect(
    wizard.planHost(second!).locator('[data-testid="prov-plan-role"][data-role="regionserver"]'),
  ).toContainText('30g');
  // 7 cluster-wide values and one heap per role on each host (5 + 2).
  await expect(wizard.configRows()).toHaveCount(14);
  await expect(wizard.configRows('SIZING_RULE')).toHaveCount(6);
  await expect(page.getByTestId('prov-config-count')).toHaveText('14 of 14 values');
  await expect(wizard.warnings()).toHaveCount(1);
  await expect(wizard.warnings()).toContainText('dfs.replication is 2, below 3');
  await page.screenshot({ path: shot('provisioning-plan'), fullPage: true });

  // Step 4: install, confirmed; the run page follows the task stream to SUCCEEDED.
  await wizard.next().click();
  await expect(wizard.ansibleCommand()).toContainText('install.yml');
  await page.screenshot({ path: shot('provisioning-install'), fullPage: true });
  await wizard.installButton().click();
  await expect(wizard.dialog()).toContainText('gr-node-1, gr-node-2');
  await wizard.confirmInstall().click();
  await expect(page).toHaveURL(/\/provisioning\/runs\/8$/);
  await expect(runPage.state()).toHaveText('SUCCEEDED');
  await expect(runPage.taskRows()).toHaveCount(18);
  await expect(page.getByTestId('prov-task-counts')).toHaveText(
    '4 ok · 9 changed · 0 failed · 0 unreachable · 1 skipped · 4 plays',
  );
  await expect(page.getByTestId('prov-task-total')).toHaveText('14');
  await expect(page.getByTestId('prov-run-changed')).toHaveText('9');
  await expect(runPage.openCluster()).toHaveAttribute('href', `/clusters/${CLUSTER_ID + 1}`);
  await page.getByTestId('prov-task-filter').selectOption('changes');
  await expect(runPage.taskRows()).toHaveCount(13);
  await page.screenshot({ path: shot('provisioning-run'), fullPage: true });

  // A failed install: the unreachable host is the one problem left under its filter.
  await runPage.goto(7);
  await expect(runPage.state()).toHaveText('FAILED');
  await expect(page.getByRole('alert')).toContainText('gr-node-3 unreachable');
  await page.getByTestId('prov-task-filter').selectOption('problems');
  await expect(runPage.taskRows()).toHaveCount(1);
  await expect(runPage.failedTasks()).toContainText('No route to host');
  await page.screenshot({ path: shot('provisioning-run-failed'), fullPage: true });
});

test('viewer: hosts without addresses, Add host or New cluster', async ({ page, hostsPage }) => {
  await signIn(page, 'VIEWER');
  await hostsPage.goto();
  await expect(hostsPage.rows()).toHaveCount(hosts.length);
  await expect(hostsPage.row('')).toHaveCount(hosts.length);
  await expect(hostsPage.rows().first()).toContainText('gr-node-1');
  await expect(hostsPage.form()).toHaveCount(0);
  await expect(hostsPage.newClusterLink()).toHaveCount(0);
  await page.screenshot({ path: shot('hosts-viewer') });
});
