import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Operation, OperationState } from '../../../api/types';
import { formatElapsed } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import {
  type Column,
  ErrorMessage,
  Loading,
  PageHeader,
  SelectField,
  Table,
  Timestamp,
} from '../../../ui';
import { OPERATIONS_REFRESH_MS, useOperations } from '../api';
import { OperationProgress } from '../components/OperationProgress';
import { OperationStateBadge } from '../components/OperationStateBadge';
import { OPERATION_STATES } from '../operationState';

const columns: Column<Operation>[] = [
  { key: 'created', header: 'Created', render: (op) => <Timestamp iso={op.createdAt} /> },
  {
    key: 'type',
    header: 'Operation',
    render: (op) => (
      <Link to={paths.operation(op.id)} data-testid="operation-link">
        {op.type}
      </Link>
    ),
  },
  { key: 'target', header: 'Target', render: (op) => <span className="mono">{op.target}</span> },
  {
    key: 'state',
    header: 'State',
    render: (op) => <OperationStateBadge state={op.state} testId="operation-row-state" />,
  },
  { key: 'progress', header: 'Progress', render: (op) => <OperationProgress operation={op} /> },
  { key: 'by', header: 'By', render: (op) => op.createdBy },
  {
    key: 'duration',
    header: 'Duration',
    numeric: true,
    render: (op) => (op.startedAt ? formatElapsed(op.startedAt, op.finishedAt) : '—'),
  },
  { key: 'message', header: 'Message', className: 'wrap', render: (op) => op.message ?? '' },
];

function parseState(value: string | null): OperationState | undefined {
  return OPERATION_STATES.find((s) => s === value);
}

export function OperationsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = parseState(params.get('state'));
  const clusterParam = params.get('clusterId');
  const clusterId = clusterParam && /^\d+$/.test(clusterParam) ? Number(clusterParam) : undefined;
  const { data, error, isPending } = useOperations({ state, clusterId });

  return (
    <div>
      <PageHeader
        title="Operations"
        subtitle={
          <>
            <span>Long-running actions, newest first.</span>
            <span className="status-line">
              <span className="dot dot-live" aria-hidden="true" /> auto-refresh{' '}
              {OPERATIONS_REFRESH_MS / 1000}s
            </span>
            {clusterId != null && (
              <span>
                Cluster #{clusterId} ·{' '}
                <Link to={paths.operations({ state })}>show all clusters</Link>
              </span>
            )}
          </>
        }
        actions={
          <SelectField
            label="State"
            value={state ?? ''}
            onChange={(e) =>
              navigate(paths.operations({ state: parseState(e.target.value), clusterId }), {
                replace: true,
              })
            }
          >
            <option value="">All states</option>
            {OPERATION_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
        }
      />
      <ErrorMessage error={error} />
      {isPending ? (
        <Loading label="Loading operations…" />
      ) : (
        data && (
          <Table
            aria-label="Operations"
            columns={columns}
            rows={data}
            rowKey={(op) => op.id}
            rowProps={(op) => ({ 'data-testid': 'operation-row', 'data-operation-id': op.id })}
            onRowClick={(op) => navigate(paths.operation(op.id))}
            empty="No operations yet."
          />
        )
      )}
    </div>
  );
}
