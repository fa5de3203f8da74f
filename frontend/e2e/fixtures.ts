import { test as base } from '@playwright/test';
import { GranaryApi } from './api';
import { ADMIN_USER, env, GRANARY_URL } from './env';
import { installWatch } from './visibleText';
import { AuditPage } from './pages/AuditPage';
import { BenchmarkComparePage } from './pages/BenchmarkComparePage';
import { BenchmarkFormPage } from './pages/BenchmarkFormPage';
import { BenchmarkRunPage } from './pages/BenchmarkRunPage';
import { BenchmarksPage } from './pages/BenchmarksPage';
import { ClusterOverviewPage } from './pages/ClusterOverviewPage';
import { ClustersPage } from './pages/ClustersPage';
import { ConfigurationPage } from './pages/ConfigurationPage';
import { CompactionRunPage } from './pages/CompactionRunPage';
import { CompactionScheduleFormPage } from './pages/CompactionScheduleFormPage';
import { CompactionsPage } from './pages/CompactionsPage';
import { CreateTablePage } from './pages/CreateTablePage';
import { EcConversionPage } from './pages/EcConversionPage';
import { ErasureCodingPage } from './pages/ErasureCodingPage';
import { ExperimentFormPage, ExperimentPage } from './pages/ExperimentPage';
import { HostsPage } from './pages/HostsPage';
import { InstalledVersionsPage } from './pages/InstalledVersionsPage';
import { LoginPage } from './pages/LoginPage';
import { NewClusterPage } from './pages/NewClusterPage';
import { OperationPage } from './pages/OperationPage';
import { OperationsPage } from './pages/OperationsPage';
import { ProvisioningRunPage } from './pages/ProvisioningRunPage';
import { RollingRestartPage } from './pages/RollingRestartPage';
import { ScaleInPage } from './pages/ScaleInPage';
import { TableDetailPage } from './pages/TableDetailPage';
import { TablesPage } from './pages/TablesPage';
import { VcentersPage } from './pages/VcentersPage';
import { VsphereDestroyPage } from './pages/VsphereDestroyPage';

interface Fixtures {
  /** Fails the test when a page showed "null", "undefined" or "NaN" (see visibleText.ts). */
  noBadText: void;
  /** An API session of the admin (own cookie jar, separate from the browser). */
  adminApi: GranaryApi;
  loginPage: LoginPage;
  clustersPage: ClustersPage;
  overviewPage: ClusterOverviewPage;
  operationPage: OperationPage;
  operationsPage: OperationsPage;
  auditPage: AuditPage;
  tablesPage: TablesPage;
  createTablePage: CreateTablePage;
  tableDetailPage: TableDetailPage;
  compactionsPage: CompactionsPage;
  compactionScheduleFormPage: CompactionScheduleFormPage;
  compactionRunPage: CompactionRunPage;
  erasureCodingPage: ErasureCodingPage;
  ecConversionPage: EcConversionPage;
  benchmarksPage: BenchmarksPage;
  benchmarkFormPage: BenchmarkFormPage;
  benchmarkRunPage: BenchmarkRunPage;
  benchmarkComparePage: BenchmarkComparePage;
  experimentPage: ExperimentPage;
  experimentFormPage: ExperimentFormPage;
  hostsPage: HostsPage;
  newClusterPage: NewClusterPage;
  provisioningRunPage: ProvisioningRunPage;
  scaleInPage: ScaleInPage;
  installedVersionsPage: InstalledVersionsPage;
  rollingRestartPage: RollingRestartPage;
  configurationPage: ConfigurationPage;
  vcentersPage: VcentersPage;
  vsphereDestroyPage: VsphereDestroyPage;
}

export const test = base.extend<Fixtures>({
  noBadText: [
    async ({ page }, use) => {
      const sightings: string[] = [];
      await installWatch(page, sightings);
      await use();
      const unique = [...new Set(sightings)];
      if (unique.length > 0) {
        throw new Error(`the console showed null/undefined/NaN:\n  ${unique.join('\n  ')}`);
      }
    },
    { auto: true },
  ],
  adminApi: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ baseURL: GRANARY_URL });
    const api = new GranaryApi(request);
    await api.login(ADMIN_USER, env.adminPassword());
    await use(api);
    await request.dispose();
  },
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  clustersPage: async ({ page }, use) => use(new ClustersPage(page)),
  overviewPage: async ({ page }, use) => use(new ClusterOverviewPage(page)),
  operationPage: async ({ page }, use) => use(new OperationPage(page)),
  operationsPage: async ({ page }, use) => use(new OperationsPage(page)),
  auditPage: async ({ page }, use) => use(new AuditPage(page)),
  tablesPage: async ({ page }, use) => use(new TablesPage(page)),
  createTablePage: async ({ page }, use) => use(new CreateTablePage(page)),
  tableDetailPage: async ({ page }, use) => use(new TableDetailPage(page)),
  compactionsPage: async ({ page }, use) => use(new CompactionsPage(page)),
  compactionScheduleFormPage: async ({ page }, use) => use(new CompactionScheduleFormPage(page)),
  compactionRunPage: async ({ page }, use) => use(new CompactionRunPage(page)),
  erasureCodingPage: async ({ page }, use) => use(new ErasureCodingPage(page)),
  ecConversionPage: async ({ page }, use) => use(new EcConversionPage(page)),
  benchmarksPage: async ({ page }, use) => use(new BenchmarksPage(page)),
  benchmarkFormPage: async ({ page }, use) => use(new BenchmarkFormPage(page)),
  benchmarkRunPage: async ({ page }, use) => use(new BenchmarkRunPage(page)),
  benchmarkComparePage: async ({ page }, use) => use(new BenchmarkComparePage(page)),
  experimentPage: async ({ page }, use) => use(new ExperimentPage(page)),
  experimentFormPage: async ({ page }, use) => use(new ExperimentFormPage(page)),
  hostsPage: async ({ page }, use) => use(new HostsPage(page)),
  newClusterPage: async ({ page }, use) => use(new NewClusterPage(page)),
  provisioningRunPage: async ({ page }, use) => use(new ProvisioningRunPage(page)),
  scaleInPage: async ({ page }, use) => use(new ScaleInPage(page)),
  installedVersionsPage: async ({ page }, use) => use(new InstalledVersionsPage(page)),
  rollingRestartPage: async ({ page }, use) => use(new RollingRestartPage(page)),
  configurationPage: async ({ page }, use) => use(new ConfigurationPage(page)),
  vcentersPage: async ({ page }, use) => use(new VcentersPage(page)),
  vsphereDestroyPage: async ({ page }, use) => use(new VsphereDestroyPage(page)),
});

export { expect } from '@playwright/test';
