import { randomBytes } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '../api';
import { LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';
import { AppNav } from '../pages/AppNav';
import { expectOnlyReadOnlyButtons } from '../readOnly';

test('a VIEWER sees no mutating controls and the API refuses their balancer call', async ({
  adminApi,
  loginPage,
  clustersPage,
  overviewPage,
  operationsPage,
  page,
}) => {
  const username = `e2e-viewer-${Date.now().toString(36)}`;
  const password = randomBytes(12).toString('base64url');
  await adminApi.createUser(username, password, 'VIEWER');

  try {
    await loginPage.login(username, password);
    const nav = new AppNav(page);
    await expect(nav.role()).toHaveText('VIEWER');
    await expect(nav.link('Users')).toHaveCount(0);
    await expect(nav.link('Audit log')).toHaveCount(0);

    const clusterId = await clustersPage.open(LOCAL_CLUSTER);
    await expect(overviewPage.healthStatus()).toBeVisible();
    await expect(overviewPage.dataNodeRows().first()).toBeVisible();
    await expect(overviewPage.runBalancerButton()).toHaveCount(0);
    await expectOnlyReadOnlyButtons(page);

    await operationsPage.goto();
    await expect(page.getByRole('heading', { name: 'Operations' })).toBeVisible();
    await expectOnlyReadOnlyButtons(page);
    if ((await operationsPage.rows().count()) > 0) {
      await operationsPage.rows().first().getByTestId('operation-link').click();
      await expect(page.getByTestId('operation-state')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel operation' })).toHaveCount(0);
      await expectOnlyReadOnlyButtons(page);
    }

    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create user' })).toHaveCount(0);

    // The backend enforces it too: the viewer's own session, with a valid XSRF header, gets 403.
    const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)?.value;
    const response = await page.request.post(`/api/v1/clusters/${clusterId}/balancer`, {
      headers: xsrf ? { [XSRF_HEADER]: xsrf } : {},
    });
    expect(response.status()).toBe(403);
    expect(response.headers()['content-type']).toContain('application/problem+json');
    const problem = (await response.json()) as { status: number; code: string };
    expect(problem.status).toBe(403);
    expect(typeof problem.code).toBe('string');
  } finally {
    await adminApi.deleteUser(username);
  }
});
