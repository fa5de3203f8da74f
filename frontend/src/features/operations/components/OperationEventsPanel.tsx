import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ErrorMessage, Loading, Panel } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { isFinal, useOperation } from '../api';
import { useOperationStream } from '../useOperationStream';
import { CancelOperationAction } from './CancelOperationAction';
import { EventsLog } from './EventsLog';
import { OperationStateBadge } from './OperationStateBadge';

/**
 * The operation that drives a run or a conversion: its events live over SSE (polling when the
 * stream is unavailable), and Cancel for OPERATOR+.
 */
export function OperationEventsPanel({
  operationId,
  testId,
  stateTestId,
}: {
  operationId: string;
  /** data-testid of the panel. */
  testId: string;
  /** data-testid of the operation's state badge. */
  stateTestId: string;
}) {
  const { data: first } = useOperation(operationId, false);
  const stream = useOperationStream(operationId, first != null && !isFinal(first.state));
  const { data: op, error, isPending } = useOperation(operationId, stream === 'polling');
  return (
    <Panel
      title={
        <span className="row">
          Operation
          {op && <OperationStateBadge state={op.state} testId={stateTestId} />}
        </span>
      }
      actions={
        op && (
          <>
            <RoleGate min="OPERATOR">
              <CancelOperationAction operation={op} />
            </RoleGate>
            <Link to={paths.operation(operationId)}>Open operation →</Link>
          </>
        )
      }
      data-testid={testId}
    >
      <ErrorMessage error={error} title="Could not load the operation" />
      {isPending && !error && <Loading label="Loading operation…" />}
      {op && <EventsLog events={op.events} />}
    </Panel>
  );
}
