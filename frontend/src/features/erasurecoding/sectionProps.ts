import type { EcPolicy } from '../../api/types';

/** What a tab of the erasure coding page that works on one HDFS path gets. */
export interface PathSectionProps {
  clusterId: number;
  /** The normalised HDFS path ('' where none is chosen yet). */
  path: string;
  /** The cluster's policies (undefined while loading): selects offer the enabled ones. */
  policies: readonly EcPolicy[] | undefined;
}
