import type { ReactNode } from 'react';
import { paths } from '../../../lib/paths';
import { SectionCrumbs } from '../../clusters/components/ClusterNav';

/** Clusters / cluster / Benchmarks, then `children` after a slash. */
export function BenchmarksCrumbs({
  clusterId,
  children,
}: {
  clusterId: number;
  children?: ReactNode;
}) {
  return (
    <SectionCrumbs clusterId={clusterId} label="Benchmarks" to={paths.benchmarks(clusterId)}>
      {children}
    </SectionCrumbs>
  );
}
