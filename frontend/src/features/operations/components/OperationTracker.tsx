import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Operation, OperationDetail } from '../../../api/types';
import { paths } from '../../../lib/paths';
import { ErrorMessage } from '../../../ui';
import { isFinal, useOperation } from '../api';
import { useOperationStream } from '../useOperationStream';
import { OperationProgress } from './OperationProgress';
import { OperationStateBadge } from './OperationStateBadge';

export interface OperationTrackerProps {
  /** The operation a mutation just returned (seed it with rememberOperation). */
  operation: Operation;
  /** Called once when the operation reaches a final state. */
  onFinished?: (operation: OperationDetail) => void;
}

/**
 * Inline progress of an operation started from another page: live over SSE, polling when the
 * stream is unavailable, with a link to the operation's own page.
 */
export function OperationTracker({ operation, onFinished }: OperationTrackerProps) {
  const id = operation.id;
  const { data: first } = useOperation(id, false);
  const stream = useOperationStream(id, !isFinal(first?.state ?? operation.state));
  const { data, error } = useOperation(id, stream === 'polling');
  const op: Operation = data ?? operation;
  const lastEvent = data?.events.at(-1);

  // A ref, so a new callback identity on re-render does not fire it twice.
  const finished = useRef(onFinished);
  const notified = useRef(false);
  useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);
  useEffect(() => {
    if (data && isFinal(data.state) && !notified.current) {
      notified.current = true;
      finished.current?.(data);
    }
  }, [data]);

  return (
    <div className="stack" data-testid="operation-tracker" data-state={op.state}>
      <div className="row">
        <strong>{op.type}</strong>
        <OperationStateBadge state={op.state} testId="operation-tracker-state" />
        <span className="mono muted">{op.target}</span>
        <Link to={paths.operation(id)}>Open operation →</Link>
      </div>
      <OperationProgress operation={op} />
      <p className="muted" style={{ margin: 0 }} aria-live="polite">
        {op.message ?? lastEvent?.message ?? 'Waiting for the first update…'}
      </p>
      <ErrorMessage error={error} title="Could not refresh the operation" />
    </div>
  );
}
