import { expect, test } from '../fixtures';
import { benchmarkPresets, benchmarkRuns, CLUSTER_ID } from './mockData';
import { shot, signIn } from './session';

test('admin: runs with the ceiling, Compare, a run with charts and summary, New benchmark to SUCCEEDED', async ({
  page,
  benchmarksPage,
  benchmarkComparePage: compare,
  benchmarkRunPage: runPage,
  benchmarkFormPage: form,
}) => {
  await signIn(page, 'ADMIN');
  await page.goto(`/clusters/${CLUSTER_ID}`);
  await benchmarksPage.openFromCluster();

  await expect(benchmarksPage.ceilingOps()).toHaveText('48,200 ops/s');
  await expect(page.getByTestId('bench-ceiling-measured')).toContainText('probe run #30');
  await expect(benchmarksPage.runRows()).toHaveCount(benchmarkRuns.length);
  const closed = benchmarksPage.runRow(31);
  await expect(closed).toHaveAttribute('data-state', 'SUCCEEDED');
  for (const figure of ['YCSB A', 'closed loop', '12,450', '18.7 ms', '9.20 ms', '54.3%', '26%'])
    await expect(closed).toContainText(figure);
  const open = benchmarksPage.runRow(32);
  for (const figure of ['open loop @ 10,000 ops/s', '9,980', '6.10 ms', '83.4%', '21%'])
    await expect(open).toContainText(figure);
  // Above 80% agent CPU the client, not the cluster, was the limit.
  await expect(open.getByTitle('The client was saturated')).toHaveText('83.4%');
  await expect(benchmarksPage.runRow(30)).toHaveAttribute('data-kind', 'CEILING');
  await expect(benchmarksPage.runRow(30)).toContainText('Ceiling probe #30');
  await page.screenshot({ path: shot('benchmarks'), fullPage: true });

  // Compare: ratios against the first run ticked, coloured by which way is better.
  await expect(benchmarksPage.compareLink()).toHaveAttribute('aria-disabled', 'true');
  await benchmarksPage.selectRun(31).check();
  await benchmarksPage.selectRun(32).check();
  await benchmarksPage.compareLink().click();
  await expect(page).toHaveURL(/\/benchmarks\/compare\?runs=31,32$/);
  await expect(compare.runColumns()).toHaveCount(2);
  await expect(compare.ratios()).toHaveText('0.80× (−19.8%)');
  await expect(compare.ratios()).toHaveAttribute('data-verdict', 'worse');
  const p99 = compare
    .table()
    .locator('[data-testid="bench-compare-row"][data-key="p99CorrectedMs"]');
  await expect(compare.ratios(p99)).toHaveText('0.33× (−67.4%)');
  await expect(compare.ratios(p99)).toHaveAttribute('data-verdict', 'better');
  await expect(compare.differences()).toContainText('mode: closed → open');
  await expect(compare.differences()).toContainText('targetRate: 0 → 10000');
  await page.screenshot({ path: shot('benchmark-compare'), fullPage: true });

  // A finished run: per-second charts (warm-up shaded), results, summary per operation type.
  await compare.runColumns().first().getByRole('link', { name: '#31' }).click();
  await expect(runPage.state()).toHaveText('SUCCEEDED');
  await expect(runPage.opsChart()).toHaveAttribute('data-points', '25');
  await expect(runPage.opsChart().locator('canvas').first()).toBeVisible();
  await expect(runPage.p99Chart().locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('bench-intervals-summary')).toContainText(
    '25 seconds (5 warm-up, shaded)',
  );
  await expect(page.getByTestId('bench-ops')).toHaveText('12,450 ops/s');
  await expect(page.getByTestId('bench-ceiling-ratio')).toHaveText('26% of 48,200 ops/s');
  await expect(page.getByTestId('bench-cpu')).toHaveText('54.3% / 63.3%');
  await expect(runPage.summaryRow('READ')).toContainText('124,500');
  await expect(runPage.summaryRow('READ')).toContainText('6,225');
  await expect(runPage.summaryRow('UPDATE')).toContainText('124,500');
  await expect(runPage.summaryRow('All')).toContainText('249,000');
  await expect(page.getByTestId('bench-provenance-engineVersion')).toHaveText('2.6.4-hadoop3');
  await expect(page.getByTestId('bench-cpu-warning')).toHaveCount(0);
  await page.screenshot({ path: shot('benchmark-run'), fullPage: true });

  // New benchmark: a preset fills the form; an open loop above the ceiling asks first.
  await benchmarksPage.goto(CLUSTER_ID);
  await benchmarksPage.newBenchmarkLink().click();
  await expect(form.presets()).toHaveText(benchmarkPresets.map((p) => p.label));
  await form.ycsbPreset('C').click();
  await expect(form.loop()).toHaveValue('open');
  await expect(form.targetRate()).toHaveValue('40000');
  await expect(page.getByTestId('bench-capacity-warning')).toHaveCount(0);
  await form.targetRate().fill('60000');
  await expect(page.getByTestId('bench-capacity-warning')).toContainText(
    "above the cluster's measured ceiling of 48,200 ops/s",
  );
  await form.ycsbPreset('A').click();
  await expect(form.loop()).toHaveValue('closed');
  await expect(form.ycsbWorkload()).toHaveValue('A');
  await expect(form.threads()).toHaveValue('8');
  await expect(form.recordCount()).toHaveValue('20000');
  await form.table().fill('orders');
  await expect(form.commandLine()).toContainText('ycsb');
  await page.screenshot({ path: shot('benchmark-new'), fullPage: true });
  await form.launchButton().click();

  // The run page follows it from QUEUED through RUNNING to its results.
  await expect(page).toHaveURL(new RegExp(`/benchmarks/runs/33$`));
  await expect(page.getByTestId('bench-launch-warnings')).toContainText(
    'YCSB A updates rows of orders',
  );
  await expect(runPage.state()).toHaveText('SUCCEEDED');
  await expect(runPage.opsChart()).toHaveAttribute('data-points', '25');
  await expect(runPage.summaryRow('READ')).toBeVisible();
  await expect(page.getByTestId('bench-spec')).toContainText('orders');
  await page.screenshot({ path: shot('benchmark-launched'), fullPage: true });
});

test('viewer: runs and the ceiling without New benchmark or Measure ceiling', async ({
  page,
  benchmarksPage,
}) => {
  await signIn(page, 'VIEWER');
  await benchmarksPage.goto(CLUSTER_ID);
  await expect(benchmarksPage.runRows()).toHaveCount(benchmarkRuns.length);
  await expect(benchmarksPage.ceilingOps()).toHaveText('48,200 ops/s');
  await expect(benchmarksPage.newBenchmarkLink()).toHaveCount(0);
  await expect(benchmarksPage.measureCeilingButton()).toHaveCount(0);
  await page.screenshot({ path: shot('benchmarks-viewer') });
});
