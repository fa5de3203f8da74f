import { ADMIN_USER, env, LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';

test('admin signs in and sees the local cluster healthy with 5 DataNodes and 2 RegionServers', async ({
  loginPage,
  clustersPage,
  overviewPage,
}) => {
  await loginPage.login(ADMIN_USER, env.adminPassword());

  await clustersPage.open(LOCAL_CLUSTER);

  await expect(overviewPage.healthStatus()).toHaveText('HEALTHY', { timeout: 60_000 });
  await expect(overviewPage.dataNodeRows()).toHaveCount(5);
  await expect(overviewPage.regionServerRows()).toHaveCount(2);
  await expect(overviewPage.runBalancerButton()).toBeVisible();
});

test('bad credentials show a readable error and stay on the login page', async ({
  loginPage,
  page,
}) => {
  await loginPage.goto();
  // An unknown user, so that no real account collects failed attempts.
  await loginPage.username().fill('e2e-no-such-user');
  await loginPage.password().fill('definitely-not-the-password');
  await loginPage.submit().click();
  await expect(loginPage.error()).toContainText('Sign-in failed');
  await expect(loginPage.error()).not.toContainText('{');
  await expect(page).toHaveURL(/\/login/);
});
