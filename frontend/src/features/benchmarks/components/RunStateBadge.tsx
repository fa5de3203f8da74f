import type { BenchmarkRunState } from '../../../api/types';
import { Badge } from '../../../ui';
import { RUN_STATE_TONE } from '../runModel';

export function RunStateBadge({ state, testId }: { state: BenchmarkRunState; testId?: string }) {
  return (
    <Badge tone={RUN_STATE_TONE[state]} data-testid={testId} data-state={state}>
      {state}
    </Badge>
  );
}
