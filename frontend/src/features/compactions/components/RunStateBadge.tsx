import type { CompactionRegionState, CompactionRunState } from '../../../api/types';
import { Badge } from '../../../ui';
import { REGION_STATE_TONE, RUN_STATE_TONE } from '../runState';

export function RunStateBadge({ state, testId }: { state: CompactionRunState; testId?: string }) {
  return (
    <Badge tone={RUN_STATE_TONE[state]} data-testid={testId} data-state={state}>
      {state}
    </Badge>
  );
}

export function RegionStateBadge({ state }: { state: CompactionRegionState }) {
  return (
    <Badge tone={REGION_STATE_TONE[state]} data-testid="compaction-region-state" data-state={state}>
      {state}
    </Badge>
  );
}
