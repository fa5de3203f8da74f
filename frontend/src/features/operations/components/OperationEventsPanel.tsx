import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ErrorMessage, Loading, Panel } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { isFinal, useOperation } from '../../operations/api';
import { CancelOperationAction } from '../../operations/components/CancelOperationAction';
import { EventsLog } from '../../operations/components/EventsLog';
import { OperationStateBadge } from '../../operations/components/OperationStateBadge';
import { useOperationStream } from '../../operations/useOperationStream';

/**
 * The operation that drives a run: its events live over SSE (polling when the stream is
 * unavailable), and the operations feature's Cancel for OPERATOR+.
 */
export function RunOperationPanel({ operationId }: { operationId: string }) {
  const { data: first } = useOperation(operationId, false);
  const stream = useOperationStream(operationId, first !== undefined && !isFinal(first.state));
  const { data: op, error, isPending } = useOperation(operationId, stream === 'polling');
  return (
    <Panel
      title={
        <span className="row">
          Operation
          {op && <OperationStateBadge state={op.state} testId="compaction-operation-state" />}
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
      data-testid="compaction-operation"
    >
      <ErrorMessage error={error} title="Could not load the operation" />
      {isPending && !error && <Loading label="Loading operation…" />}
      {op && <EventsLog events={op.events} />}
    </Panel>
  );
}
