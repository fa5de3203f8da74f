import { expect, test } from '../fixtures';
import { noPageScroll, WIDTHS } from '../layout';
import { CLUSTER_ID, HA_CLUSTER_ID, haCluster } from './mockData';
import { shot, signIn, XSRF_TOKEN } from './session';

// ha-lab runs ZooKeeper, JournalNodes, NameNodes with ZKFCs and HMasters on ha-1–ha-3 and a
// DataNode and a RegionServer on each of ha-1–ha-6; its runs move one phase per poll.
const RS_FIRST = 'ha-1, ha-2, ha-3';
const RS_SECOND = 'ha-4, ha-5, ha-6';

test('admin: a rolling restart of the RegionServers, previewed, paused after a step and resumed to SUCCEEDED', async ({
  page,
  overviewPage,
  rollingRestartPage: restart,
  provisioningRunPage: runPage,
}) => {
  test.setTimeout(120_000);
  const api = await signIn(page, 'ADMIN');
  await overviewPage.goto(HA_CLUSTER_ID);
  await expect(overviewPage.rollingRestartLink()).toHaveText('Rolling restart…');
  await overviewPage.rollingRestartLink().click();
  await expect(restart.heading()).toBeVisible();
  await expect(restart.roles()).toHaveCount(7);
  await expect(restart.role('regionserver')).toBeChecked();

  // Only the RegionServers, three at a time: two steps, with their ansible-playbook lines.
  await restart.previewRestart(['regionserver'], 3);
  await expect(restart.planSteps()).toHaveCount(2);
  await expect(restart.planSteps().first()).toContainText(`RegionServer${RS_FIRST}`);
  await expect(restart.planSteps().last()).toContainText(RS_SECOND);
  await expect(restart.ansibleEquivalent()).toContainText(
    `rolling_restart.yml -e rolling_restart_role=regionserver -e '{"rolling_restart_hosts": ["ha-1", "ha-2", "ha-3"]}'`,
  );
  await page.screenshot({ path: shot('rolling-restart-preview'), fullPage: true });

  // A changed pick drops the preview.
  await restart.batchSize().fill('11');
  await expect(restart.preview()).toHaveCount(0);
  await expect(page.getByText('a whole number from 1 to 10')).toBeVisible();
  await expect(restart.previewButton()).toBeDisabled();
  await restart.previewRestart(['regionserver'], 3);

  // Typing the name is what enables Start.
  await restart.startButton().click();
  const confirm = restart.dialog().getByRole('button', { name: 'Start rolling restart' });
  await expect(confirm).toBeDisabled();
  await restart.dialog().getByLabel('Type the cluster name to confirm').fill('ha-la');
  await expect(confirm).toBeDisabled();
  await restart.dialog().getByRole('button', { name: 'Cancel' }).click();
  await restart.start(haCluster.name);
  expect(api.csrfHeaders.at(-1)).toBe(XSRF_TOKEN);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    `Rolling restart of ${haCluster.name}`,
  );
  await expect(runPage.steps()).toHaveCount(2);

  // Pause once the first step is under way: it stops after that step, with its regions back.
  await expect(runPage.step(1)).not.toHaveAttribute('data-phase', 'PENDING');
  await runPage.restartPause().click();
  await expect(runPage.restartPausing()).toContainText(
    `Pausing after step 1 (RegionServer on ${RS_FIRST})`,
  );
  await expect(runPage.state()).toHaveAttribute('data-state', 'PAUSED', { timeout: 20_000 });
  await expect(runPage.step(1)).toHaveAttribute('data-phase', 'DONE');
  await expect(runPage.step(2)).toHaveAttribute('data-phase', 'PENDING');
  await expect(runPage.restartPaused()).toHaveText(
    `Paused after step 1 (RegionServer on ${RS_FIRST}); 1 step left; Resume continues with step 2 (RegionServer on ${RS_SECOND}).`,
  );
  await expect(runPage.stepsProgress()).toHaveAttribute('aria-valuenow', '50');
  await expect(runPage.regionsMoved()).toHaveText('21');
  // Each host's timeline: its four phases, then DONE, each timed.
  await runPage.step(1).locator('summary').click();
  await expect(runPage.timelineHosts(1)).toHaveCount(3);
  const ha1 = runPage.timelineHosts(1).first();
  await expect(ha1).toHaveAttribute('data-phase', 'DONE');
  await expect(ha1.getByTestId('timeline-phase')).toHaveCount(5);
  await expect(ha1.getByTestId('timeline-duration')).toHaveCount(4);
  await expect(ha1.getByTestId('timeline-total')).toHaveText(/^\d+s$/);
  await page.screenshot({ path: shot('rolling-restart-paused'), fullPage: true });

  await runPage.restartResume().click();
  await expect(runPage.step(2)).not.toHaveAttribute('data-phase', 'PENDING');
  await expect(runPage.state()).toHaveAttribute('data-state', 'SUCCEEDED', { timeout: 20_000 });
  await expect(runPage.stepsProgress()).toHaveAttribute('aria-valuenow', '100');
  await expect(runPage.regionsMoved()).toHaveText('42');
  await expect(runPage.openCluster()).toHaveAttribute('href', `/clusters/${HA_CLUSTER_ID}`);
  await expect(runPage.taskRows().first()).toBeVisible();
  await page.screenshot({ path: shot('rolling-restart-done'), fullPage: true });
});

test('admin: a configuration change per role group, checked, previewed, applied and aborted, then its pending restarts', async ({
  page,
  overviewPage,
  configurationPage: config,
  provisioningRunPage: runPage,
  installedVersionsPage: installs,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'ADMIN');
  await overviewPage.goto(HA_CLUSTER_ID);
  await overviewPage.configLink().click();
  await expect(config.heading()).toBeVisible();
  await expect(config.tabs()).toHaveCount(8);
  await expect(config.rows()).toHaveCount(2);
  await expect(config.value('hbase.regionserver.handler.count')).toHaveValue('30');
  await expect(config.row('hbase.regionserver.handler.count')).toContainText(
    'RPC handler threads per RegionServer',
  );
  await expect(config.previewReason()).toHaveText('Nothing is edited against version 2.');

  // Cluster-wide: more handlers.
  await config.value('hbase.regionserver.handler.count').fill('60');
  // The RegionServers' group: a typed check refuses 0.9, then 0.5 and an unknown key.
  await config.openGroup('regionserver');
  await config.value('hfile.block.cache.size').fill('0.9');
  await expect(config.rowError('hfile.block.cache.size')).toHaveText('must be between 0 and 0.8');
  await expect(config.previewButton()).toBeDisabled();
  await expect(config.previewReason()).toHaveText('Fix the value marked in red first.');
  await config.value('hfile.block.cache.size').fill('0.5');
  await config.addKey('hbase.custom.knob', 'on');
  await expect(config.row('hbase.custom.knob')).toHaveAttribute('data-known', 'false');
  await expect(config.rowWarning('hbase.custom.knob')).toContainText('Unknown key');
  await expect(config.tab('regionserver')).toHaveAttribute('data-edits', '2');
  await expect(config.tab('cluster')).toHaveAttribute('data-edits', '1');
  await page.screenshot({ path: shot('config-edit'), fullPage: true });

  await config.previewButton().click();
  await expect(config.preview()).toHaveAttribute('data-ok', 'true');
  await expect(config.findings()).toHaveCount(1);
  await expect(config.findings()).toHaveAttribute('data-code', 'unknown-override-key');
  await expect(config.findings()).toContainText('RegionServer · hbase-site · hbase.custom.knob');
  await expect(config.diffChange('hbase.regionserver.handler.count')).toContainText('30 → 60');
  await expect(config.diffChange('hbase.regionserver.handler.count')).toContainText('every host');
  await expect(config.diffChange('hfile.block.cache.size')).toHaveAttribute(
    'data-role',
    'regionserver',
  );
  await expect(config.diffChange('hfile.block.cache.size')).toContainText('0.4 → 0.5');
  await expect(config.diffChange('hbase.custom.knob')).toHaveAttribute('data-kind', 'added');
  // Only the RegionServers read what changed: one at a time in the preview.
  await expect(config.restartSteps()).toHaveCount(6);
  await expect(config.ansibleEquivalent()).toContainText(
    'install.yml -e granary_defer_restarts=true',
  );
  await expect(config.ansibleEquivalent()).toContainText('rolling_restart_role=regionserver');
  await page.screenshot({ path: shot('config-preview'), fullPage: true });

  // Three RegionServers at a time; confirmed with the name.
  await config.batchSize().fill('3');
  await config.applyButton().click();
  await config.confirm(haCluster.name, 'Apply change');
  await page.waitForURL(/\/provisioning\/runs\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Configuration change');
  await expect(runPage.steps()).toHaveCount(3);
  await expect(runPage.step(1)).toHaveAttribute('data-role', 'config');
  await expect(runPage.step(1)).toContainText('Write configuration');

  // Abort during the first restart: it finishes, the last one stays pending.
  await expect(runPage.step(2)).not.toHaveAttribute('data-phase', 'PENDING', { timeout: 15_000 });
  await runPage.restartAbort().click();
  await expect(runPage.dialog()).toContainText('finishes first');
  await runPage.dialog().getByRole('button', { name: 'Abort run' }).click();
  await expect(runPage.restartAborting()).toContainText(
    `Aborting after step 2 (RegionServer on ${RS_FIRST})`,
  );
  await expect(runPage.state()).toHaveAttribute('data-state', 'CANCELLED', { timeout: 20_000 });
  await expect(runPage.step(2)).toHaveAttribute('data-phase', 'DONE');
  await expect(runPage.step(3)).toHaveAttribute('data-phase', 'PENDING');
  await expect(page.getByRole('alert')).toContainText('stay pending on the Configuration page');
  await page.screenshot({ path: shot('config-run-aborted'), fullPage: true });

  // The files were written (version 3); the restart left over is pending and starts from here.
  await page.getByRole('alert').getByRole('link', { name: 'Configuration' }).click();
  await expect(page.getByTestId('config-page')).toHaveAttribute('data-version', '3');
  await expect(config.pendingSteps()).toHaveCount(1);
  await expect(config.pendingSteps()).toContainText(RS_SECOND);
  await page.screenshot({ path: shot('config-pending'), fullPage: true });
  await config.restartPendingButton().click();
  await config.confirm(haCluster.name, 'Start rolling restart');
  await page.waitForURL(/\/provisioning\/runs\/\d+$/);
  // replanned one RegionServer at a time (the restart's default batch)
  await expect(runPage.steps()).toHaveCount(3);
  await expect(runPage.step(1)).toContainText('ha-4');
  await expect(runPage.state()).toHaveAttribute('data-state', 'SUCCEEDED', { timeout: 40_000 });
  await config.goto(HA_CLUSTER_ID);
  await expect(config.rows()).toHaveCount(2);
  await expect(config.pending()).toHaveCount(0);

  // The change is version 3: compared with 2, then reverted to 2.
  await installs.goto(HA_CLUSTER_ID);
  await expect(installs.rows()).toHaveCount(3);
  await expect(installs.row(3)).toContainText('Configuration change');
  await expect(installs.compare()).toHaveAttribute('data-from', '2');
  await expect(installs.compare()).toHaveAttribute('data-to', '3');
  await expect(installs.compareChange('hfile.block.cache.size')).toContainText(
    'RegionServer hosts',
  );
  await expect(installs.compareChange('hfile.block.cache.size')).toContainText('0.4 → 0.5');
  await page.screenshot({ path: shot('installs-compare'), fullPage: true });
  await installs.revertButton(2).click();
  await expect(installs.revertValues()).toContainText('0.5 → 0.4');
  await expect(installs.revertValues().getByTestId('diff-config-change')).toHaveCount(3);
  await installs.dialog().getByLabel('Type the cluster name to confirm').fill(haCluster.name);
  await installs.dialog().getByRole('button', { name: 'Revert configuration' }).click();
  await page.waitForURL(/\/provisioning\/runs\/\d+$/);
  await expect(runPage.step(1)).toHaveAttribute('data-role', 'config');
  await expect(runPage.steps()).toHaveCount(7);
});

test('admin: any two versions compared; a revert to equal values is refused readably', async ({
  page,
  installedVersionsPage: installs,
}) => {
  await signIn(page, 'ADMIN');
  await installs.goto(HA_CLUSTER_ID);
  await expect(installs.compareDiff()).toContainText('1 host added');
  await installs.compareFrom().selectOption('2');
  await installs.compareTo().selectOption('1');
  await expect(page).toHaveURL(/from=2&to=1/);
  await expect(installs.compareDiff()).toContainText('1 host removed');
  await expect(installs.compareChange('dfs.namenode.handler.count')).toContainText('36 → 32');

  await installs.revertButton(1).click();
  await expect(installs.revertValues()).toContainText('No change');
  await installs.dialog().getByLabel('Type the cluster name to confirm').fill(haCluster.name);
  await installs.dialog().getByRole('button', { name: 'Revert configuration' }).click();
  await expect(installs.dialog().getByRole('alert')).toContainText(
    'changes nothing against installed version 2',
  );
  await expect(installs.dialog().getByRole('alert')).toContainText('config-unchanged');
  await page.screenshot({ path: shot('installs-revert-refused') });
});

test('operator previews but cannot start or apply; a viewer reads the values only', async ({
  page,
  overviewPage,
  rollingRestartPage: restart,
  configurationPage: config,
}) => {
  await signIn(page, 'OPERATOR');
  await overviewPage.goto(HA_CLUSTER_ID);
  await expect(overviewPage.rollingRestartLink()).toHaveText('Preview a rolling restart…');
  await overviewPage.rollingRestartLink().click();
  await restart.previewRestart(['zookeeper']);
  await expect(restart.planSteps()).toHaveCount(1);
  await expect(restart.startButton()).toBeDisabled();
  await expect(restart.startReason()).toHaveText(
    'Only an ADMIN can start a rolling restart; an OPERATOR can preview one.',
  );

  await config.goto(HA_CLUSTER_ID);
  await config.value('hbase.regionserver.handler.count').fill('40');
  await config.previewButton().click();
  await expect(config.preview()).toHaveAttribute('data-ok', 'true');
  await expect(config.applyButton()).toBeDisabled();
  await expect(config.applyReason()).toHaveText(
    'Only an ADMIN can apply a change; an OPERATOR can preview one.',
  );
  // Editing after the preview makes it stale.
  await config.value('hbase.regionserver.handler.count').fill('41');
  await expect(page.getByTestId('config-preview-stale')).toBeVisible();

  const viewer = await page.context().newPage();
  await signIn(viewer, 'VIEWER');
  await viewer.goto(`/clusters/${HA_CLUSTER_ID}`);
  await expect(viewer.getByTestId('rolling-restart-link')).toBeDisabled();
  await expect(viewer.getByTestId('rolling-restart-link')).toHaveAccessibleDescription(
    'An ADMIN restarts',
  );
  await expect(viewer.getByTestId('cluster-nav-rolling-restart')).toHaveCount(0);
  await viewer.getByTestId('config-link').click();
  await expect(viewer.getByTestId('config-read-only')).toBeVisible();
  await expect(viewer.getByTestId('config-value').first()).toBeDisabled();
  await expect(viewer.getByTestId('config-preview-button')).toBeDisabled();
  // A registered cluster has no installed version to configure.
  await viewer.goto(`/clusters/${CLUSTER_ID}/config`);
  await expect(viewer.getByTestId('config-not-provisioned')).toBeVisible();
});

test('the day-2 pages fit 1280 and 1920 px', async ({
  page,
  rollingRestartPage: restart,
  configurationPage: config,
  installedVersionsPage: installs,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'ADMIN');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await restart.goto(HA_CLUSTER_ID);
    await restart.previewRestart(['regionserver', 'datanode'], 2);
    await noPageScroll(page, 'rolling restart', width);

    await config.goto(HA_CLUSTER_ID);
    await config.openGroup('regionserver');
    await config.addKey('hbase.custom.a-rather-long-key-name.that.keeps.going', 'x');
    await config.value('hfile.block.cache.size').fill('0.45');
    await config.previewButton().click();
    await config.preview().waitFor();
    await noPageScroll(page, 'configuration', width);
    await page.screenshot({ path: shot(`config-${width}`), fullPage: true });

    await installs.goto(HA_CLUSTER_ID);
    await installs.compareDiff().waitFor();
    await noPageScroll(page, 'installed versions', width);
  }
  // a run page with its steps and timelines open
  await restart.goto(HA_CLUSTER_ID);
  await restart.previewRestart(['regionserver'], 2);
  await restart.start(haCluster.name);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId('timeline-host').first()).toBeVisible();
    await noPageScroll(page, 'rolling restart run', width);
  }
});
