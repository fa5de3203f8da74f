import { useState } from 'react';
import type { ClusterSpecInput, ProvisioningPlan } from '../../../api/types';
import { apiUrls } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { Button, ConfirmDialog, KeyValueList, Panel, ShellCommand } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { placementRows, roleCounts } from '../planModel';
import { ansiblePlaybookCommand } from '../runModel';
import { type PlanProblem, ROLES, roleLabel, type WizardStep } from '../wizardModel';
import { ProblemList } from './ProblemList';

export interface InstallStepProps {
  spec: ClusterSpecInput;
  plan: ProvisioningPlan;
  /** Starts the run; resolves by navigating away. */
  onInstall: () => void;
  busy: boolean;
  error: unknown;
  /** The refusal's field errors (e.g. a host no longer reachable), placed on their steps. */
  problems: readonly PlanProblem[];
  onGoTo: (step: WizardStep) => void;
  onResetError: () => void;
}

/** Step 4: what the install does, its ansible-playbook line, and Install (ADMIN, confirmed). */
export function InstallStep({
  spec,
  plan,
  onInstall,
  busy,
  error,
  problems,
  onGoTo,
  onResetError,
}: InstallStepProps) {
  const [confirming, setConfirming] = useState(false);
  const counts = roleCounts(placementRows(plan));
  const command = ansiblePlaybookCommand('install');
  const hosts = plan.hosts.length;

  return (
    <div className="form-with-aside">
      <div className="stack">
        <KeyValueList
          items={[
            { label: 'Cluster', value: <span className="mono">{plan.cluster}</span> },
            { label: 'Profile', value: plan.profile },
            { label: 'Workload', value: plan.workload ?? '—' },
            { label: 'Hosts', value: plan.hosts.map((h) => h.hostname).join(', ') },
            {
              label: 'Roles',
              value: ROLES.filter((r) => counts[r])
                .map((r) => `${counts[r]} × ${roleLabel(r)}`)
                .join(' · '),
            },
          ]}
        />
        <p className="muted" style={{ margin: 0 }}>
          Ansible connects to each host as its SSH user with its stored key, installs the engine,
          writes the configuration reviewed above, starts the services and waits for them to be
          healthy. A successful install registers the cluster. A failed one leaves the hosts
          re-runnable: fix the cause and install again.
        </p>
        <ProblemList problems={problems} onGoTo={onGoTo} current="install" />
        <RoleGate
          min="ADMIN"
          fallback={
            <div className="notice" role="status" data-testid="prov-install-admin-only">
              Only an ADMIN can install. The plan above is what an install would do.
            </div>
          }
        >
          <div className="row">
            <Button
              variant="primary"
              onClick={() => {
                onResetError();
                setConfirming(true);
              }}
            >
              Install cluster
            </Button>
            <span className="muted">
              Onto {hosts} {hosts === 1 ? 'host' : 'hosts'}; this takes several minutes.
            </span>
          </div>
          <ConfirmDialog
            open={confirming}
            title={`Install ${plan.cluster} on ${hosts} ${hosts === 1 ? 'host' : 'hosts'}?`}
            confirmLabel="Install"
            busy={busy}
            error={error}
            shell={command}
            onCancel={() => setConfirming(false)}
            onConfirm={onInstall}
          >
            <p>
              Ansible installs ZooKeeper, HDFS and HBase on{' '}
              {plan.hosts.map((h) => h.hostname).join(', ')}, writes their configuration and starts
              them. The run page follows every task as it happens.
            </p>
          </ConfirmDialog>
        </RoleGate>
      </div>
      <aside>
        <Panel title="Equivalent">
          <div className="stack">
            <ShellCommand command={command} label="Ansible equivalent" />
            <ShellCommand
              command={curlCommand('POST', apiUrls.provisioningRuns(), {
                spec,
                playbook: 'install',
              })}
              label="API equivalent"
            />
          </div>
        </Panel>
      </aside>
    </div>
  );
}
