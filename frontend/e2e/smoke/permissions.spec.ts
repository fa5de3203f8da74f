import { expect, test } from '../fixtures';
import type { HbasePermission } from '../../src/api/types';
import { CLUSTER_ID } from './mockData';
import { shot, signIn } from './session';

const grant = (principal: string, table: string, actions: string): HbasePermission => ({
  principal,
  group: principal.startsWith('@'),
  scope: 'TABLE',
  namespace: 'default',
  table,
  actions,
  shellCommand: `grant '${principal}', '${actions}', '${table}'`,
  revokeCommand: `revoke '${principal}', '${table}'`,
});

test('permissions: list, grant with the shell command shown, revoke after a confirmation', async ({
  page,
}) => {
  await signIn(page, 'ADMIN');
  const held: HbasePermission[] = [grant('alice', 'orders', 'R')];
  // registered after the mock API, so these answer first
  await page.route(/\/api\/v1\/clusters\/\d+\/permissions(\?.*)?$/, async (route) => {
    const req = route.request();
    if (req.method() === 'POST') {
      const body = req.postDataJSON() as { principal: string; table: string; actions: string };
      const g = grant(body.principal, body.table, body.actions);
      held.push(g);
      return route.fulfill({
        status: 201,
        contentType: 'application/json',
        body: JSON.stringify(g),
      });
    }
    if (req.method() === 'DELETE') {
      const principal = new URL(req.url()).searchParams.get('principal');
      held.splice(
        held.findIndex((g) => g.principal === principal),
        1,
      );
      return route.fulfill({ status: 204 });
    }
    return route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        authentication: 'simple',
        permissions: held,
        shellCommand: "user_permission '.*'",
      }),
    });
  });
  await page.goto(`/clusters/${CLUSTER_ID}`);
  await page.getByTestId('cluster-nav-permissions').click();
  await expect(page.getByRole('heading', { name: 'Permissions', level: 1 })).toBeVisible();
  await expect(page.getByTestId('permission-row')).toHaveCount(1);

  await page.getByTestId('grant-principal').fill('bob');
  await page.getByTestId('grant-table').fill('orders');
  await page.getByTestId('grant-action-W').check();
  await expect(page.getByText("hbase shell> grant 'bob', 'RW', 'orders'")).toBeVisible();
  await page.getByTestId('grant-submit').click();
  await expect(page.getByTestId('permission-row')).toHaveCount(2);
  await page.screenshot({ path: shot('permissions'), fullPage: true });

  await page
    .locator('[data-testid="permission-row"][data-principal="bob"]')
    .getByTestId('permission-revoke')
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText("revoke 'bob', 'orders'");
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('permission-row')).toHaveCount(1);
});
