import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ADMIN_USER, env, LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';

/** endpoints.properties of the e2e cluster (`local up --metrics` writes the monitoring URLs). */
async function endpoint(key: string): Promise<string> {
  const text = await readFile(join(env.localDir(), 'endpoints.properties'), 'utf8');
  const line = text.split('\n').find((l) => l.startsWith(`${key}=`));
  expect(line, `${key} in endpoints.properties`).toBeTruthy();
  return line!.slice(key.length + 1).replace(/\\:/g, ':');
}

// The e2e cluster runs with a real Prometheus and Alertmanager; real firing (a killed DataNode) is
// ObservabilityIT's, here an alert posted to Alertmanager stands in so the spec takes seconds.
test('monitoring: charts hold real data and bands, an alert shows up and an admin silences it', async ({
  adminApi,
  loginPage,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await loginPage.login(ADMIN_USER, env.adminPassword());
  const cluster = (await adminApi.clusterByName(LOCAL_CLUSTER)).id;
  const hourAgo = Date.now() - 3_600_000;
  const recentRuns = async () =>
    (
      (await (
        await adminApi.request.get(`/api/v1/clusters/${cluster}/benchmarks/runs`)
      ).json()) as { startedAt?: string }[]
    ).filter((r) => r.startedAt && Date.parse(r.startedAt) > hourAgo).length;
  // spec 09 ran benchmarks within the hour; run alone, this spec makes one of its own
  if ((await recentRuns()) === 0) {
    const table = `bench_band_${Date.now().toString(36)}`;
    await adminApi.createTableAndWait(cluster, {
      name: table,
      families: [{ name: 'd' }],
      split: { strategy: 'NONE' },
    });
    const preset = await adminApi.ycsbPreset(cluster, 'A');
    const launched = await adminApi.launchBenchmark(cluster, [
      {
        ...preset.spec,
        table,
        durationSeconds: 5,
        warmupSeconds: 1,
        recordCount: 500,
        threads: 2,
      },
    ]);
    await adminApi.waitForBenchmarkRun(cluster, launched.runIds[0]!, 90_000);
  }
  const recent = await recentRuns();
  expect(recent).toBeGreaterThan(0);

  // the overview's last hour first, then the Monitoring tab
  await page.goto(`/clusters/${cluster}`);
  const overview = page.getByTestId('overview-charts');
  for (const chart of ['requests', 'hdfs-capacity']) {
    await expect
      .poll(
        async () =>
          Number(await overview.getByTestId(`metrics-chart-${chart}`).getAttribute('data-points')),
        {
          timeout: 90_000,
          message: `the overview's ${chart} chart draws points from Prometheus`,
        },
      )
      .toBeGreaterThan(0);
  }
  await overview.getByTestId('overview-monitoring-link').click();
  const requests = page.getByTestId('metrics-chart-requests');
  await expect
    .poll(async () => Number(await requests.getAttribute('data-points')), {
      timeout: 90_000,
      message: 'the requests/s chart draws points from Prometheus',
    })
    .toBeGreaterThan(0);
  // every benchmark run of the last hour is a band (compactions may add more)
  await expect
    .poll(async () => Number(await requests.getAttribute('data-bands')), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(recent);
  await expect(page.getByTestId('metrics-unavailable')).toHaveCount(0);
  await expect(page.getByTestId('metrics-chart-hdfs-capacity')).not.toHaveAttribute(
    'data-points',
    '0',
  );

  // one table's charts: the probe table the control plane writes to holds data in every run
  await page.goto(`/clusters/${cluster}/tables/${encodeURIComponent('granary:probe')}?tab=metrics`);
  await expect
    .poll(
      async () =>
        Number(await page.getByTestId('metrics-chart-table-size').getAttribute('data-points')),
      { timeout: 60_000, message: "the probe table's size chart draws points" },
    )
    .toBeGreaterThan(0);
  await page.goto(`/clusters/${cluster}/monitoring`);

  const alertmanager = await endpoint('alertmanager.url');
  const instance = `e2e-${Date.now()}:1`;
  // Alertmanager's own API, as Prometheus posts to it; an end in the past resolves the alert
  const post = (endsInMs: number) =>
    request.post(`${alertmanager}/api/v2/alerts`, {
      data: [
        {
          labels: {
            alertname: 'E2eSynthetic',
            cluster: LOCAL_CLUSTER,
            instance,
            severity: 'warning',
          },
          annotations: { summary: 'posted by the e2e spec' },
          endsAt: new Date(Date.now() + endsInMs).toISOString(),
        },
      ],
    });
  const posted = await post(600_000);
  expect(posted.status()).toBe(200);
  const row = page
    .locator(`[data-testid="alert-row"][data-alert="E2eSynthetic"]`)
    .filter({ hasText: instance });
  await expect(row).toHaveAttribute('data-state', 'firing', { timeout: 30_000 });
  await expect(row).toContainText('posted by the e2e spec');

  await row.getByTestId('alert-silence').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('figure', { name: 'Shell equivalent' })).toContainText(
    `amtool silence add --duration=60m`,
  );
  const confirm = dialog.getByRole('button', { name: 'Silence', exact: true });
  await expect(confirm).toBeDisabled();
  await page.getByTestId('silence-comment').fill('e2e: known, being fixed');
  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveAttribute('data-state', 'silenced', { timeout: 30_000 });
  const silence = page.getByTestId('silence-row').filter({ hasText: instance });
  await expect(silence).toContainText('e2e: known, being fixed');

  const audit = (await (await adminApi.request.get('/api/v1/audit?action=silences')).json()) as {
    items: { target: string }[];
  };
  expect(audit.items.some((i) => i.target.includes('silence'))).toBe(true);

  await silence.getByTestId('silence-expire').click();
  await expect(silence).toHaveCount(0, { timeout: 30_000 });
  await expect(row).toHaveAttribute('data-state', 'firing', { timeout: 30_000 });
  // end the synthetic alert so later runs start quiet
  expect((await post(0)).status()).toBe(200);
});
