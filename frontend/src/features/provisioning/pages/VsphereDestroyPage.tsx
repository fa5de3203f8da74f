import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { apiUrls, paths } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import {
  Button,
  ErrorMessage,
  KeyValueList,
  Loading,
  ShellCommand,
  TypedConfirmDialog,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useCluster } from '../../clusters/api';
import { useDestroyVsphereCluster, useInstalledVersion, useInstalledVersions } from '../api';
import { DayTwoFrame } from '../components/DayTwoFrame';
import { VmPlan } from '../components/VmPlan';
import { ansiblePlaybookCommand } from '../runModel';
import { isOnVsphere } from '../vsphereModel';

/** ADMIN: powers off and deletes a vSphere cluster's VMs, rule and folder, after its name is typed. */
export function VsphereDestroyPage() {
  const { clusterId: param } = useParams();
  return (
    <DayTwoFrame
      param={param}
      crumb="destroy VMs"
      title="Destroy the cluster's VMs"
      subtitle="Powers off and deletes every VM Granary created for this cluster in vCenter, its DRS rule and folder, then deregisters the cluster. Its data is gone with the VMs' disks."
      testId="vsphere-destroy-page"
    >
      {(clusterId) => <DestroyBody clusterId={clusterId} />}
    </DayTwoFrame>
  );
}

function DestroyBody({ clusterId }: { clusterId: number }) {
  const navigate = useNavigate();
  const cluster = useCluster(clusterId);
  const versions = useInstalledVersions(clusterId);
  const newest = versions.data?.[0]?.version;
  const detail = useInstalledVersion(clusterId, newest);
  const destroy = useDestroyVsphereCluster(clusterId);
  const [confirming, setConfirming] = useState(false);

  if (cluster.isPending || versions.isPending) {
    const error = cluster.error ?? versions.error;
    return error ? <ErrorMessage error={error} /> : <Loading label="Loading the cluster…" />;
  }
  const name = cluster.data?.name ?? `#${clusterId}`;
  if (!isOnVsphere(versions.data ?? [])) {
    return (
      <div className="notice" role="status" data-testid="vsphere-destroy-not-vsphere">
        Granary did not create VMs for <span className="mono">{name}</span> on vSphere, so there is
        nothing to destroy here.
      </div>
    );
  }
  const plan = detail.data?.plan;
  // the installed version's hosts are the VMs (host name = VM name); its plan may carry their
  // settings, but an installed version's plan answers an empty VM list
  const planned = plan?.vms?.map((v) => v.name) ?? [];
  const vmNames = planned.length > 0 ? planned : (versions.data?.[0]?.hosts ?? []);
  const ruleName = plan?.drsRule?.name ?? `${name}-workers`;
  const commands = [
    ...vmNames.map((vm) => `govc vm.destroy ${vm}`),
    `govc cluster.rule.remove -name ${ruleName}`,
    ansiblePlaybookCommand('vsphere_destroy').replace('<cluster>', name),
  ];
  return (
    <div className="stack">
      <div className="notice notice-warn" role="alert">
        This deletes the VMs and their disks: every table of <span className="mono">{name}</span> is
        lost. Nothing asks again once it started.
      </div>
      <div className="form-with-aside">
        <div className="stack">
          <KeyValueList
            items={[
              { label: 'Cluster', value: <span className="mono">{name}</span> },
              {
                label: `VMs (${vmNames.length})`,
                value: (
                  <span className="row">
                    {vmNames.map((vm) => (
                      <span key={vm} className="mono" data-testid="vsphere-destroy-vm">
                        {vm}
                      </span>
                    ))}
                  </span>
                ),
              },
              { label: 'DRS rule', value: <span className="mono">{ruleName}</span> },
            ]}
          />
          <RoleGate
            min="ADMIN"
            fallback={
              <div className="notice" role="status">
                Only an ADMIN destroys a cluster's VMs.
              </div>
            }
          >
            <div className="row">
              <Button
                variant="danger"
                onClick={() => {
                  destroy.reset();
                  setConfirming(true);
                }}
                data-testid="vsphere-destroy-button"
              >
                Destroy VMs…
              </Button>
            </div>
            <TypedConfirmDialog
              open={confirming}
              title={`Destroy ${name} and its ${vmNames.length} VMs?`}
              what="cluster name"
              expected={name}
              confirmLabel="Destroy VMs"
              tone="danger"
              busy={destroy.isPending}
              error={destroy.error}
              shell={commands}
              onCancel={() => setConfirming(false)}
              onConfirm={(typed) =>
                destroy.mutate(typed, {
                  onSuccess: (run) => navigate(paths.provisioningRun(run.id)),
                })
              }
            >
              <p>
                vsphere_destroy.yml powers off and deletes {vmNames.join(', ')}, the DRS rule and
                the folder, then Granary deregisters the cluster.
              </p>
            </TypedConfirmDialog>
          </RoleGate>
          {plan?.vms && plan.vms.length > 0 && <VmPlan vms={plan.vms} drsRule={plan.drsRule} />}
        </div>
        <aside className="stack">
          <ShellCommand command={commands} label="govc and Ansible equivalent" />
          <ShellCommand
            command={curlCommand('POST', apiUrls.vsphereDestroy(clusterId), { confirm: name })}
            label="API equivalent"
          />
        </aside>
      </div>
    </div>
  );
}
