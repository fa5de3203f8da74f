import { expect, test } from '../fixtures';
import { HA_CLUSTER_ID, haCluster } from './mockData';
import { shot, signIn, XSRF_TOKEN } from './session';

const ha = (i: number) => `10.0.3.${i}`;

test('admin: installed versions, a refused check, a scale-in paused after a host and resumed to SUCCEEDED', async ({
  page,
  overviewPage,
  scaleInPage,
  provisioningRunPage: runPage,
  installedVersionsPage: installs,
}) => {
  const api = await signIn(page, 'ADMIN');

  // The provisioned cluster's overview leads to its installed versions and to Scale in.
  await overviewPage.goto(HA_CLUSTER_ID);
  await overviewPage.installsLink().click();
  await expect(installs.rows()).toHaveCount(2);
  await expect(installs.rows().first()).toHaveAttribute('data-version', '2');
  await expect(installs.row(2)).toContainText('Scale-out');
  await installs.versionLink(2).click();
  await expect(installs.diffHeadline()).toHaveText(
    '1 host added · 1 host changes roles · 1 config change · 1 role restarts',
  );
  await expect(
    installs.configChanges().and(page.locator('[data-key="dfs.namenode.handler.count"]')),
  ).toContainText('32 → 36');
  await page.screenshot({ path: shot('installed-version'), fullPage: true });

  await overviewPage.goto(HA_CLUSTER_ID);
  await overviewPage.scaleInLink().click();
  await expect(scaleInPage.heading()).toBeVisible();
  await expect(scaleInPage.hostRows()).toHaveCount(6);
  await expect(scaleInPage.hostRow(ha(1))).toContainText('Also runs ZooKeeper, NameNode, HMaster');

  // ha-3 holds a ZooKeeper: refused, with its code, and Start stays disabled.
  await scaleInPage.check([ha(3), ha(6)]);
  await expect(scaleInPage.preflight()).toHaveAttribute('data-ok', 'false');
  await expect(scaleInPage.refusals()).toHaveCount(1);
  await expect(scaleInPage.refusals()).toHaveAttribute('data-code', 'scale-in-breaks-quorum');
  await expect(scaleInPage.refusals()).toContainText(`${ha(3)} — ha-3 is one of 3 ZooKeeper`);
  await expect(scaleInPage.startButton()).toBeDisabled();
  await expect(scaleInPage.startReason()).toHaveText('The check refuses this scale-in.');
  await page.screenshot({ path: shot('scale-in-refused'), fullPage: true });

  // ha-5 and ha-6: allowed, with a warning, the data to move, the diff and the manual commands.
  await scaleInPage.check([ha(5), ha(6)]);
  await expect(scaleInPage.preflight()).toHaveAttribute('data-ok', 'true');
  await expect(scaleInPage.refusals()).toHaveCount(0);
  await expect(scaleInPage.findings()).toHaveAttribute('data-code', 'scale-in-under-replicated');
  await expect(scaleInPage.bytesToMove()).toHaveText('3.0 GiB');
  await expect(scaleInPage.diff()).toContainText('2 hosts removed');
  await expect(scaleInPage.diff()).toContainText('against installed version 2');
  await expect(scaleInPage.diff()).toContainText('ha-5 leaves');
  await expect(scaleInPage.manualCommands()).toContainText(
    'hbase org.apache.hadoop.hbase.util.RegionMover -r ha-5 -o unload',
  );
  await page.screenshot({ path: shot('scale-in-check'), fullPage: true });

  const runId = await scaleInPage.start(haCluster.name);
  expect(api.csrfHeaders.at(-1)).toBe(XSRF_TOKEN);
  await expect(runPage.leavingHosts()).toHaveCount(2);
  await expect(runPage.leavingHost(ha(6))).toHaveAttribute('data-phase', 'PENDING');

  // Pause while ha-5 leaves: it stops once ha-5 is out, then Resume finishes ha-6.
  await runPage.pauseButton().click();
  await expect(runPage.pausing()).toContainText('Pausing');
  await expect(runPage.state()).toHaveAttribute('data-state', 'PAUSED', { timeout: 15_000 });
  await expect(runPage.leavingHost(ha(5))).toHaveAttribute('data-phase', 'DONE');
  await expect(runPage.leavingHost(ha(6))).toHaveAttribute('data-phase', 'PENDING');
  await expect(runPage.paused()).toHaveText(
    `Paused after ${ha(5)}; 1 host left; Resume continues with ${ha(6)}.`,
  );
  await expect(runPage.progress()).toHaveAttribute('aria-valuenow', '50');
  await page.screenshot({ path: shot('scale-in-paused'), fullPage: true });
  await runPage.resumeButton().click();
  await expect(runPage.leavingHost(ha(6))).not.toHaveAttribute('data-phase', 'PENDING');
  await expect(runPage.state()).toHaveAttribute('data-state', 'SUCCEEDED', { timeout: 15_000 });
  await expect(runPage.progress()).toHaveAttribute('aria-valuenow', '100');
  await expect(runPage.taskRows().first()).toBeVisible();
  await page.screenshot({ path: shot('scale-in-done'), fullPage: true });

  // Each host out is an installed version: ha-5's, then ha-6's.
  await runPage.openCluster().click();
  await overviewPage.installsLink().click();
  await expect(installs.rows()).toHaveCount(4);
  await expect(installs.rows().first()).toHaveAttribute('data-version', '4');
  await expect(installs.row(4)).toContainText('Scale-in');
  await expect(installs.row(4)).toContainText(`#${runId}`);
  await expect(installs.row(3)).toContainText(`#${runId}`);
  await installs.versionLink(4).click();
  await expect(installs.hostsRemoved()).toHaveText(`− ${ha(6)}`);
});

test('operator: checks a scale-in but cannot start it', async ({
  page,
  overviewPage,
  scaleInPage,
}) => {
  await signIn(page, 'OPERATOR');
  await overviewPage.goto(HA_CLUSTER_ID);
  await expect(overviewPage.scaleInLink()).toHaveText('Check a scale-in…');
  await overviewPage.scaleInLink().click();
  await scaleInPage.check([ha(6)]);
  await expect(scaleInPage.preflight()).toHaveAttribute('data-ok', 'true');
  await expect(scaleInPage.startButton()).toBeDisabled();
  await expect(scaleInPage.startReason()).toContainText('Only an ADMIN can start a scale-in');
});

test('viewer: Scale in disabled with the reason, installed versions readable', async ({
  page,
  overviewPage,
  installedVersionsPage: installs,
}) => {
  await signIn(page, 'VIEWER');
  await overviewPage.goto(HA_CLUSTER_ID);
  await expect(overviewPage.scaleInLink()).toBeDisabled();
  await expect(overviewPage.scaleInLink()).toHaveAccessibleDescription('An ADMIN scales in');
  await installs.goto(HA_CLUSTER_ID);
  await expect(installs.rows()).toHaveCount(2);
});
