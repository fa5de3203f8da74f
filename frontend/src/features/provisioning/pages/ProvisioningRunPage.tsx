import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatElapsed, formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import {
  ErrorMessage,
  KeyValueList,
  PageHeader,
  Panel,
  PendingPage,
  RefreshStatus,
  ShellCommand,
  Timestamp,
} from '../../../ui';
import { OperationEventsPanel } from '../../operations/components/OperationEventsPanel';
import { RUN_POLL_MS, useProvisioningRun } from '../api';
import { RunStateBadge } from '../components/Badges';
import { ProvisioningCrumbs } from '../components/ProvisioningCrumbs';
import { TaskStream } from '../components/TaskStream';
import {
  ansiblePlaybookCommand,
  filterTasks,
  isRunLive,
  playbookLabel,
  TASK_FILTERS,
  type TaskFilter,
  taskCounts,
} from '../runModel';

/** One install or scale-out: its state and the Ansible task stream, polled while it runs. */
export function ProvisioningRunPage() {
  const { runId: param } = useParams();
  const runId = Number(param);
  const { data: run, error, isPending } = useProvisioningRun(runId);
  const [filter, setFilter] = useState<TaskFilter>('all');

  const crumbs = <ProvisioningCrumbs>run #{param}</ProvisioningCrumbs>;
  if (isPending || !run) {
    return (
      <PendingPage
        crumbs={crumbs}
        title={`Provisioning run #${param}`}
        error={Number.isInteger(runId) ? error : new Error(`"${param}" is not a run id.`)}
        loading="Loading run…"
      />
    );
  }

  const live = isRunLive(run.state);
  const counts = taskCounts(run.tasks);
  const shown = filterTasks(run.tasks, filter);
  const playbook = run.playbook === 'scale_out' ? 'scale_out' : 'install';

  return (
    <div data-testid="prov-run" data-state={run.state}>
      <PageHeader
        crumbs={crumbs}
        title={
          <span className="row">
            {playbookLabel(run.playbook)} of <span className="title-mono">{run.cluster}</span>
            <RunStateBadge state={run.state} testId="prov-run-state" />
          </span>
        }
        subtitle={
          <>
            <span>
              Run #{run.id} · started <Timestamp iso={run.createdAt} />
            </span>
            <RefreshStatus intervalMs={RUN_POLL_MS} live={live} />
          </>
        }
      />
      <ErrorMessage error={error} title="Could not refresh; showing the last state" />

      {run.state === 'SUCCEEDED' && run.clusterId != null && (
        <div className="open-cluster" role="status">
          <span>
            <strong className="mono">{run.cluster}</strong> is installed and registered.
          </span>
          <Link
            className="btn btn-primary"
            to={paths.cluster(run.clusterId)}
            data-testid="prov-open-cluster"
          >
            Open cluster
          </Link>
        </div>
      )}
      {(run.state === 'FAILED' || run.state === 'CANCELLED') && (
        <div className="notice notice-warn" role="alert">
          {run.message ?? `The run is ${run.state.toLowerCase()}.`} The hosts are left as far as the
          run got and stay re-runnable: fix the cause and install again.
        </div>
      )}

      <div className="grid grid-2">
        <Panel title="Details">
          <KeyValueList
            items={[
              { label: 'Cluster', value: <span className="mono">{run.cluster}</span> },
              { label: 'Playbook', value: <span className="mono">{run.playbook}.yml</span> },
              { label: 'Tasks', value: formatNumber(counts.total), testId: 'prov-task-total' },
              {
                label: 'Changed',
                value: formatNumber(run.changed ?? counts.changed),
                testId: 'prov-run-changed',
              },
              { label: 'Started', value: <Timestamp iso={run.createdAt} /> },
              { label: 'Finished', value: <Timestamp iso={run.finishedAt} /> },
              { label: 'Duration', value: formatElapsed(run.createdAt, run.finishedAt) },
              {
                label: 'Message',
                value: run.message ?? <span className="muted">—</span>,
                testId: 'prov-run-message',
              },
            ]}
          />
        </Panel>
        <Panel title="Equivalent">
          <ShellCommand
            command={run.command ?? ansiblePlaybookCommand(playbook)}
            label="Ansible equivalent"
          />
        </Panel>
      </div>

      <Panel
        title={`Ansible tasks (${formatNumber(counts.total)})`}
        data-testid="prov-tasks"
        actions={
          <label className="muted">
            Show{' '}
            <select
              className="inline-select"
              value={filter}
              onChange={(e) => setFilter(e.target.value as TaskFilter)}
              data-testid="prov-task-filter"
            >
              {TASK_FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
        }
      >
        <p className="muted" style={{ margin: '0 0 8px' }} data-testid="prov-task-counts">
          {formatNumber(counts.ok)} ok · {formatNumber(counts.changed)} changed ·{' '}
          {formatNumber(counts.failed)} failed · {formatNumber(counts.unreachable)} unreachable ·{' '}
          {formatNumber(counts.skipped)} skipped · {formatNumber(counts.play)} plays
        </p>
        <TaskStream tasks={shown} />
      </Panel>

      {run.operationId && (
        <OperationEventsPanel
          operationId={run.operationId}
          testId="prov-operation"
          stateTestId="prov-operation-state"
        />
      )}
    </div>
  );
}
