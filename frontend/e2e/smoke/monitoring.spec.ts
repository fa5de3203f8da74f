import { expect, test } from '../fixtures';
import { CLUSTER_ID } from './mockData';
import { shot, signIn } from './session';

const unavailable = {
  type: 'https://granary.io/problems/monitoring-unavailable',
  title: "The cluster's Prometheus or Alertmanager is not set up or does not answer",
  status: 409,
  code: 'monitoring-unavailable',
  detail: 'cluster local has no Prometheus: start the local cluster with make run',
};

test('monitoring without a Prometheus: every chart and the alerts say so, the page still works', async ({
  page,
}) => {
  await signIn(page, 'ADMIN');
  // registered after the mock API, so these answer first
  await page.route(/\/api\/v1\/clusters\/\d+\/(metrics\/[a-z-]+|alerts)(\?.*)?$/, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/problem+json',
      body: JSON.stringify(unavailable),
    }),
  );
  await page.goto(`/clusters/${CLUSTER_ID}/monitoring`);
  await expect(page.getByRole('heading', { name: 'Monitoring', level: 1 })).toBeVisible();
  await expect(page.getByTestId('metrics-unavailable')).toHaveCount(9);
  await expect(page.getByTestId('metrics-unavailable').first()).toContainText('has no Prometheus');
  await expect(page.getByTestId('alerts-unavailable')).toContainText('has no Prometheus');
  // the range picker still answers
  await page.getByTestId('metrics-range').getByRole('button', { name: '6h' }).click();
  await expect(page.getByRole('heading', { name: 'Cluster, last 6h' })).toBeVisible();
  await page.screenshot({ path: shot('monitoring-unavailable'), fullPage: true });
});

test('monitoring with data: overview charts, bands, an alert linked to its health reason', async ({
  page,
}) => {
  await signIn(page, 'ADMIN');
  await page.goto(`/clusters/${CLUSTER_ID}`);
  const overview = page.getByTestId('overview-charts');
  await expect(overview.getByTestId('metrics-chart-requests')).toHaveAttribute(
    'data-points',
    '480',
  );
  await expect(overview.getByTestId('metrics-chart-requests')).toHaveAttribute('data-bands', '1');
  await overview.getByTestId('overview-monitoring-link').click();
  const row = page.locator('[data-testid="alert-row"][data-alert="DataNodeDown"]');
  await expect(row).toHaveAttribute('data-state', 'firing');
  await expect(row.getByTestId('alert-reason')).toContainText('Health reason');
  await page.screenshot({ path: shot('monitoring'), fullPage: true });
});
