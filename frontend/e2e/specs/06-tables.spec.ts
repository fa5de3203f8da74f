import { randomBytes } from 'node:crypto';
import { type GranaryApi, XSRF_COOKIE, XSRF_HEADER } from '../api';
import { ADMIN_USER, env, LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';
import { loadRows } from '../load';
import { expectOnlyReadOnlyButtons } from '../readOnly';

const SALT_BUCKETS = 16;
const ROWS = 20_000;
/** A salted table's sample keys spread evenly: the busiest region gets at most 20% over the mean. */
const MAX_OVER_MEAN = 1.2;

const suffix = () => randomBytes(4).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Best effort: give the control plane's sampler (every 5 s in e2e) the chance to see the new,
 * still idle regions, so the load shows as a rate rather than as the first counter value.
 */
async function waitForFirstSample(api: GranaryApi, clusterId: number, table: string) {
  const first = await api.heatmap(clusterId, table);
  const deadline = Date.now() + 2 * first.intervalSeconds * 1000 + 5_000;
  let heatmap = first;
  while (heatmap.ranges.length < SALT_BUCKETS && Date.now() < deadline) {
    await sleep(1_000);
    heatmap = await api.heatmap(clusterId, table);
  }
}

test('admin creates a salted table, loads it, sees its regions and heat, then drops it', async ({
  adminApi,
  loginPage,
  clustersPage,
  tablesPage,
  createTablePage,
  tableDetailPage,
  page,
}) => {
  test.setTimeout(480_000);
  const table = `e2e_salted_${suffix()}`;

  await loginPage.login(ADMIN_USER, env.adminPassword());
  const clusterId = await clustersPage.open(LOCAL_CLUSTER);
  try {
    // Create: Tables → Create table → one family, salted into 16 buckets, previewed first.
    await tablesPage.openFromCluster();
    await tablesPage.createTableLink().click();
    await page.waitForURL(new RegExp(`/clusters/${clusterId}/tables/new$`));
    await createTablePage.tableName().fill(table);
    await createTablePage.familyName().fill('d');
    await createTablePage.splitStrategy().selectOption('SALT');
    await createTablePage.saltBuckets().fill(String(SALT_BUCKETS));
    await createTablePage.sampleSource().selectOption('pattern');
    await createTablePage.keyPattern().selectOption('SEQUENTIAL_INTEGERS');
    await createTablePage.previewButton().click();

    await expect(createTablePage.regionCount()).toHaveText(String(SALT_BUCKETS));
    const ratio = Number((await createTablePage.maxOverMean().textContent())?.trim());
    expect(ratio, 'preview max/mean').toBeGreaterThanOrEqual(1);
    expect(ratio, 'preview max/mean').toBeLessThanOrEqual(MAX_OVER_MEAN);

    // The page follows the CREATE operation and opens the table once it succeeded.
    await createTablePage.createButton().click();
    await expect(createTablePage.operation()).toBeVisible();
    await page.waitForURL(new RegExp(`/clusters/${clusterId}/tables/${table}$`), {
      timeout: 180_000,
    });
    await expect(tableDetailPage.state()).toHaveText('ENABLED');

    await waitForFirstSample(adminApi, clusterId, table);

    const summary = loadRows(table, { rows: ROWS, saltBuckets: SALT_BUCKETS });
    test.info().annotations.push({ type: 'load', description: summary });

    // Region map: 16 regions over the RegionServers (refreshed from the state cache).
    await tableDetailPage.tab('Region map').click();
    await expect(tableDetailPage.regionMap()).toBeVisible();
    await expect(tableDetailPage.regionMapRegionCount()).toHaveText(String(SALT_BUCKETS), {
      timeout: 60_000,
    });

    // Heatmap: the load's writes appear once the 5 s sampler has two samples spanning them.
    await tableDetailPage.goto(clusterId, table, 'heatmap');
    await expect(async () => {
      await page.reload();
      const cells = Number(
        (await tableDetailPage.heatmapNonEmptyCells().textContent({ timeout: 10_000 }))?.trim(),
      );
      expect(cells).toBeGreaterThan(0);
    }).toPass({ timeout: 90_000, intervals: [5_000] });
    await expect(tableDetailPage.heatmapChart()).toBeVisible();

    // Drop: the confirm button waits for the exact name; the page leaves once it is gone.
    await tableDetailPage.tab('Descriptor').click();
    await tableDetailPage.actionButton('Drop').click();
    await expect(tableDetailPage.dialog()).toContainText(`drop '${table}'`);
    await expect(tableDetailPage.confirmDrop()).toBeDisabled();
    await tableDetailPage.confirmName().fill(table.slice(0, -1));
    await expect(tableDetailPage.confirmDrop()).toBeDisabled();
    await tableDetailPage.confirmName().fill(table);
    await expect(tableDetailPage.confirmDrop()).toBeEnabled();
    await tableDetailPage.confirmDrop().click();
    await page.waitForURL(new RegExp(`/clusters/${clusterId}/tables$`), { timeout: 180_000 });

    await tablesPage.goto(clusterId, table);
    await expect(tablesPage.row(table)).toHaveCount(0, { timeout: 60_000 });
    expect(await adminApi.tableExists(clusterId, table)).toBe(false);
  } finally {
    await adminApi.dropTableIfExists(clusterId, table);
  }
});

test('a VIEWER sees tables but no Create, Alter, Truncate or Drop controls', async ({
  adminApi,
  loginPage,
  tablesPage,
  tableDetailPage,
  page,
}) => {
  test.setTimeout(240_000);
  const cluster = await adminApi.clusterByName(LOCAL_CLUSTER);
  const table = `e2e_viewer_${suffix()}`;
  const username = `e2e-viewer-${Date.now().toString(36)}`;
  const password = randomBytes(12).toString('base64url');

  const created = await adminApi.createTable(cluster.id, {
    name: table,
    families: [{ name: 'd' }],
    split: { strategy: 'NONE' },
  });
  expect((await adminApi.waitForOperation(created.id)).state).toBe('SUCCEEDED');
  await adminApi.createUser(username, password, 'VIEWER');
  try {
    await loginPage.login(username, password);

    await tablesPage.goto(cluster.id, table);
    await expect(tablesPage.row(table)).toBeVisible({ timeout: 60_000 });
    await expect(tablesPage.createTableLink()).toHaveCount(0);
    await expect(tablesPage.createNamespaceButton()).toHaveCount(0);

    await tablesPage.open(table);
    await expect(tableDetailPage.state()).toHaveText('ENABLED');
    for (const name of ['Enable', 'Disable', 'Truncate', 'Drop'] as const) {
      await expect(tableDetailPage.actionButton(name)).toHaveCount(0);
    }
    await expect(tableDetailPage.alterLink()).toHaveCount(0);
    await expectOnlyReadOnlyButtons(page);

    // The create page is not offered, and the backend refuses the drop itself.
    await page.goto(`/clusters/${cluster.id}/tables/new`);
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)?.value;
    const response = await page.request.delete(
      `/api/v1/clusters/${cluster.id}/tables/${encodeURIComponent(table)}?confirm=${table}`,
      { headers: xsrf ? { [XSRF_HEADER]: xsrf } : {} },
    );
    expect(response.status()).toBe(403);
    expect(await adminApi.tableExists(cluster.id, table)).toBe(true);
  } finally {
    await adminApi.deleteUser(username);
    await adminApi.dropTableIfExists(cluster.id, table);
  }
});
