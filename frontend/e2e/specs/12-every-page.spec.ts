import type { Page } from '@playwright/test';
import { ADMIN_USER, env, LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';
import { noPageScroll, WIDTHS } from '../layout';
import { visibleBadText } from '../visibleText';

/**
 * Every page of the console at 1280 and 1920 px: no "null", "undefined" or "NaN" on screen (the
 * automatic watch in fixtures.ts checks every render too), no horizontal scrolling of the page
 * itself (wide tables scroll inside their card), and the erasure-coding Enable/Disable buttons
 * inside the window. Runs after the other specs, so the pages hold their tables, runs and schedules.
 */
interface Visit {
  name: string;
  path: string;
  /** Extra check once the page has settled. */
  check?: (page: Page, width: number) => Promise<void>;
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  // data arrives after the first render; every page shows role=status "Loading…" until it does
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, {
    timeout: 30_000,
  });
}

async function buttonsInside(page: Page, width: number): Promise<void> {
  const buttons = page.getByRole('button', { name: /^(Enable|Disable)\b/ });
  const n = await buttons.count();
  expect(n, 'EC policies with Enable/Disable').toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const box = await buttons.nth(i).boundingBox();
    expect(box, `Enable/Disable button ${i} is rendered`).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `button ${i} ends inside ${width} px`).toBeLessThanOrEqual(width);
  }
}

test('every page renders at 1280 and 1920 px without nulls or sideways scrolling', async ({
  loginPage,
  adminApi,
  page,
}) => {
  test.setTimeout(600_000);
  await loginPage.login(ADMIN_USER, env.adminPassword());
  const cluster = (await adminApi.clusterByName(LOCAL_CLUSTER)).id;
  const c = `/clusters/${cluster}`;
  const probe = encodeURIComponent('granary:probe');
  const runs = (await (
    await adminApi.request.get(`/api/v1/clusters/${cluster}/benchmarks/runs`)
  ).json()) as { id: number }[];
  // none on a fresh stack (19 runs them); a profiled one draws the widest page: its flame graph
  const experiments = (await (
    await adminApi.request.get(`/api/v1/clusters/${cluster}/experiments`)
  ).json()) as { seriesId: number; experiment: string; state: string }[];
  const finished = experiments.filter((e) => e.state === 'SUCCEEDED');
  const experiment =
    finished.find((e) => e.experiment === 'native-checksums') ?? finished[0] ?? experiments[0];

  const visits: Visit[] = [
    { name: 'clusters', path: '/clusters' },
    { name: 'overview', path: c },
    { name: 'tables', path: `${c}/tables` },
    { name: 'monitoring', path: `${c}/monitoring` },
    { name: 'permissions', path: `${c}/permissions` },
    { name: 'create table', path: `${c}/tables/new` },
    ...[
      'descriptor',
      'regions',
      'region-map',
      'heatmap',
      'metrics',
      'compactions',
      'erasure-coding',
      'rows',
    ].map((tab) => ({ name: `table ${tab}`, path: `${c}/tables/${probe}?tab=${tab}` })),
    ...['schedules', 'runs', 'compact'].map((tab) => ({
      name: `compactions ${tab}`,
      path: `${c}/compactions?tab=${tab}`,
    })),
    { name: 'new schedule', path: `${c}/compactions/schedules/new` },
    { name: 'EC policies', path: `${c}/erasure-coding`, check: buttonsInside },
    { name: 'EC directories', path: `${c}/erasure-coding?tab=directories&path=%2Fhbase` },
    { name: 'EC report', path: `${c}/erasure-coding?tab=report&path=%2Fhbase` },
    { name: 'EC conversions', path: `${c}/erasure-coding?tab=conversions` },
    { name: 'benchmarks', path: `${c}/benchmarks` },
    { name: 'new benchmark', path: `${c}/benchmarks/new` },
    ...(runs.length > 0
      ? [{ name: 'benchmark run', path: `${c}/benchmarks/runs/${runs[0]!.id}` }]
      : []),
    ...(runs.length > 1
      ? [{ name: 'compare', path: `${c}/benchmarks/compare?runs=${runs[0]!.id},${runs[1]!.id}` }]
      : []),
    { name: 'experiments', path: `${c}/experiments` },
    { name: 'new experiment', path: `${c}/experiments/new?kind=ec-coder` },
    ...(experiment
      ? [{ name: 'experiment', path: `${c}/experiments/${experiment.seriesId}` }]
      : []),
    // the local cluster is registered, not installed: the day-2 pages say so
    { name: 'installed versions', path: `${c}/installs` },
    { name: 'configuration', path: `${c}/config` },
    { name: 'rolling restart', path: `${c}/rolling-restart` },
    // not created on vSphere: the destroy page says there is nothing to destroy
    { name: 'vSphere destroy', path: `${c}/vsphere/destroy` },
    { name: 'hosts', path: '/hosts' },
    { name: 'new cluster', path: '/provisioning/new' },
    { name: 'vCenter connections', path: '/provisioning/vcenters' },
    { name: 'new vCenter connection', path: '/provisioning/vcenters/new' },
    { name: 'operations', path: '/operations' },
    { name: 'audit', path: '/audit' },
    { name: 'users', path: '/users' },
    { name: 'tokens', path: '/tokens' },
  ];

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const v of visits) {
      await test.step(`${v.name} at ${width} px`, async () => {
        await page.goto(v.path);
        await settle(page);
        expect(await visibleBadText(page), `${v.name} at ${width} px`).toBeNull();
        await noPageScroll(page, v.name, width);
        if (v.check) await v.check(page, width);
      });
    }
  }
});
