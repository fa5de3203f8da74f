import { ADMIN_USER, env, LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';

test('permissions: an ADMIN grants READ on a table, HBase lists it, the audit log has the shell command, the revoke is confirmed', async ({
  adminApi,
  loginPage,
  page,
}) => {
  const cluster = await adminApi.clusterByName(LOCAL_CLUSTER);
  const table = `e2e_perm_${Date.now().toString(36)}`;
  const user = `reader${Date.now().toString(36)}`;
  await adminApi.createTableAndWait(cluster.id, {
    name: table,
    families: [{ name: 'f' }],
    split: { strategy: 'NONE' },
  });
  try {
    await loginPage.login(ADMIN_USER, env.adminPassword());
    await page.goto(`/clusters/${cluster.id}/permissions`);
    await expect(page.getByTestId('permissions-simple-auth')).toBeVisible();

    await page.getByTestId('grant-principal').fill(user);
    await page.getByTestId('grant-table').fill(table);
    await expect(page.getByText(`hbase shell> grant '${user}', 'R', '${table}'`)).toBeVisible();
    await page.getByTestId('grant-submit').click();
    await expect(page.getByTestId('grant-done')).toContainText(`grant '${user}', 'R', '${table}'`);
    const row = page.locator(`[data-testid="permission-row"][data-principal="${user}"]`);
    await expect(row).toHaveAttribute('data-actions', 'R');

    // what HBase holds, read back through the API
    const listed = await adminApi.request.get(
      `/api/v1/clusters/${cluster.id}/permissions?table=${encodeURIComponent(table)}`,
    );
    expect(await listed.text()).toContain(`"principal":"${user}"`);

    await row.getByTestId('permission-revoke').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`revoke '${user}', '${table}'`);
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toHaveCount(0);

    const audit = await adminApi.auditEntries({
      username: ADMIN_USER,
      action: 'permissions',
      size: '20',
    });
    expect(JSON.stringify(audit)).toContain(`grant '${user}', 'R', '${table}'`);
    expect(JSON.stringify(audit)).toContain(`revoke '${user}', '${table}'`);
  } finally {
    await adminApi.dropTableIfExists(cluster.id, table);
  }
});
