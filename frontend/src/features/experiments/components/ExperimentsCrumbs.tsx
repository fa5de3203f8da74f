import type { ReactNode } from 'react';
import { paths } from '../../../lib/paths';
import { SectionCrumbs } from '../../clusters/components/ClusterNav';

/** Clusters / cluster / Experiments, then `children` after a slash. */
export function ExperimentsCrumbs({
  clusterId,
  children,
}: {
  clusterId: number;
  children?: ReactNode;
}) {
  return (
    <SectionCrumbs clusterId={clusterId} label="Experiments" to={paths.experiments(clusterId)}>
      {children}
    </SectionCrumbs>
  );
}
