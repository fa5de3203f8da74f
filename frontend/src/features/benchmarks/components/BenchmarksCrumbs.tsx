import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ClusterCrumbs } from '../../clusters/components/ClusterNav';

/** Clusters / cluster / Benchmarks, then `children` after a slash. */
export function BenchmarksCrumbs({
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
          <Link to={paths.benchmarks(clusterId)}>Benchmarks</Link> / {children}
        </>
      ) : (
        'Benchmarks'
      )}
    </ClusterCrumbs>
  );
}
