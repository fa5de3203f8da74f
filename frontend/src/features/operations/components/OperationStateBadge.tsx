import type { OperationState } from '../../../api/types';
import { Badge } from '../../../ui';
import { STATE_TONE } from '../operationState';

export function OperationStateBadge({ state, testId }: { state: OperationState; testId?: string }) {
  return (
    <Badge tone={STATE_TONE[state] ?? 'neutral'} data-testid={testId} data-state={state}>
      {state}
    </Badge>
  );
}
