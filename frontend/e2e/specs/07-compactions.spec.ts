import { randomBytes } from 'node:crypto';
import type { GranaryApi } from '../api';
import { XSRF_COOKIE, XSRF_HEADER } from '../api';
import { ADMIN_USER, env, LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';
import { loadRows } from '../load';
import { expectOnlyReadOnlyButtons } from '../readOnly';

const SALT_BUCKETS = 4;
const FAMILIES = 1;
const ROWS = 4_000;
/** The load writes in this many rounds and flushes after each: ~4 store files per store. */
const FLUSHES = 4;
/** A whole run on the local cluster: 4 small regions, 1 at a time per RegionServer. */
const RUN_TIMEOUT_MS = 180_000;

const suffix = () => randomBytes(4).toString('hex');

/** A daily window 12 hours away (in UTC), so no scheduled window opens during the test. */
function farCron(): string {
  return `0 ${(new Date().getUTCHours() + 12) % 24} * * *`;
}

/** Best effort on the way out: a run still going is cancelled before its table is dropped. */
async function stopRun(api: GranaryApi, clusterId: number, runId: number | undefined) {
  if (runId === undefined) return;
  const run = await api.compactionRun(clusterId, runId).catch(() => undefined);
  if (run?.state !== 'RUNNING' || !run.operationId) return;
  await api.cancelOperation(run.operationId);
  await api.waitForOperation(run.operationId, RUN_TIMEOUT_MS);
}

test('admin schedules a compaction of a loaded table, runs it now, follows it and sees the history', async ({
  adminApi,
  loginPage,
  clustersPage,
  compactionsPage,
  compactionScheduleFormPage: form,
  compactionRunPage,
  tableDetailPage,
  page,
}) => {
  test.setTimeout(600_000);
  const cluster = await adminApi.clusterByName(LOCAL_CLUSTER);
  const table = `e2e_compact_${suffix()}`;
  const scheduleName = `e2e-compact-${suffix()}`;
  let runId: number | undefined;

  try {
    // A salted table with 4 regions, loaded in 4 flushed rounds: several store files per store.
    await adminApi.createTableAndWait(cluster.id, {
      name: table,
      families: [{ name: 'd' }],
      split: { strategy: 'SALT', saltBuckets: SALT_BUCKETS },
    });
    const summary = loadRows(table, { rows: ROWS, saltBuckets: SALT_BUCKETS, flushes: FLUSHES });
    test.info().annotations.push({ type: 'load', description: summary });

    // Create a schedule: Cluster → Compactions → Create schedule.
    await loginPage.login(ADMIN_USER, env.adminPassword());
    expect(await clustersPage.open(LOCAL_CLUSTER)).toBe(cluster.id);
    await compactionsPage.openFromCluster();
    await expect(compactionsPage.heading()).toBeVisible();
    await compactionsPage.createScheduleLink().click();
    await page.waitForURL(new RegExp(`/clusters/${cluster.id}/compactions/schedules/new$`));
    await form.name().fill(scheduleName);
    await form.targetKind().selectOption('TABLE');
    await form.table().fill(table);
    await form.cron().fill(farCron());
    await form.timeZone().fill('UTC');
    await form.durationMinutes().fill('60');
    await form.maxPerServer().fill('1');
    await form.maxPerCluster().fill('2');
    await form.selection().selectOption('ALL');
    await form.createButton().click();
    await page.waitForURL(new RegExp(`/clusters/${cluster.id}/compactions$`));

    // Listed with its target and what each window runs.
    await expect(compactionsPage.schedule(scheduleName)).toBeVisible();
    await expect(compactionsPage.scheduleTarget(scheduleName)).toContainText(table);
    await expect(compactionsPage.scheduleShell(scheduleName)).toContainText('compact');

    // Run now → the run page, refreshed every second until the run is over.
    runId = await compactionsPage.runNow(scheduleName);
    await expect(compactionRunPage.state()).toBeVisible();
    await expect
      .poll(() => compactionRunPage.state().getAttribute('data-state'), {
        timeout: RUN_TIMEOUT_MS,
        intervals: [1_000],
        message: `compaction run ${runId} still running`,
      })
      .not.toBe('RUNNING');
    expect(
      await compactionRunPage.state().getAttribute('data-state'),
      `run ${runId}: ${await compactionRunPage.message().textContent()}`,
    ).toBe('SUCCEEDED');
    await expect(compactionRunPage.progress()).toHaveAttribute('aria-valuenow', '100');
    await expect(compactionRunPage.regionRows()).toHaveCount(SALT_BUCKETS);
    await expect(compactionRunPage.regionRowsIn('DONE')).toHaveCount(SALT_BUCKETS);

    // The table's Compactions tab: the run in the history chart, fewer store files after.
    await tableDetailPage.goto(cluster.id, table, 'compactions');
    await expect(async () => {
      await page.reload();
      await expect(tableDetailPage.compactionLatestRun()).toHaveText(`#${runId}`, {
        timeout: 10_000,
      });
    }).toPass({ timeout: 90_000, intervals: [2_000, 5_000] });
    await expect(tableDetailPage.compactionHistoryChart()).toBeVisible();
    const files = await tableDetailPage.latestCompactionStoreFiles();
    test.info().annotations.push({
      type: 'store files',
      description: `${files.before} → ${files.after}`,
    });
    expect(files.after, 'store files after the major compaction').toBeLessThan(files.before);
    // One file per store: 4 regions × 1 family.
    expect(files.after).toBe(SALT_BUCKETS * FAMILIES);
    await expect(tableDetailPage.compactionRunRows().first()).toHaveAttribute(
      'data-run-id',
      String(runId),
    );

    // Delete the schedule through its confirmation dialog.
    await compactionsPage.goto(cluster.id);
    await compactionsPage.deleteButton(scheduleName).click();
    await expect(compactionsPage.dialog()).toContainText(scheduleName);
    await compactionsPage.confirmDelete().click();
    await expect(compactionsPage.schedule(scheduleName)).toHaveCount(0);
    const left = await adminApi.compactionSchedules(cluster.id);
    expect(left.some((s) => s.name === scheduleName)).toBe(false);
  } finally {
    await stopRun(adminApi, cluster.id, runId);
    await adminApi.deleteCompactionSchedulesNamed(cluster.id, scheduleName);
    await adminApi.dropTableIfExists(cluster.id, table);
  }
});

test('a VIEWER sees the Compactions page but no Create schedule, Run now or Compact now', async ({
  adminApi,
  loginPage,
  compactionsPage,
  page,
}) => {
  test.setTimeout(180_000);
  const cluster = await adminApi.clusterByName(LOCAL_CLUSTER);
  const scheduleName = `e2e-viewer-${suffix()}`;
  const username = `e2e-viewer-${Date.now().toString(36)}`;
  const password = randomBytes(12).toString('base64url');

  // Disabled, so it never opens a window; it is there so that a Run now button could show.
  const schedule = await adminApi.createCompactionSchedule(cluster.id, {
    name: scheduleName,
    targetKind: 'NAMESPACE',
    target: 'default',
    cron: farCron(),
    timeZone: 'UTC',
    durationMinutes: 60,
    maxPerServer: 1,
    maxPerCluster: 2,
    selection: 'THRESHOLD',
    minStoreFilesPerStore: 3,
    enabled: false,
  });
  await adminApi.createUser(username, password, 'VIEWER');
  try {
    await loginPage.login(username, password);

    await compactionsPage.goto(cluster.id);
    await expect(compactionsPage.schedule(scheduleName)).toBeVisible();
    await expect(compactionsPage.createScheduleLink()).toHaveCount(0);
    await expect(compactionsPage.anyRunNowButton()).toHaveCount(0);
    await expect(compactionsPage.anyDeleteButton()).toHaveCount(0);
    await expect(compactionsPage.tab('Compact now')).toHaveCount(0);
    await expectOnlyReadOnlyButtons(page);

    // The compact tab is not offered even by URL; the runs are.
    await compactionsPage.goto(cluster.id, 'compact');
    await expect(compactionsPage.tab('Schedules')).toHaveAttribute('aria-selected', 'true');
    await expect(compactionsPage.compactForm()).toHaveCount(0);
    await expect(compactionsPage.compactNowButton()).toHaveCount(0);
    await compactionsPage.tab('Runs').click();
    await expect(compactionsPage.tab('Runs')).toHaveAttribute('aria-selected', 'true');
    await expectOnlyReadOnlyButtons(page);

    await page.goto(`/clusters/${cluster.id}/compactions/schedules/new`);
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();

    // The backend refuses the viewer's own Run now.
    const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)?.value;
    const response = await page.request.post(
      `/api/v1/clusters/${cluster.id}/compactions/schedules/${schedule.id}/run`,
      { headers: xsrf ? { [XSRF_HEADER]: xsrf } : {} },
    );
    expect(response.status()).toBe(403);
  } finally {
    await adminApi.deleteUser(username);
    await adminApi.deleteCompactionSchedulesNamed(cluster.id, scheduleName);
  }
});
