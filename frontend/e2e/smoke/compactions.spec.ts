import { expect, test } from '../fixtures';
import {
  CLUSTER_ID,
  compactionRuns,
  compactionSchedules,
  ORDERS_COMPACTION_CANDIDATES,
} from './mockData';
import { shot, signIn } from './session';

const runRow = (page: import('@playwright/test').Page, runId: number) =>
  page.locator(`[data-testid="compaction-run-row"][data-run-id="${runId}"]`);

test('admin: schedules with their windows, the run history, a new schedule, Run now to SUCCEEDED', async ({
  page,
  compactionsPage,
  compactionScheduleFormPage: form,
  compactionRunPage: runPage,
}) => {
  await signIn(page, 'ADMIN');
  await page.goto(`/clusters/${CLUSTER_ID}`);
  await compactionsPage.openFromCluster();

  await expect(compactionsPage.schedules()).toHaveCount(compactionSchedules.length);
  const nightly = compactionsPage.schedule('nightly-orders');
  await expect(compactionsPage.scheduleTarget('nightly-orders')).toHaveText('Table orders');
  await expect(nightly.getByTestId('compaction-schedule-window')).toHaveText(
    '0 1 * * * (Europe/Berlin) for 120 min',
  );
  await expect(nightly.getByTestId('compaction-schedule-next').getByRole('listitem')).toHaveCount(
    3,
  );
  await expect(nightly.getByTestId('compaction-schedule-last-state')).toHaveText('SUCCEEDED');
  await expect(nightly).toContainText('1 per RegionServer · 2 per cluster');
  await expect(nightly).toContainText('a 30-minute window would do');
  await expect(compactionsPage.scheduleShell('nightly-orders')).toContainText('major_compact');
  const weekly = compactionsPage.schedule('weekly-metrics');
  await expect(weekly.getByTestId('compaction-schedule-enabled')).toHaveText('disabled');
  await expect(compactionsPage.scheduleTarget('weekly-metrics')).toHaveText('Namespace metrics');
  await expect(weekly).toContainText('never run');
  await page.screenshot({ path: shot('compactions'), fullPage: true });

  // The history: totals of the scheduled run summed over its regions, and a failed minor one.
  await compactionsPage.tab('Runs').click();
  await expect(compactionsPage.runRows()).toHaveCount(compactionRuns.length);
  await expect(runRow(page, 41)).toHaveAttribute('data-state', 'SUCCEEDED');
  await expect(runRow(page, 41)).toContainText('10 of 16 done · 6 skipped');
  await expect(runRow(page, 41)).toContainText('35 → 10');
  await expect(runRow(page, 41)).toContainText('90% → 100%');
  await expect(runRow(page, 41)).toContainText('5m 12s');
  await expect(runRow(page, 40)).toHaveAttribute('data-state', 'FAILED');
  await expect(runRow(page, 40)).toContainText('0 of 1 done · 1 failed');
  await page.screenshot({ path: shot('compactions-runs'), fullPage: true });

  // A new schedule: the server's field error lands on the cron input, then it is created.
  await compactionsPage.createScheduleLink().click();
  await form.name().fill('late-orders');
  await form.table().fill('orders');
  await form.cron().fill('0 25 * * *');
  await form.createButton().click();
  await expect(
    form.form().getByText('hour 25 is out of range 0-23', { exact: true }),
  ).toBeVisible();
  await expect(form.cron()).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: shot('compaction-schedule-form'), fullPage: true });
  await form.cron().fill('30 2 * * *');
  await form.createButton().click();
  await expect(page).toHaveURL(new RegExp(`/clusters/${CLUSTER_ID}/compactions$`));
  await expect(compactionsPage.schedules()).toHaveCount(compactionSchedules.length + 1);
  await expect(compactionsPage.schedule('late-orders')).toContainText('30 2 * * *');

  // Run now: the run page polls the RUNNING run until every candidate region is done.
  const runId = await compactionsPage.runNow('nightly-orders');
  expect(runId).toBe(42);
  await expect(runPage.state()).toHaveText('SUCCEEDED');
  await expect(runPage.counts()).toContainText(
    `${ORDERS_COMPACTION_CANDIDATES} done · 6 skipped · 0 failed · 0 running · 0 pending`,
  );
  await expect(runPage.regionRows()).toHaveCount(16);
  await expect(runPage.regionRowsIn('DONE')).toHaveCount(ORDERS_COMPACTION_CANDIDATES);
  await expect(runPage.regionRowsIn('SKIPPED').first()).toContainText(
    '2 store files, under the threshold of 3',
  );
  await expect(runPage.storeFilesBefore()).toHaveText('35');
  await expect(runPage.storeFilesAfter()).toHaveText('10');
  await expect(page.getByTestId('compaction-run-scope')).toHaveText('table orders');
  await expect(runPage.operationEvents()).toHaveCount(1);
  await page.screenshot({ path: shot('compaction-run'), fullPage: true });

  await compactionsPage.goto(CLUSTER_ID, 'runs');
  await expect(runRow(page, 42)).toContainText('Schedule run now · nightly-orders');
});

test('viewer: schedules and runs without Create schedule, Run now or Compact now', async ({
  page,
  compactionsPage,
}) => {
  await signIn(page, 'VIEWER');
  await compactionsPage.goto(CLUSTER_ID);
  await expect(compactionsPage.schedules()).toHaveCount(compactionSchedules.length);
  await expect(compactionsPage.createScheduleLink()).toHaveCount(0);
  await expect(compactionsPage.anyRunNowButton()).toHaveCount(0);
  await expect(compactionsPage.tab('Compact now')).toHaveCount(0);
  await page.screenshot({ path: shot('compactions-viewer') });
});
