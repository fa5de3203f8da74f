import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type ErasureCodingTab, paths } from '../../../lib/paths';
import { ClusterCrumbs } from '../../clusters/components/ClusterNav';

/** Clusters / cluster / Erasure coding (on `tab`), then `children` after a slash. */
export function ErasureCodingCrumbs({
  clusterId,
  tab,
  children,
}: {
  clusterId: number;
  tab?: ErasureCodingTab;
  children?: ReactNode;
}) {
  return (
    <ClusterCrumbs clusterId={clusterId}>
      {children ? (
        <>
          <Link to={paths.erasureCoding(clusterId, { tab })}>Erasure coding</Link> / {children}
        </>
      ) : (
        'Erasure coding'
      )}
    </ClusterCrumbs>
  );
}
