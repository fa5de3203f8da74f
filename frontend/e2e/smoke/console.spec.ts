import { expect, test } from '@playwright/test';
import { mockApi } from './mockApi';

const shot = (name: string) => `test-results/smoke/${name}.png`;

test('login page renders, rejects bad credentials readably, then signs in', async ({ page }) => {
  await mockApi(page, 'ADMIN');
  await page.goto('/clusters');
  await expect(page).toHaveURL(/\/login\?next=%2Fclusters/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.screenshot({ path: shot('login') });

  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Sign-in failed');
  await expect(page.getByRole('alert')).toContainText('Bad credentials.');
  await page.screenshot({ path: shot('login-error') });

  await page.getByLabel('Password').fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/clusters$/);
  await expect(page.getByTestId('cluster-row')).toHaveCount(1);
  await page.screenshot({ path: shot('clusters') });
});

test('admin: overview, balancer with CSRF header, live operation, audit, users, tokens', async ({
  page,
  context,
}) => {
  const api = await mockApi(page, 'ADMIN');
  const baseURL = test.info().project.use.baseURL ?? 'http://localhost:4173';
  await context.addCookies([{ name: 'XSRF-TOKEN', value: 'smoke-xsrf', url: baseURL }]);
  await page.goto('/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Sign in' }).click();

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
  await expect(page).toHaveURL(/\/operations\/3f1d2c4b/);
  await expect(page.getByTestId('operation-state')).toHaveText('SUCCEEDED');
  await expect(page.getByTestId('operation-event')).toHaveCount(3);
  await page.screenshot({ path: shot('operation'), fullPage: true });
  expect(api.csrfHeaders.at(-1)).toBe('smoke-xsrf');

  await page.goto('/operations');
  await expect(page.getByTestId('operation-row')).toHaveCount(1);
  await page.screenshot({ path: shot('operations') });

  await page.goto('/audit');
  await expect(page.getByTestId('audit-row')).toHaveCount(2);
  await page.screenshot({ path: shot('audit') });

  await page.goto('/users');
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
  await mockApi(page, 'VIEWER');
  await page.goto('/login');
  await page.getByLabel('Username').fill('viewer');
  await page.getByLabel('Password').fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.goto('/clusters/1');
  await expect(page.getByTestId('health-status')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run balancer' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await page.screenshot({ path: shot('overview-viewer') });
  await page.goto('/operations/3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b');
  await expect(page.getByTestId('operation-state')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel operation' })).toHaveCount(0);
});
