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
import { runPollInterval, RUN_POLL_MS, useProvisioningRun } from '../api';
import { RunStateBadge } from '../components/Badges';
import { ClusterHealthFollow } from '../components/ClusterHealthFollow';
import { ProvisioningCrumbs } from '../components/ProvisioningCrumbs';
import { RestartRunPanel } from '../components/RestartRunPanel';
import { ScaleInRunPanel } from '../components/ScaleInRunPanel';
import { TaskStream } from '../components/TaskStream';
import {
  ansiblePlaybookCommand,
  filterTasks,
  isRestartRun,
  isRunOpen,
  isVsphereRun,
  knownPlaybook,
  playbookFiles,
  playbookLabel,
  sentence,
  TASK_FILTERS,
  type TaskFilter,
  taskCounts,
} from '../runModel';

/**
 * One install, scale-out, scale-in, rolling restart or configuration change: its state and the
 * Ansible task stream, polled while it runs; a scale-in also shows its leaving hosts' timeline, a
 * restart its steps, each with Pause / Resume / Abort.
 */
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

  const open = isRunOpen(run.state);
  const counts = taskCounts(run.tasks);
  const shown = filterTasks(run.tasks, filter);
  const playbook = knownPlaybook(run.playbook);
  const scaleIn = playbook === 'scale_in';
  const restart = isRestartRun(playbook);
  const destroy = playbook === 'vsphere_destroy';
  const vsphereInstall = playbook === 'vsphere_install';
  const leaving = (run.progress ?? []).map((p) => p.host);

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
            <RefreshStatus intervalMs={runPollInterval(run.state) || RUN_POLL_MS} live={open} />
          </>
        }
      />
      <ErrorMessage error={error} title="Could not refresh; showing the last state" />

      {run.state === 'SUCCEEDED' && destroy && (
        <div className="notice" role="status" data-testid="prov-destroyed">
          The VMs of <strong className="mono">{run.cluster}</strong>, its DRS rule and its folder
          are gone from vCenter, and the cluster is no longer registered.
        </div>
      )}
      {run.state === 'SUCCEEDED' && !destroy && run.clusterId != null && (
        <div className="open-cluster" role="status">
          <span>
            {scaleIn ? (
              <>
                {leaving.length > 0 ? leaving.join(', ') : 'The hosts'}{' '}
                {leaving.length === 1 ? 'has' : 'have'} left{' '}
                <strong className="mono">{run.cluster}</strong>.
              </>
            ) : restart ? (
              <>
                Every step is done: <strong className="mono">{run.cluster}</strong> runs{' '}
                {playbook === 'config_change' ? 'the new configuration' : 'restarted'}.
              </>
            ) : (
              <>
                {vsphereInstall ? 'Its VMs are created and ' : ''}
                <strong className="mono">{run.cluster}</strong> is installed and registered.{' '}
                <ClusterHealthFollow clusterId={run.clusterId} />
              </>
            )}
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
          {run.message ? sentence(run.message) : `The run is ${run.state.toLowerCase()}.`}{' '}
          {scaleIn ? (
            <>
              The hosts that left stay out; the others are left as far as the run got. Fix the
              cause, then check and scale in the remaining hosts again
              {run.clusterId != null && (
                <>
                  {' '}
                  (<Link to={paths.scaleIn(run.clusterId)}>Scale in</Link>)
                </>
              )}
              .
            </>
          ) : restart ? (
            <>
              The steps done stay done; the others did not run. Restarts a configuration change
              still needs stay pending
              {run.clusterId != null && (
                <>
                  {' '}
                  on the <Link to={paths.config(run.clusterId)}>Configuration</Link> page, which
                  starts them
                </>
              )}
              .
            </>
          ) : destroy ? (
            'What was removed stays removed; run the destroy again to remove the rest.'
          ) : vsphereInstall ? (
            'The VMs created so far stay and the hosts are left as far as the run got: fix the cause and run it again (what exists is kept and completed), or destroy the VMs.'
          ) : (
            'The hosts are left as far as the run got and stay re-runnable: fix the cause and install again.'
          )}
        </div>
      )}

      {scaleIn && <ScaleInRunPanel run={run} />}
      {restart && <RestartRunPanel run={run} />}

      <div className="grid grid-2">
        <Panel title="Details">
          <KeyValueList
            items={[
              { label: 'Cluster', value: <span className="mono">{run.cluster}</span> },
              {
                label: 'Playbook',
                value: <span className="mono">{playbookFiles(run.playbook)}</span>,
              },
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
            label={
              isVsphereRun(run.playbook) ? 'govc and Ansible equivalent' : 'Ansible equivalent'
            }
          />
        </Panel>
      </div>

      <Panel
        title={
          vsphereInstall
            ? `Ansible tasks: the VMs, then the install (${formatNumber(counts.total)})`
            : `Ansible tasks (${formatNumber(counts.total)})`
        }
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
