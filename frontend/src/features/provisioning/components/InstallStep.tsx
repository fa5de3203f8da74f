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
  steps?: readonly { id: WizardStep; label: string }[];
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
  steps,
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
  const vsphere = spec.infrastructure === 'vsphere';
  const playbook = vsphere ? 'vsphere_install' : 'install';
  const command: string | string[] =
    vsphere && plan.shellCommands?.length
      ? [...plan.shellCommands]
      : ansiblePlaybookCommand(playbook);
  const hosts = plan.hosts.length;
  const vms = plan.vms ?? [];
  const esxi = [...new Set(vms.map((v) => v.esxiHost))];
  const action = vsphere ? 'Create VMs and install' : 'Install cluster';

  return (
    <div className="form-with-aside">
      <div className="stack">
        <KeyValueList
          items={[
            { label: 'Cluster', value: <span className="mono">{plan.cluster}</span> },
            { label: 'Profile', value: plan.profile },
            { label: 'Workload', value: plan.workload ?? '—' },
            ...(vsphere
              ? [
                  {
                    label: 'vCenter',
                    value: (
                      <span className="mono">
                        {spec.vsphere?.connection} · {spec.vsphere?.datacenter} /{' '}
                        {spec.vsphere?.cluster}
                      </span>
                    ),
                  },
                  {
                    label: 'VMs',
                    value: <span className="mono">{vms.map((v) => v.name).join(', ')}</span>,
                    testId: 'prov-install-vms',
                  },
                  {
                    label: 'ESXi hosts',
                    value: <span className="mono">{esxi.join(', ')}</span>,
                  },
                ]
              : [{ label: 'Hosts', value: plan.hosts.map((h) => h.hostname).join(', ') }]),
            {
              label: 'Roles',
              value: ROLES.filter((r) => counts[r])
                .map((r) => `${counts[r]} × ${roleLabel(r)}`)
                .join(' · '),
            },
          ]}
        />
        {vsphere ? (
          <p className="muted" style={{ margin: 0 }}>
            One run: Ansible clones each VM from the template in vCenter, reconfigures it as planned
            (vCPU, memory and reservations, vmxnet3, latency sensitivity, one data disk per
            datastore), adds the DRS rule, powers the VMs on and waits for their addresses; then
            installs on them exactly as on bare metal. A failed run can be run again: what exists is
            kept and completed.
          </p>
        ) : (
          <p className="muted" style={{ margin: 0 }}>
            Ansible connects to each host as its SSH user with its stored key, installs the engine,
            writes the configuration reviewed above, starts the services and waits for them to be
            healthy. A successful install registers the cluster. A failed one leaves the hosts
            re-runnable: fix the cause and install again.
          </p>
        )}
        <ProblemList problems={problems} onGoTo={onGoTo} current="install" steps={steps} />
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
              {action}
            </Button>
            <span className="muted">
              {vsphere
                ? `${vms.length} ${vms.length === 1 ? 'VM' : 'VMs'}`
                : `Onto ${hosts} ${hosts === 1 ? 'host' : 'hosts'}`}
              ; this takes several minutes.
            </span>
          </div>
          <ConfirmDialog
            open={confirming}
            title={
              vsphere
                ? `Create ${vms.length} ${vms.length === 1 ? 'VM' : 'VMs'} and install ${plan.cluster}?`
                : `Install ${plan.cluster} on ${hosts} ${hosts === 1 ? 'host' : 'hosts'}?`
            }
            confirmLabel={vsphere ? 'Create VMs and install' : 'Install'}
            busy={busy}
            error={error}
            shell={command}
            onCancel={() => setConfirming(false)}
            onConfirm={onInstall}
          >
            {vsphere ? (
              <p>
                Ansible creates {vms.map((v) => v.name).join(', ')} in {spec.vsphere?.cluster}, then
                installs ZooKeeper, HDFS and HBase on them. The run page follows every task, the
                VMs' first.
              </p>
            ) : (
              <p>
                Ansible installs ZooKeeper, HDFS and HBase on{' '}
                {plan.hosts.map((h) => h.hostname).join(', ')}, writes their configuration and
                starts them. The run page follows every task as it happens.
              </p>
            )}
          </ConfirmDialog>
        </RoleGate>
      </div>
      <aside>
        <Panel title="Equivalent">
          <div className="stack">
            <ShellCommand
              command={command}
              label={vsphere ? 'govc and Ansible equivalent' : 'Ansible equivalent'}
            />
            <ShellCommand
              command={curlCommand('POST', apiUrls.provisioningRuns(), {
                spec,
                playbook,
              })}
              label="API equivalent"
            />
          </div>
        </Panel>
      </aside>
    </div>
  );
}
