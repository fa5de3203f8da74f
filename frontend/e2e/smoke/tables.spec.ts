import { expect, test } from '../fixtures';
import { tables } from './mockData';
import { signIn, shot } from './session';

test('admin: tables list, create with preview, detail tabs with charts, drop', async ({ page }) => {
  await signIn(page, 'ADMIN');

  await page.goto('/clusters/1');
  await page
    .getByRole('navigation', { name: 'Cluster' })
    .getByRole('link', { name: 'Tables' })
    .click();
  await expect(page).toHaveURL(/\/clusters\/1\/tables$/);
  await expect(page.getByTestId('table-row')).toHaveCount(tables.length);
  await page.screenshot({ path: shot('tables'), fullPage: true });

  await page.getByRole('button', { name: 'Create namespace' }).click();
  await page.getByRole('dialog').getByLabel('Namespace name').fill('logs');
  await expect(page.getByRole('dialog')).toContainText("create_namespace 'logs'");
  await page.screenshot({ path: shot('tables-create-namespace') });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'Create table' }).click();
  const form = page.getByRole('form', { name: 'Create table' });
  const compression = form.getByLabel('Compression');
  await expect(compression.locator('option[value="LZ4"]')).toBeDisabled();
  await expect(compression.locator('option[value="ZSTD"]')).toBeEnabled();

  // A missing name comes back as a field error on the name input.
  await form.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(form.getByText('a table name is required', { exact: true })).toBeVisible();

  await form.getByLabel('Table name', { exact: true }).fill('smoke_salted');
  await form.getByLabel('Split strategy').selectOption('SALT');
  await form.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByTestId('preview-region-count')).toHaveText('16');
  await expect(page.getByTestId('preview-max-over-mean')).toHaveText('1.00');
  await expect(page.getByTestId('preview-chart').locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: shot('tables-create-preview'), fullPage: true });

  await form.getByLabel('Split strategy').selectOption('EXPLICIT');
  await form.getByLabel('Split keys').fill('m\nc\nm\nx');
  await form.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(form.getByLabel('Split keys')).toHaveValue('c\nm\nx');
  await expect(page.getByTestId('split-keys-normalized')).toBeVisible();
  await page.screenshot({ path: shot('tables-create-explicit'), fullPage: true });

  await form.getByLabel('Split strategy').selectOption('SALT');
  await page.getByRole('button', { name: 'Create table' }).click();
  await expect(page).toHaveURL(/\/clusters\/1\/tables\/smoke_salted$/);
  await expect(page.getByTestId('table-state')).toHaveText('ENABLED');
  await page.screenshot({ path: shot('table-descriptor'), fullPage: true });

  await page.getByRole('tab', { name: 'Regions' }).click();
  await expect(page.getByTestId('regions-table').getByTestId('region-row')).toHaveCount(16);
  await page.screenshot({ path: shot('table-regions'), fullPage: true });

  await page.getByRole('tab', { name: 'Region map' }).click();
  await expect(page.getByTestId('region-map-region-count')).toHaveText('16');
  await expect(page.getByTestId('region-map').locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: shot('table-region-map'), fullPage: true });

  await page.getByRole('tab', { name: 'Heatmap' }).click();
  await expect(page.getByTestId('heatmap-chart').locator('canvas').first()).toBeVisible();
  expect(Number(await page.getByTestId('heatmap-nonempty-cells').textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId('heatmap-hot-range')).toHaveCount(1);
  await page.screenshot({ path: shot('table-heatmap'), fullPage: true });

  await page.getByRole('tab', { name: 'Descriptor' }).click();
  await page.getByRole('button', { name: 'Drop', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Drop table' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type the table name to confirm').fill('smoke_salted');
  await expect(confirm).toBeEnabled();
  await page.screenshot({ path: shot('table-drop-confirm') });
  await confirm.click();
  await expect(page).toHaveURL(/\/clusters\/1\/tables$/);
  await expect(page.locator('[data-testid="table-row"][data-name="smoke_salted"]')).toHaveCount(0);
});

test('operator: rows of a table — scan a page and the next, get a row, put a cell', async ({
  page,
}) => {
  await signIn(page, 'OPERATOR');
  await page.goto('/clusters/1/tables/orders');
  await page.getByRole('tab', { name: 'Rows' }).click();
  await expect(page).toHaveURL(/\/clusters\/1\/tables\/orders\?tab=rows$/);
  const scan = page.getByTestId('rows-scan');
  // 10 rows of 2 cells, more after them
  await expect(scan.getByTestId('row-cell')).toHaveCount(20);
  await expect(scan.getByTestId('shell-command')).toContainText(
    "hbase shell> scan 'orders', {LIMIT => 10}",
  );
  await page.screenshot({ path: shot('table-rows'), fullPage: true });

  await scan.getByRole('button', { name: 'Next page →' }).click();
  await expect(scan.getByTestId('row-cell')).toHaveCount(4);
  await expect(scan.getByTestId('shell-command')).toContainText('STARTROW => "user009\\x00"');
  await expect(scan.getByRole('button', { name: 'Next page →' })).toBeDisabled();

  const get = page.getByRole('form', { name: 'Get row' });
  const getBox = page.getByTestId('rows-get');
  await get.getByLabel('Row key').fill('user003');
  await get.getByRole('button', { name: 'Get' }).click();
  await expect(getBox.getByTestId('get-row-cell')).toHaveCount(2);
  await expect(getBox.getByTestId('shell-command')).toContainText(`get 'orders', "user003"`);
  await get.getByLabel('Row key').fill('nobody');
  await get.getByRole('button', { name: 'Get' }).click();
  await expect(getBox.getByTestId('row-missing')).toContainText('No row nobody in table orders');
  // a binary key travels in the query, \xNN escapes compared by their bytes
  await get.getByLabel('Row key').fill('user003\\x00');
  await get.getByRole('button', { name: 'Get' }).click();
  await expect(getBox.getByTestId('row-missing')).toContainText('No row user003\\x00 in table');
  await get.getByLabel('Row key').fill('user\\x30\\x303');
  await get.getByRole('button', { name: 'Get' }).click();
  await expect(getBox.getByTestId('get-row-cell')).toHaveCount(2);

  // A character outside printable ASCII comes back as a field error on the value.
  const put = page.getByRole('form', { name: 'Put a cell' });
  await put.getByLabel('Row key').fill('user012');
  await put.getByLabel('Qualifier').fill('name');
  await put.getByLabel('Value').fill('Niklaus Wirth — Pascal');
  await put.getByRole('button', { name: 'Put' }).click();
  await expect(put.getByText('printable ASCII only', { exact: false })).toBeVisible();
  await put.getByLabel('Value').fill('Niklaus');
  await put.getByRole('button', { name: 'Put' }).click();
  await expect(page.getByTestId('rows-put-result')).toHaveText('1 row written (1 cell).');
  await expect(page.getByTestId('rows-put').getByTestId('shell-command')).toContainText(
    `put 'orders', "user012", "d:name", "Niklaus"`,
  );
  // the scan shows the new row on its page
  await expect(scan.getByTestId('row-cell')).toHaveCount(5);
  await expect(scan.locator('[data-testid="row-cell"][data-key="user012"]')).toContainText(
    'Niklaus',
  );
  await page.screenshot({ path: shot('table-rows-put'), fullPage: true });
});

test('viewer: tables without create or drop controls', async ({ page }) => {
  await signIn(page, 'VIEWER');
  await page.goto('/clusters/1/tables');
  await expect(page.getByTestId('table-row')).toHaveCount(tables.length);
  await expect(page.getByRole('link', { name: 'Create table' })).toHaveCount(0);
  await page.goto('/clusters/1/tables/orders');
  await expect(page.getByTestId('table-state')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Drop' })).toHaveCount(0);
  await page.screenshot({ path: shot('table-viewer') });
  await page.getByRole('tab', { name: 'Rows' }).click();
  await expect(page.getByTestId('rows-scan').getByTestId('row-cell')).toHaveCount(20);
  await expect(page.getByTestId('rows-get')).toBeVisible();
  await expect(page.getByTestId('rows-put')).toHaveCount(0);
});
