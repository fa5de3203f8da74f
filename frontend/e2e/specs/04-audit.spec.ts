import { ADMIN_USER, env, LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';
import { AppNav } from '../pages/AppNav';

test("the audit log shows the admin's balancer run", async ({
  adminApi,
  loginPage,
  auditPage,
  page,
}) => {
  // Spec 02 normally produced one; make this spec stand on its own when run alone.
  const entries = await adminApi.auditEntries({ username: ADMIN_USER, size: '200' });
  if (!entries.some((e) => e.action.includes('balancer'))) {
    const cluster = await adminApi.clusterByName(LOCAL_CLUSTER);
    const operation = await adminApi.runBalancer(cluster.id);
    await expect
      .poll(async () => (await adminApi.operation(operation.id)).state, { timeout: 100_000 })
      .toMatch(/SUCCEEDED|FAILED|CANCELLED/);
  }

  await loginPage.login(ADMIN_USER, env.adminPassword());
  await new AppNav(page).link('Audit log').click();
  await expect(auditPage.rows().first()).toBeVisible();

  await auditPage.filterByUser(ADMIN_USER);
  const balancerRow = auditPage
    .rows()
    .filter({ hasText: /balancer/ })
    .first();
  await expect(balancerRow).toBeVisible();
  await expect(balancerRow).toContainText(ADMIN_USER);
  await expect(balancerRow).toContainText('SUCCESS');
});
