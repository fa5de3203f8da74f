import { Link, useParams } from 'react-router';
import { formatElapsed } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import {
  ErrorMessage,
  KeyValueList,
  Loading,
  PageHeader,
  Panel,
  ShellCommand,
  Timestamp,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { isFinal, useOperation } from '../api';
import { CancelOperationAction } from '../components/CancelOperationAction';
import { EventsLog } from '../components/EventsLog';
import { OperationProgress } from '../components/OperationProgress';
import { OperationStateBadge } from '../components/OperationStateBadge';
import { type StreamStatus, useOperationStream } from '../useOperationStream';

const STREAM_LABEL: Record<StreamStatus, string> = {
  connecting: 'connecting to live updates…',
  live: 'live',
  polling: 'live stream unavailable; polling every 2s',
  done: 'finished',
};

export function OperationDetailPage() {
  const { operationId = '' } = useParams();
  const stream = useOperationStreamFor(operationId);
  const { data: op, error, isPending } = useOperation(operationId, stream.status === 'polling');

  if (isPending) {
    return error ? <ErrorMessage error={error} /> : <Loading label="Loading operation…" />;
  }
  if (!op) return <ErrorMessage error={error} />;

  const final = isFinal(op.state);
  const statusText = final ? 'finished' : STREAM_LABEL[stream.status];

  return (
    <div>
      <PageHeader
        crumbs={
          <>
            <Link to={paths.operations()}>Operations</Link> / <span className="mono">{op.id}</span>
          </>
        }
        title={
          <span className="row">
            {op.type} <OperationStateBadge state={op.state} testId="operation-state" />
          </span>
        }
        subtitle={
          <>
            <span className="mono">{op.target}</span>
            <span className="status-line" aria-live="polite">
              <span
                className={`dot ${!final && stream.status === 'live' ? 'dot-live' : !final && stream.status === 'polling' ? 'dot-poll' : ''}`}
                aria-hidden="true"
              />
              {statusText}
            </span>
          </>
        }
        actions={
          <RoleGate min="OPERATOR">
            <CancelOperationAction operation={op} />
          </RoleGate>
        }
      />
      <ErrorMessage error={error} title="Could not refresh the operation" />
      <Panel title="Progress">
        <OperationProgress operation={op} large />
        <p data-testid="operation-message" style={{ margin: '8px 0 0' }}>
          {op.message ?? <span className="muted">No message.</span>}
        </p>
      </Panel>
      <div className="grid grid-2">
        <Panel title="Details">
          <KeyValueList
            items={[
              { label: 'Started by', value: op.createdBy, testId: 'operation-created-by' },
              { label: 'Created', value: <Timestamp iso={op.createdAt} /> },
              { label: 'Started', value: <Timestamp iso={op.startedAt} /> },
              { label: 'Finished', value: <Timestamp iso={op.finishedAt} /> },
              {
                label: 'Duration',
                value: op.startedAt ? formatElapsed(op.startedAt, op.finishedAt) : '—',
              },
              {
                label: 'Cluster',
                value:
                  op.clusterId != null ? (
                    <Link to={paths.cluster(op.clusterId)}>#{op.clusterId}</Link>
                  ) : (
                    '—'
                  ),
              },
              { label: 'Cancel requested', value: op.cancelRequested ? 'yes' : 'no' },
            ]}
          />
        </Panel>
        <Panel title="Shell equivalent">
          {op.shellEquivalent ? (
            <ShellCommand command={op.shellEquivalent.split('\n')} label="Shell equivalent" />
          ) : (
            <p className="muted">The backend gave no shell equivalent for this operation.</p>
          )}
        </Panel>
      </div>
      <Panel title={`Events (${op.events.length})`}>
        <EventsLog events={op.events} />
      </Panel>
    </div>
  );
}

/** Streams while the operation may still change; stops once it is final. */
function useOperationStreamFor(operationId: string) {
  const { data } = useOperation(operationId, false);
  const enabled = operationId !== '' && !isFinal(data?.state);
  return { status: useOperationStream(operationId, enabled) };
}
