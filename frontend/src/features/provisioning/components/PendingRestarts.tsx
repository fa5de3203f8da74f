import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { RollingRestartRequest, RollingRestartStepPlan } from '../../../api/types';
import { apiUrls, paths } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { GatedButton, Panel, ShellCommand, TypedConfirmDialog } from '../../../ui';
import { useAuth } from '../../auth/useAuth';
import { useStartRollingRestart } from '../api';
import { restartShell } from '../restartModel';
import { RestartPlanList } from './RestartPlanList';

const ONLY_CHANGED: RollingRestartRequest = { onlyChanged: true, batchSize: 1 };

/**
 * The restarts a configuration change wrote files for but did not do (its run failed or was
 * aborted): the hosts run the old values until they restart. An ADMIN starts them here, as a
 * rolling restart of only what changed.
 */
export function PendingRestarts({
  clusterId,
  name,
  steps,
}: {
  clusterId: number;
  name: string;
  steps: readonly RollingRestartStepPlan[];
}) {
  const navigate = useNavigate();
  const { can } = useAuth();
  const start = useStartRollingRestart(clusterId);
  const [confirming, setConfirming] = useState(false);
  const shell = steps.map((s) => restartShell.step(s.role, s.hosts));
  return (
    <Panel title={`Pending restarts (${steps.length})`} data-testid="config-pending">
      <div className="stack">
        <div className="notice notice-warn" role="status">
          A configuration change wrote these files but its run stopped before restarting them: the
          hosts below still run the values before it.
        </div>
        <RestartPlanList steps={steps} testId="config-pending-step" label="Pending restarts" />
        <GatedButton
          variant="primary"
          blocked={can('ADMIN') ? undefined : 'An ADMIN starts the pending restarts.'}
          hint={
            <>
              A rolling restart of only what changed;{' '}
              <Link to={paths.rollingRestart(clusterId, { onlyChanged: true })}>
                preview it first
              </Link>
              .
            </>
          }
          onClick={() => {
            start.reset();
            setConfirming(true);
          }}
          data-testid="config-restart-pending"
        >
          Restart pending roles…
        </GatedButton>
        <ShellCommand label="Ansible equivalent" command={shell} />
      </div>
      <TypedConfirmDialog
        open={confirming}
        title={`Restart what the last change of ${name} left pending?`}
        confirmLabel="Start rolling restart"
        tone="danger"
        busy={start.isPending}
        error={start.error}
        what="cluster name"
        expected={name}
        shell={[
          ...shell,
          curlCommand('POST', apiUrls.rollingRestart(clusterId), {
            ...ONLY_CHANGED,
            confirm: name,
          }),
        ]}
        onCancel={() => {
          setConfirming(false);
          start.reset();
        }}
        onConfirm={(typed) =>
          start.mutate(
            { ...ONLY_CHANGED, confirm: typed },
            { onSuccess: (run) => navigate(paths.provisioningRun(run.id)) },
          )
        }
      >
        <p>
          {steps.length === 1 ? 'One step restarts' : `${steps.length} steps restart`} the roles
          above one after the other, RegionServers with their regions moved off and back.
        </p>
      </TypedConfirmDialog>
    </Panel>
  );
}
