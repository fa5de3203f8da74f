import { randomBytes } from 'node:crypto';
import { type GranaryApi, XSRF_COOKIE, XSRF_HEADER } from '../api';
import { ADMIN_USER, env, LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';
import { dfsFill } from '../load';
import { expectOnlyReadOnlyButtons } from '../readOnly';

/** 3 data + 2 parity units: the widest system policy 5 DataNodes on one rack can hold. */
const POLICY = 'RS-3-2-1024k';
const FILES = 20;
/** Sizes spread log-uniformly from 1 KiB to 8 MiB: small files and full stripes. */
const MIN_KB = 1;
const MAX_KB = 8192;
/** The whole conversion on the local cluster: 20 files, unthrottled. */
const CONVERSION_TIMEOUT_MS = 300_000;

const suffix = () => randomBytes(4).toString('hex');

/** Best effort on the way out: a conversion still going is cancelled. */
async function stopConversion(api: GranaryApi, clusterId: number, id: number | undefined) {
  if (id === undefined) return;
  const conversion = await api.ecConversion(clusterId, id).catch(() => undefined);
  if (conversion?.state !== 'RUNNING' || !conversion.operationId) return;
  await api.cancelOperation(conversion.operationId);
  await api.waitForOperation(conversion.operationId, CONVERSION_TIMEOUT_MS);
}

test('admin enables RS-3-2-1024k, reports on a filled directory, converts it and sees the space reclaimed', async ({
  adminApi,
  loginPage,
  clustersPage,
  erasureCodingPage: ec,
  ecConversionPage: conversionPage,
}) => {
  test.setTimeout(600_000);
  const cluster = await adminApi.clusterByName(LOCAL_CLUSTER);
  const dir = `/e2e-ec-${suffix()}`;
  let conversionId: number | undefined;

  try {
    // Policies: Cluster → Erasure coding; the topology and the coder are shown first.
    await loginPage.login(ADMIN_USER, env.adminPassword());
    expect(await clustersPage.open(LOCAL_CLUSTER)).toBe(cluster.id);
    await ec.openFromCluster();
    await expect(ec.heading()).toBeVisible();
    await expect(ec.policyRow(POLICY)).toBeVisible();
    await expect(ec.coder()).toHaveText(/ISA-L native|Java/);
    test.info().annotations.push({
      type: 'topology',
      description: `${await ec.dataNodes().textContent()} DataNodes, ${await ec.racks().textContent()} racks, coder ${await ec.coder().textContent()}`,
    });

    // Enable the policy if it is not yet; it stays enabled (no other spec depends on it).
    if ((await ec.policyRow(POLICY).getAttribute('data-state')) !== 'ENABLED') {
      await ec.enableButton(POLICY).click();
      await expect(ec.policyRow(POLICY)).toHaveAttribute('data-state', 'ENABLED');
    }
    await expect(ec.disableButton(POLICY)).toBeVisible();
    await expect(ec.policyError(POLICY)).toHaveCount(0);

    // A directory of small and large files, written with 3× replication.
    const summary = dfsFill(dir, { files: FILES, minKb: MIN_KB, maxKb: MAX_KB });
    test.info().annotations.push({ type: 'dfs-fill', description: summary });

    // Savings report: the histogram, every layout and a recommendation with its reason.
    await ec.openReport(dir);
    await expect(ec.histogram()).toBeVisible({ timeout: 60_000 });
    await expect(ec.currentRaw()).toHaveText(/\d/);
    await expect(ec.layoutRow('current')).toBeVisible();
    await expect(ec.layoutRow(POLICY)).toBeVisible();
    await expect(ec.layoutRow('replication')).toBeVisible();
    const recommended = await ec.recommendation().getAttribute('data-layout');
    const reason = (await ec.recommendation().textContent()) ?? '';
    test.info().annotations.push({ type: 'recommendation', description: reason });
    if (recommended !== POLICY) {
      // Not the policy: the report must say why (more than the bare "Recommendation: X").
      expect(reason.replace(/^Recommendation:\s*\S+/, '').trim(), 'why not ' + POLICY).not.toBe('');
    }

    // Convert the directory: the form keeps the path; the button waits for the typed path.
    await ec.tab('Conversions').click();
    await expect(ec.convertForm()).toBeVisible();
    await ec.convertPath().fill(dir);
    await ec.convertPolicy().selectOption(POLICY);
    await expect(ec.convertThrottle()).toHaveValue('0');
    await expect(ec.prediction()).toContainText('predicted under', { timeout: 60_000 });
    await expect(ec.startConversionButton()).toBeDisabled();
    await ec.convertConfirm().fill(dir.slice(0, -1));
    await expect(ec.startConversionButton()).toBeDisabled();
    await ec.convertConfirm().fill(dir);
    await expect(ec.startConversionButton()).toBeEnabled();
    conversionId = await ec.startConversion();

    // The conversion page, refreshed every second until it is over.
    await expect(conversionPage.state()).toBeVisible();
    await expect
      .poll(() => conversionPage.state().getAttribute('data-state'), {
        timeout: CONVERSION_TIMEOUT_MS,
        intervals: [1_000],
        message: `EC conversion ${conversionId} still running`,
      })
      .not.toBe('RUNNING');
    expect(
      await conversionPage.state().getAttribute('data-state'),
      `conversion ${conversionId}: ${await conversionPage.message().textContent()}`,
    ).toBe('SUCCEEDED');
    await expect(conversionPage.progress()).toHaveAttribute('aria-valuenow', '100');
    await expect(conversionPage.files()).toContainText(`${FILES} of ${FILES} files converted`);
    const reclaimed = await conversionPage.reclaimedNumber();
    test.info().annotations.push({
      type: 'reclaimed',
      description: `${await conversionPage.reclaimed().textContent()} (raw ${await conversionPage.raw().textContent()})`,
    });
    expect(reclaimed, 'space reclaimed').toBeGreaterThan(0);

    // Directories: the directory holds the policy now, and so does every file in it.
    await ec.goto(cluster.id, 'directories', dir);
    await expect(ec.dirPolicy()).toHaveText(POLICY);
    await expect(ec.dirChildren()).toHaveCount(FILES);
    expect(new Set(await ec.childPolicies())).toEqual(new Set([POLICY]));
    const listed = await adminApi.ecDirectory(cluster.id, dir);
    expect(listed.children.filter((c) => c.policy !== POLICY)).toEqual([]);
  } finally {
    await stopConversion(adminApi, cluster.id, conversionId);
    // The API has no way to delete an HDFS directory: `dir` (random name, ~50 MB raw) stays.
  }
});

test('a VIEWER sees policies and directories but no Enable, Set policy or Convert', async ({
  adminApi,
  loginPage,
  erasureCodingPage: ec,
  page,
}) => {
  test.setTimeout(180_000);
  const cluster = await adminApi.clusterByName(LOCAL_CLUSTER);
  const username = `e2e-viewer-${Date.now().toString(36)}`;
  const password = randomBytes(12).toString('base64url');
  await adminApi.createUser(username, password, 'VIEWER');
  try {
    await loginPage.login(username, password);

    await ec.goto(cluster.id);
    await expect(ec.policyRow(POLICY)).toBeVisible();
    await expect(ec.coder()).toBeVisible();
    await expect(ec.anyPolicyActionButton()).toHaveCount(0);
    await expectOnlyReadOnlyButtons(page);

    await ec.tab('Directories').click();
    await expect(ec.dirPath()).toBeVisible();
    await expect(ec.dirPolicy()).toBeVisible();
    await expect(ec.dirChildren().first()).toBeVisible();
    await expect(ec.directoryPolicyForm()).toHaveCount(0);
    await expect(ec.setPolicyButton()).toHaveCount(0);
    await expect(ec.convertLinks()).toHaveCount(0);
    await expectOnlyReadOnlyButtons(page);

    await ec.tab('Conversions').click();
    await expect(ec.tab('Conversions')).toHaveAttribute('aria-selected', 'true');
    await expect(ec.convertForm()).toHaveCount(0);
    await expectOnlyReadOnlyButtons(page);

    // The backend refuses the viewer's own enable.
    const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)?.value;
    const response = await page.request.post(
      `/api/v1/clusters/${cluster.id}/erasure-coding/policies/${POLICY}/enable`,
      { headers: xsrf ? { [XSRF_HEADER]: xsrf } : {} },
    );
    expect(response.status()).toBe(403);
  } finally {
    await adminApi.deleteUser(username);
  }
});
