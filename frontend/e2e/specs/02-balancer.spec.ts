import { ADMIN_USER, env, LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';

test('admin runs the balancer and follows the operation to SUCCEEDED', async ({
  loginPage,
  clustersPage,
  overviewPage,
  operationPage,
  operationsPage,
}) => {
  await loginPage.login(ADMIN_USER, env.adminPassword());
  await clustersPage.open(LOCAL_CLUSTER);

  const operationId = await overviewPage.runBalancer();

  await expect(operationPage.state()).toHaveText('SUCCEEDED', { timeout: 100_000 });
  await expect(operationPage.progress()).toHaveAttribute('aria-valuenow', '100');
  await expect(operationPage.cancelButton()).toHaveCount(0);
  await expect(operationPage.page.getByTestId('operation-created-by')).toHaveText(ADMIN_USER);

  await operationsPage.goto();
  await expect(operationsPage.row(operationId)).toBeVisible();
  await expect(operationsPage.rowState(operationId)).toHaveText('SUCCEEDED');
});
