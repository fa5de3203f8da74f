import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { routes } from '../lib/paths';
import { AuditPage } from '../features/audit/pages/AuditPage';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { BenchmarkComparePage } from '../features/benchmarks/pages/BenchmarkComparePage';
import { BenchmarkRunPage } from '../features/benchmarks/pages/BenchmarkRunPage';
import { BenchmarksPage } from '../features/benchmarks/pages/BenchmarksPage';
import { NewBenchmarkPage } from '../features/benchmarks/pages/NewBenchmarkPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { ClusterOverviewPage } from '../features/clusters/pages/ClusterOverviewPage';
import { ClustersPage } from '../features/clusters/pages/ClustersPage';
import { CompactionRunPage } from '../features/compactions/pages/CompactionRunPage';
import { CompactionsPage } from '../features/compactions/pages/CompactionsPage';
import { CreateSchedulePage } from '../features/compactions/pages/CreateSchedulePage';
import { EditSchedulePage } from '../features/compactions/pages/EditSchedulePage';
import { EcConversionPage } from '../features/erasurecoding/pages/EcConversionPage';
import { ErasureCodingPage } from '../features/erasurecoding/pages/ErasureCodingPage';
import { ExperimentPage } from '../features/experiments/pages/ExperimentPage';
import { ExperimentsPage } from '../features/experiments/pages/ExperimentsPage';
import { NewExperimentPage } from '../features/experiments/pages/NewExperimentPage';
import { MonitoringPage } from '../features/observability/pages/MonitoringPage';
import { OperationDetailPage } from '../features/operations/pages/OperationDetailPage';
import { OperationsPage } from '../features/operations/pages/OperationsPage';
import { PermissionsPage } from '../features/permissions/pages/PermissionsPage';
import { ConfigurationPage } from '../features/provisioning/pages/ConfigurationPage';
import { HostsPage } from '../features/provisioning/pages/HostsPage';
import { InstalledVersionPage } from '../features/provisioning/pages/InstalledVersionPage';
import { InstalledVersionsPage } from '../features/provisioning/pages/InstalledVersionsPage';
import { NewClusterPage } from '../features/provisioning/pages/NewClusterPage';
import { ProvisioningRunPage } from '../features/provisioning/pages/ProvisioningRunPage';
import { RollingRestartPage } from '../features/provisioning/pages/RollingRestartPage';
import { ScaleInPage } from '../features/provisioning/pages/ScaleInPage';
import { VsphereDestroyPage } from '../features/provisioning/pages/VsphereDestroyPage';
import { AlterTablePage } from '../features/tables/pages/AlterTablePage';
import { CreateTablePage } from '../features/tables/pages/CreateTablePage';
import { TableDetailPage } from '../features/tables/pages/TableDetailPage';
import { TablesPage } from '../features/tables/pages/TablesPage';
import { TokensPage } from '../features/users/pages/TokensPage';
import { UsersPage } from '../features/users/pages/UsersPage';
import { VcenterFormPage } from '../features/vcenters/pages/VcenterFormPage';
import { VcenterPage } from '../features/vcenters/pages/VcenterPage';
import { VcentersPage } from '../features/vcenters/pages/VcentersPage';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';

export const appRoutes: RouteObject[] = [
  { path: routes.login, element: <LoginPage /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <Layout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to={routes.clusters} replace /> },
      { path: routes.clusters, element: <ClustersPage /> },
      { path: routes.cluster, element: <ClusterOverviewPage /> },
      { path: routes.tables, element: <TablesPage /> },
      {
        path: routes.tableCreate,
        element: (
          <RequireAuth minRole="OPERATOR">
            <CreateTablePage />
          </RequireAuth>
        ),
      },
      { path: routes.table, element: <TableDetailPage /> },
      {
        path: routes.tableAlter,
        element: (
          <RequireAuth minRole="OPERATOR">
            <AlterTablePage />
          </RequireAuth>
        ),
      },
      { path: routes.compactions, element: <CompactionsPage /> },
      {
        path: routes.compactionScheduleCreate,
        element: (
          <RequireAuth minRole="OPERATOR">
            <CreateSchedulePage />
          </RequireAuth>
        ),
      },
      {
        path: routes.compactionScheduleEdit,
        element: (
          <RequireAuth minRole="OPERATOR">
            <EditSchedulePage />
          </RequireAuth>
        ),
      },
      { path: routes.compactionRun, element: <CompactionRunPage /> },
      { path: routes.erasureCoding, element: <ErasureCodingPage /> },
      { path: routes.ecConversion, element: <EcConversionPage /> },
      { path: routes.monitoring, element: <MonitoringPage /> },
      { path: routes.permissions, element: <PermissionsPage /> },
      { path: routes.benchmarks, element: <BenchmarksPage /> },
      {
        path: routes.benchmarkNew,
        element: (
          <RequireAuth minRole="OPERATOR">
            <NewBenchmarkPage />
          </RequireAuth>
        ),
      },
      { path: routes.benchmarkRun, element: <BenchmarkRunPage /> },
      { path: routes.benchmarkCompare, element: <BenchmarkComparePage /> },
      { path: routes.experiments, element: <ExperimentsPage /> },
      {
        path: routes.experimentNew,
        element: (
          <RequireAuth minRole="OPERATOR">
            <NewExperimentPage />
          </RequireAuth>
        ),
      },
      { path: routes.experiment, element: <ExperimentPage /> },
      { path: routes.installs, element: <InstalledVersionsPage /> },
      { path: routes.install, element: <InstalledVersionPage /> },
      {
        path: routes.scaleIn,
        element: (
          // OPERATOR+ may check; Start inside is ADMIN only.
          <RequireAuth minRole="OPERATOR">
            <ScaleInPage />
          </RequireAuth>
        ),
      },
      {
        path: routes.rollingRestart,
        element: (
          // OPERATOR+ may preview; Start inside is ADMIN only.
          <RequireAuth minRole="OPERATOR">
            <RollingRestartPage />
          </RequireAuth>
        ),
      },
      {
        path: routes.vsphereDestroy,
        element: (
          <RequireAuth minRole="OPERATOR">
            <VsphereDestroyPage />
          </RequireAuth>
        ),
      },
      // Everyone reads the values; Preview is OPERATOR's and Apply ADMIN's, inside.
      { path: routes.config, element: <ConfigurationPage /> },
      { path: routes.hosts, element: <HostsPage /> },
      {
        path: routes.provisioningNew,
        element: (
          // OPERATOR+ may plan; Install inside is ADMIN only.
          <RequireAuth minRole="OPERATOR">
            <NewClusterPage />
          </RequireAuth>
        ),
      },
      { path: routes.provisioningRun, element: <ProvisioningRunPage /> },
      {
        path: routes.vcenters,
        element: (
          <RequireAuth minRole="OPERATOR">
            <VcentersPage />
          </RequireAuth>
        ),
      },
      {
        path: routes.vcenterNew,
        element: (
          <RequireAuth minRole="ADMIN">
            <VcenterFormPage />
          </RequireAuth>
        ),
      },
      {
        path: routes.vcenter,
        element: (
          // OPERATOR+ browses; Test, Edit and Delete inside are ADMIN's.
          <RequireAuth minRole="OPERATOR">
            <VcenterPage />
          </RequireAuth>
        ),
      },
      {
        path: routes.vcenterEdit,
        element: (
          <RequireAuth minRole="ADMIN">
            <VcenterFormPage />
          </RequireAuth>
        ),
      },
      { path: routes.operations, element: <OperationsPage /> },
      { path: routes.operation, element: <OperationDetailPage /> },
      {
        path: routes.audit,
        element: (
          <RequireAuth minRole="OPERATOR">
            <AuditPage />
          </RequireAuth>
        ),
      },
      {
        path: routes.users,
        element: (
          <RequireAuth minRole="ADMIN">
            <UsersPage />
          </RequireAuth>
        ),
      },
      { path: routes.tokens, element: <TokensPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
