import type { Operation } from '../../../api/types';
import { ProgressBar } from '../../../ui';
import { STATE_TONE } from '../operationState';

export function OperationProgress({
  operation,
  large = false,
}: {
  operation: Operation;
  large?: boolean;
}) {
  const bar = (
    <ProgressBar
      label={`Progress of ${operation.type}`}
      value={operation.state === 'SUCCEEDED' ? 100 : operation.progress}
      tone={operation.state === 'RUNNING' ? 'info' : STATE_TONE[operation.state]}
      indeterminate={operation.state === 'PENDING'}
      data-testid="operation-progress"
    />
  );
  return large ? <div className="progress-lg">{bar}</div> : bar;
}
