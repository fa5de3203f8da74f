import { expect, test } from '../fixtures';
import { mockApi } from './mockApi';
import { BALANCER_OP_ID, clusters, PASSWORD, seededOperations } from './mockData';
import { shot, signIn, XSRF_TOKEN } from './session';

test('login page renders, rejects bad credentials readably, then signs in', async ({
  page,
  loginPage,
}) => {
  await mockApi(page, 'ADMIN');
  await page.goto('/clusters');
  await expect(page).toHaveURL(/\/login\?next=%2Fclusters/);
  await expect(loginPage.submit()).toBeVisible();
  await page.screenshot({ path: shot('login') });

  await loginPage.username().fill('admin');
  await loginPage.password().fill('wrong');
  await loginPage.submit().click();
  await expect(loginPage.error()).toContainText('Sign-in failed');
  await expect(loginPage.error()).toContainText('Bad credentials.');
  await page.screenshot({ path: shot('login-error') });

  await loginPage.password().fill(PASSWORD);
  await loginPage.submit().click();
  await expect(page).toHaveURL(/\/clusters$/);
  await expect(page.getByTestId('cluster-row')).toHaveCount(clusters.length);
  await page.screenshot({ path: shot('clusters') });
});

test('admin: overview, balancer with CSRF header, live operation, audit, users, tokens', async ({
  page,
}) => {
  const api = await signIn(page, 'ADMIN');

  await page.goto('/clusters/1');
  await expect(page.getByTestId('health-status')).toHaveText('DEGRADED');
  await expect(
    page.locator('[data-testid="health-reason"][data-code="DATANODE_DEAD"]'),
  ).toBeVisible();
  await expect(page.getByTestId('datanode-row')).toHaveCount(5);
  await expect(page.getByTestId('regionserver-row')).toHaveCount(2);
  await expect(page.getByTestId('native-ec-coder')).toContainText('ISA-L native');
  await page.screenshot({ path: shot('overview'), fullPage: true });

  await page.getByRole('button', { name: 'Run balancer' }).click();
  await expect(page.getByRole('dialog')).toContainText('balance_switch true');
  await page.screenshot({ path: shot('balancer-confirm') });
  await page.getByRole('dialog').getByRole('button', { name: 'Run balancer' }).click();
  await expect(page).toHaveURL(new RegExp(`/operations/${BALANCER_OP_ID}$`));
  await expect(page.getByTestId('operation-state')).toHaveText('SUCCEEDED');
  await expect(page.getByTestId('operation-event')).toHaveCount(3);
  await page.screenshot({ path: shot('operation'), fullPage: true });
  expect(api.csrfHeaders.at(-1)).toBe(XSRF_TOKEN);

  await page.goto('/operations');
  await expect(page.getByTestId('operation-row')).toHaveCount(seededOperations.length);
  await page.screenshot({ path: shot('operations') });

  await page.goto('/audit');
  await expect(page.getByTestId('audit-row')).toHaveCount(2);
  await page.screenshot({ path: shot('audit') });

  await page.goto('/users');
  await expect(page.getByTestId('tls-off')).toContainText('GRANARY_TLS=self-signed');
  await page.getByLabel('Username', { exact: true }).fill('newuser');
  await page.getByLabel('Password', { exact: true }).fill('0123456789');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByRole('alert')).toContainText('must be at least 10 characters');
  await page.screenshot({ path: shot('users'), fullPage: true });

  await page.goto('/tokens');
  await expect(page.getByTestId('token-row')).toHaveCount(1);
  await page.screenshot({ path: shot('tokens') });
});

test('viewer: no mutating controls', async ({ page }) => {
  await signIn(page, 'VIEWER');
  await page.goto('/clusters/1');
  await expect(page.getByTestId('health-status')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run balancer' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await page.screenshot({ path: shot('overview-viewer') });
  await page.goto(`/operations/${BALANCER_OP_ID}`);
  await expect(page.getByTestId('operation-state')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel operation' })).toHaveCount(0);
});
