import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type CompactionsTab, paths } from '../../../lib/paths';
import { ClusterCrumbs } from '../../clusters/components/ClusterNav';

/** Clusters / cluster / Compactions (on `tab`), then `children` after a slash. */
export function CompactionsCrumbs({
  clusterId,
  tab,
  children,
}: {
  clusterId: number;
  tab?: CompactionsTab;
  children?: ReactNode;
}) {
  return (
    <ClusterCrumbs clusterId={clusterId}>
      <Link to={paths.compactions(clusterId, { tab })}>Compactions</Link>
      {children && <> / {children}</>}
    </ClusterCrumbs>
  );
}
