import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { useAuth } from '../../auth/useAuth';
import { useCluster } from '../api';

/**
 * Sections of one cluster; shown under the page header of every per-cluster page. A cluster
 * Granary provisioned also has its installed versions, configuration and rolling restart.
 */
export function ClusterNav({ clusterId }: { clusterId: number }) {
  const { data: cluster } = useCluster(clusterId);
  const { can } = useAuth();
  return (
    <nav className="tab-list cluster-nav" aria-label="Cluster">
      <NavLink to={paths.cluster(clusterId)} end className="tab">
        Overview
      </NavLink>
      <NavLink to={paths.tables(clusterId)} className="tab">
        Tables
      </NavLink>
      <NavLink to={paths.compactions(clusterId)} className="tab">
        Compactions
      </NavLink>
      <NavLink to={paths.erasureCoding(clusterId)} className="tab">
        Erasure coding
      </NavLink>
      <NavLink to={paths.benchmarks(clusterId)} className="tab">
        Benchmarks
      </NavLink>
      <NavLink
        to={paths.experiments(clusterId)}
        className="tab"
        data-testid="cluster-nav-experiments"
      >
        Experiments
      </NavLink>
      <NavLink
        to={paths.monitoring(clusterId)}
        className="tab"
        data-testid="cluster-nav-monitoring"
      >
        Monitoring
      </NavLink>
      <NavLink
        to={paths.permissions(clusterId)}
        className="tab"
        data-testid="cluster-nav-permissions"
      >
        Permissions
      </NavLink>
      {cluster?.kind === 'PROVISIONED' && (
        <>
          <NavLink
            to={paths.installs(clusterId)}
            className="tab"
            data-testid="cluster-nav-installs"
          >
            Installs
          </NavLink>
          <NavLink to={paths.config(clusterId)} className="tab" data-testid="cluster-nav-config">
            Configuration
          </NavLink>
          {can('OPERATOR') && (
            <NavLink
              to={paths.rollingRestart(clusterId)}
              className="tab"
              data-testid="cluster-nav-rolling-restart"
            >
              Rolling restart
            </NavLink>
          )}
        </>
      )}
      <Link to={paths.operations({ clusterId })} className="tab">
        Operations
      </Link>
    </nav>
  );
}

/** "Clusters / <name> / …" breadcrumb; the name comes from the cluster record. */
export function ClusterCrumbs({
  clusterId,
  children,
}: {
  clusterId: number;
  children?: ReactNode;
}) {
  const { data } = useCluster(clusterId);
  return (
    <>
      <Link to={paths.clusters()}>Clusters</Link> /{' '}
      <Link to={paths.cluster(clusterId)}>{data?.name ?? `#${clusterId}`}</Link>
      {children && <> / {children}</>}
    </>
  );
}

/** Clusters / cluster / a section of it (a link once `children` follow after a slash). */
export function SectionCrumbs({
  clusterId,
  label,
  to,
  children,
}: {
  clusterId: number;
  label: string;
  to: string;
  children?: ReactNode;
}) {
  return (
    <ClusterCrumbs clusterId={clusterId}>
      {children ? (
        <>
          <Link to={to}>{label}</Link> / {children}
        </>
      ) : (
        label
      )}
    </ClusterCrumbs>
  );
}
