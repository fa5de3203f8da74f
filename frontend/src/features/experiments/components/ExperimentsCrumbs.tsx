import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ClusterCrumbs } from '../../clusters/components/ClusterNav';

/** Clusters / cluster / Experiments, then `children` after a slash. */
export function ExperimentsCrumbs({
  clusterId,
  children,
}: {
  clusterId: number;
  children?: ReactNode;
}) {
  return (
    <ClusterCrumbs clusterId={clusterId}>
      {children ? (
        <>
          <Link to={paths.experiments(clusterId)}>Experiments</Link> / {children}
        </>
      ) : (
        'Experiments'
      )}
    </ClusterCrumbs>
  );
}
