import { randomBytes } from 'node:crypto';
import { ADMIN_USER, env, LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';
import { loadRows } from '../load';

const POLICY = 'RS-3-2-1024k';
const FLUSHED_ROWS = 5_000;
const UNFLUSHED_ROWS = 2_000;

/**
 * The figures the console computes, with real data: an RS-3-2 table with flushed and unflushed
 * rows shows each HFile's striped layout, locality within 100% (n/a for striped files), MemStore
 * bytes; Flush empties the MemStore, the compaction then reports the bytes it rewrote, and the
 * savings report of /hbase recommends nothing already in place.
 */
test('an RS-3-2 table with flushed and unflushed rows shows what the engine stores', async ({
  adminApi,
  loginPage,
  clustersPage,
  tableDetailPage,
  compactionRunPage,
  erasureCodingPage,
  page,
}) => {
  test.setTimeout(360_000);
  const table = `e2e_figures_${randomBytes(4).toString('hex')}`;
  const cluster = await adminApi.clusterByName(LOCAL_CLUSTER);
  const base = `/api/v1/clusters/${cluster.id}`;
  expect((await adminApi.post(`${base}/erasure-coding/policies/${POLICY}/enable`)).status()).toBe(
    200,
  );
  await adminApi.createTableAndWait(cluster.id, {
    name: table,
    families: [{ name: 'd' }],
    split: { strategy: 'NONE' },
  });
  try {
    const set = await adminApi.put(`${base}/tables/${table}/erasure-coding`, { policy: POLICY });
    expect(set.status(), await set.text()).toBe(202);
    const ecOp = await adminApi.waitForOperation(
      ((await set.json()) as { operation: { id: string } }).operation.id,
    );
    expect(ecOp.state, `set ${POLICY} on ${table}: ${JSON.stringify(ecOp)}`).toBe('SUCCEEDED');
    loadRows(table, { rows: FLUSHED_ROWS, flushes: 1 });
    loadRows(table, { rows: UNFLUSHED_ROWS, start: FLUSHED_ROWS });

    await loginPage.login(ADMIN_USER, env.adminPassword());
    await clustersPage.open(LOCAL_CLUSTER);

    // Regions: MemStore bytes beside the store files, locality n/a for striped files.
    await tableDetailPage.goto(cluster.id, table, 'regions');
    await expect
      .poll(
        async () =>
          Number(await tableDetailPage.regionMemstore().first().getAttribute('data-bytes')),
        {
          timeout: 60_000,
          message: 'MemStore bytes of the unflushed rows',
        },
      )
      .toBeGreaterThan(0);
    await expect(page.getByTestId('locality-na')).toHaveAttribute(
      'title',
      /n\/a for striped files/,
    );
    for (const value of await tableDetailPage
      .regionLocality()
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))))) {
      expect(value).toBeLessThanOrEqual(1);
    }

    // Erasure coding: every HFile striped under the table's policy, from the NameNode.
    await tableDetailPage.tab('Erasure coding').click();
    await expect(tableDetailPage.ecHfiles()).toHaveText('1 / 1');
    await expect(tableDetailPage.ecHfileRows()).toHaveCount(1);
    await expect(tableDetailPage.ecHfileRows().first()).toHaveAttribute('data-layout', 'STRIPED');

    // Flush, confirmed, with its shell command: the MemStore lands in a second HFile.
    await tableDetailPage.goto(cluster.id, table, 'regions');
    await tableDetailPage.actionButton('Flush').click();
    await expect(tableDetailPage.dialog()).toContainText(`hbase shell> flush '${table}'`);
    await tableDetailPage.dialog().getByRole('button', { name: 'Flush table' }).click();
    await expect(page.getByText(/TABLE_FLUSH succeeded/)).toBeVisible({ timeout: 90_000 });
    await expect
      .poll(
        async () => {
          await tableDetailPage.goto(cluster.id, table, 'regions');
          return tableDetailPage.regionMemstore().first().getAttribute('data-bytes');
        },
        { timeout: 60_000, intervals: [3_000], message: 'MemStore empty after the flush' },
      )
      .toBe('0');

    // A major compaction then reports the bytes it rewrote.
    const compact = await adminApi.post(`${base}/compactions`, { kind: 'MAJOR', table });
    expect(compact.status(), await compact.text()).toBe(202);
    const { runId } = (await compact.json()) as { runId: number };
    await compactionRunPage.goto(cluster.id, runId);
    await expect(compactionRunPage.state()).toHaveAttribute('data-state', 'SUCCEEDED', {
      timeout: 120_000,
    });
    await expect(compactionRunPage.message()).toContainText('bytes of HFiles rewritten');

    // The savings report of HBase's own directory: nothing to do, open WALs left out.
    await erasureCodingPage.goto(cluster.id);
    await erasureCodingPage.openReport('/hbase');
    await expect(erasureCodingPage.recommendation()).toHaveAttribute('data-layout', 'current', {
      timeout: 60_000,
    });
    await expect(erasureCodingPage.recommendation()).toContainText('nothing to do');
  } finally {
    await adminApi.dropTableIfExists(cluster.id, table);
  }
});
