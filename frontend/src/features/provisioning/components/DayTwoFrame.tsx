import type { ReactNode } from 'react';
import type { ClusterConfig } from '../../../api/types';
import { ErrorMessage, Loading, PageHeader } from '../../../ui';
import { useCluster } from '../../clusters/api';
import { ClusterCrumbs, ClusterNav } from '../../clusters/components/ClusterNav';
import { isNotProvisioned, useClusterConfig } from '../api';
import { NotProvisionedNotice } from './NotProvisionedNotice';

/**
 * A day-2 page of one cluster: its header and the cluster's tabs, then the page itself once the
 * `:clusterId` of the URL is a number.
 */
export function DayTwoFrame({
  param,
  crumb,
  title,
  subtitle,
  testId,
  children,
}: {
  /** `:clusterId` as the URL has it. */
  param: string | undefined;
  crumb: string;
  title: string;
  subtitle: ReactNode;
  testId?: string;
  children: (clusterId: number) => ReactNode;
}) {
  const clusterId = Number(param);
  const valid = Number.isInteger(clusterId);
  return (
    <div data-testid={testId}>
      <PageHeader
        crumbs={<ClusterCrumbs clusterId={clusterId}>{crumb}</ClusterCrumbs>}
        title={title}
        subtitle={subtitle}
      />
      {valid && <ClusterNav clusterId={clusterId} />}
      {valid ? (
        children(clusterId)
      ) : (
        <ErrorMessage
          error={new Error(`"${param}" is not a cluster id.`)}
          title="Unknown cluster"
        />
      )}
    </div>
  );
}

/**
 * The cluster's name and configuration loaded, or why not: loading, an error, or the notice that
 * Granary did not install the cluster (`what` finishes "so it cannot …").
 */
export function WithClusterConfig({
  clusterId,
  loading,
  what,
  instead,
  testId,
  children,
}: {
  clusterId: number;
  loading: string;
  what: string;
  instead: string;
  /** Of the not-provisioned notice. */
  testId: string;
  children: (config: ClusterConfig, name: string) => ReactNode;
}) {
  const cluster = useCluster(clusterId);
  const config = useClusterConfig(clusterId);
  const name = cluster.data?.name ?? `#${clusterId}`;
  if (config.isPending || cluster.isPending) {
    const error = cluster.error ?? config.error;
    return error ? <ErrorMessage error={error} /> : <Loading label={loading} />;
  }
  if (!config.data) {
    return isNotProvisioned(config.error) ? (
      <NotProvisionedNotice name={name} what={what} instead={instead} testId={testId} />
    ) : (
      <ErrorMessage error={config.error} />
    );
  }
  return <>{children(config.data, name)}</>;
}
