import { randomBytes } from 'node:crypto';
import { type GranaryApi, XSRF_COOKIE, XSRF_HEADER } from '../api';
import { LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';
import { expectOnlyReadOnlyButtons } from '../readOnly';

/** A small, short YCSB A: 2,000 records, 2 threads, 2 s warm-up then 20 s measured. */
const DURATION_S = 20;
const WARMUP_S = 2;
const RECORDS = 2_000;
const THREADS = 2;
/** Launch to SUCCEEDED on the local cluster: queue, agent start, load, 22 s of run. */
const RUN_TIMEOUT_MS = 90_000;
/** Until the first second is plotted: agent JVM start and the load of 2,000 records. */
const FIRST_POINT_TIMEOUT_MS = 60_000;
const LIVE = /^(QUEUED|RUNNING)$/;

const suffix = () => randomBytes(4).toString('hex');

/** Best effort on the way out: runs still going are cancelled before their table is dropped. */
async function stopRuns(api: GranaryApi, clusterId: number, runIds: readonly number[]) {
  for (const runId of runIds) {
    const run = await api.benchmarkRun(clusterId, runId).catch(() => undefined);
    if (!run || !LIVE.test(run.state)) continue;
    await api.cancelBenchmarkRun(clusterId, runId);
    await api.waitForBenchmarkRun(clusterId, runId, 60_000).catch(() => undefined);
  }
}

test('an operator launches YCSB A from its preset, watches it live, reads the results and compares two runs', async ({
  adminApi,
  loginPage,
  clustersPage,
  benchmarksPage,
  benchmarkFormPage: form,
  benchmarkRunPage: runPage,
  benchmarkComparePage: compare,
  page,
}) => {
  test.setTimeout(480_000);
  const cluster = await adminApi.clusterByName(LOCAL_CLUSTER);
  const table = `bench_e2e_${suffix()}`;
  const username = `e2e-operator-${Date.now().toString(36)}`;
  const password = randomBytes(12).toString('base64url');
  const runIds: number[] = [];

  await adminApi.createUser(username, password, 'OPERATOR');
  try {
    await adminApi.createTableAndWait(cluster.id, {
      name: table,
      families: [{ name: 'd' }],
      split: { strategy: 'NONE' },
    });

    // Cluster → Benchmarks → New benchmark.
    await loginPage.login(username, password);
    expect(await clustersPage.open(LOCAL_CLUSTER)).toBe(cluster.id);
    await benchmarksPage.openFromCluster();
    await expect(benchmarksPage.heading()).toBeVisible();
    await benchmarksPage.newBenchmarkLink().click();
    await page.waitForURL(new RegExp(`/clusters/${cluster.id}/benchmarks/new$`));

    // The YCSB A preset fills the form; the run is made small and short.
    await form.ycsbPreset('A').click();
    await expect(form.ycsbPreset('A')).toHaveAttribute('aria-pressed', 'true');
    await expect(form.workload()).toHaveValue('ycsb');
    await expect(form.ycsbWorkload()).toHaveValue('A');
    await form.table().fill(table);
    await form.duration().fill(String(DURATION_S));
    await form.warmup().fill(String(WARMUP_S));
    await form.recordCount().fill(String(RECORDS));
    await form.threads().fill(String(THREADS));
    await expect(form.commandLine()).toContainText(
      `bin/ycsb run hbase2 -cp "$HBASE_CONF_DIR" -P workloads/workloada`,
    );
    await expect(form.commandLine()).toContainText(`-p table=${table}`);
    // "Profile this run": async-profiler on the RegionServers while it runs
    await form.profile().check();
    await expect(form.commandLine()).toContainText('asprof -e cpu -i 10ms');
    await form.launchButton().click();
    await page.waitForURL(new RegExp(`/clusters/${cluster.id}/benchmarks/runs/\\d+$`));
    const firstRun = runPage.runId();
    runIds.push(firstRun);

    // Live: the ops/s chart gains a point per second while the run runs.
    await expect
      .poll(() => runPage.opsPoints(), {
        timeout: FIRST_POINT_TIMEOUT_MS,
        intervals: [1_000],
        message: `run ${firstRun}: no second plotted yet`,
      })
      .toBeGreaterThan(0);
    const seen = await runPage.opsPoints();
    await expect(runPage.state()).toHaveAttribute('data-state', 'RUNNING');
    await expect
      .poll(() => runPage.opsPoints(), {
        timeout: 15_000,
        intervals: [1_000],
        message: `run ${firstRun}: the ops chart did not move past ${seen} points`,
      })
      .toBeGreaterThan(seen);
    test.info().annotations.push({
      type: 'live',
      description: `ops chart ${seen} → ${await runPage.opsPoints()} points while RUNNING`,
    });

    // Finished: the same page shows the results.
    await expect
      .poll(() => runPage.state().getAttribute('data-state'), {
        timeout: RUN_TIMEOUT_MS,
        intervals: [1_000],
        message: `benchmark run ${firstRun} still running`,
      })
      .not.toMatch(LIVE);
    expect(
      await runPage.state().getAttribute('data-state'),
      `run ${firstRun}: ${await runPage.message().textContent()}`,
    ).toBe('SUCCEEDED');
    await expect(runPage.progress()).toHaveAttribute('aria-valuenow', '100');
    await expect(runPage.summaryRow('READ')).toBeVisible();
    await expect(runPage.summaryRow('UPDATE')).toBeVisible();
    expect(await runPage.opsPoints()).toBeGreaterThanOrEqual(DURATION_S);
    await expect(runPage.exportCsv()).toHaveAttribute('href', /\/export\?format=csv$/);
    // YCSB's own counts and report: reads of a missing key are NOT_FOUND, not errors
    await expect(page.getByTestId('bench-returns')).toContainText('Return=OK');
    await expect(page.getByTestId('bench-returns')).toContainText('Return=NOT_FOUND 0');
    await expect(page.getByTestId('bench-export-ycsb')).toHaveAttribute(
      'href',
      /\/export\?format=ycsb$/,
    );
    // the RegionServers' CPU profile of the run, as a flame graph
    const profile = page.getByTestId('bench-profile');
    await expect(profile.getByTestId('bench-flame-graph')).toBeVisible({ timeout: 30_000 });
    await expect(profile).toContainText(/[\d,]+ CPU samples over/);
    await expect(profile).toContainText('checksum frames');

    // A second run of the same spec through the API.
    const preset = await adminApi.ycsbPreset(cluster.id, 'A');
    const launched = await adminApi.launchBenchmark(cluster.id, [
      {
        ...preset.spec,
        table,
        durationSeconds: DURATION_S,
        warmupSeconds: WARMUP_S,
        recordCount: RECORDS,
        threads: THREADS,
      },
    ]);
    const secondRun = launched.runIds[0]!;
    runIds.push(secondRun);
    const second = await adminApi.waitForBenchmarkRun(cluster.id, secondRun, RUN_TIMEOUT_MS);
    expect(second.state, `run ${secondRun}: ${second.message ?? ''}`).toBe('SUCCEEDED');

    // Runs list: tick both, Compare.
    await benchmarksPage.goto(cluster.id);
    await expect(benchmarksPage.runRow(firstRun)).toHaveAttribute('data-state', 'SUCCEEDED');
    await expect(benchmarksPage.runRow(secondRun)).toHaveAttribute('data-state', 'SUCCEEDED');
    await benchmarksPage.selectRun(firstRun).check();
    await benchmarksPage.selectRun(secondRun).check();
    await benchmarksPage.compareLink().click();
    await page.waitForURL(/\/benchmarks\/compare\?runs=\d+,\d+$/);

    await expect(compare.runColumns()).toHaveCount(2);
    await expect(compare.runColumns().first()).toHaveAttribute('data-run-id', String(firstRun));
    await expect(compare.opsRow()).toBeVisible();
    await expect(compare.ratios()).toHaveText(/\d+\.\d{2}×/);
    test.info().annotations.push({
      type: 'ops/s ratio',
      description: (await compare.ratios().textContent()) ?? '',
    });
  } finally {
    await stopRuns(adminApi, cluster.id, runIds);
    await adminApi.dropTableIfExists(cluster.id, table);
    await adminApi.deleteUser(username);
  }
});

test('a VIEWER sees the Benchmarks page but cannot launch or measure', async ({
  adminApi,
  loginPage,
  benchmarksPage,
  page,
}) => {
  test.setTimeout(120_000);
  const cluster = await adminApi.clusterByName(LOCAL_CLUSTER);
  const username = `e2e-viewer-${Date.now().toString(36)}`;
  const password = randomBytes(12).toString('base64url');
  await adminApi.createUser(username, password, 'VIEWER');
  try {
    await loginPage.login(username, password);
    await benchmarksPage.goto(cluster.id);
    await expect(benchmarksPage.heading()).toBeVisible();
    await expect(page.getByTestId('bench-ceiling')).toBeVisible();
    await expect(benchmarksPage.newBenchmarkLink()).toHaveCount(0);
    await expect(benchmarksPage.measureCeilingButton()).toHaveCount(0);
    await expectOnlyReadOnlyButtons(page);

    await page.goto(`/clusters/${cluster.id}/benchmarks/new`);
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();

    // The backend refuses the viewer's own ceiling probe.
    const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)?.value;
    const response = await page.request.post(`/api/v1/clusters/${cluster.id}/benchmarks/ceiling`, {
      headers: xsrf ? { [XSRF_HEADER]: xsrf } : {},
    });
    expect(response.status()).toBe(403);
  } finally {
    await adminApi.deleteUser(username);
  }
});
