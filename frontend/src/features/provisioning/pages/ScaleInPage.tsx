import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatBytes } from '../../../lib/format';
import { apiUrls, paths } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import {
  Button,
  GatedButton,
  ErrorMessage,
  Loading,
  Panel,
  ShellCommand,
  Timestamp,
  TypedConfirmDialog,
} from '../../../ui';
import { useAuth } from '../../auth/useAuth';
import { useCluster } from '../../clusters/api';
import {
  useInstalledVersion,
  useInstalledVersions,
  usePreflightScaleIn,
  useStartScaleIn,
} from '../api';
import { DayTwoFrame } from '../components/DayTwoFrame';
import { NotProvisionedNotice } from '../components/NotProvisionedNotice';
import { PreflightResult } from '../components/PreflightResult';
import { ScaleInError } from '../components/ScaleInError';
import { ScaleInHostPicker } from '../components/ScaleInHostPicker';
import { playbookLabel } from '../runModel';
import { orderedSelection, scaleInCandidates } from '../scaleInModel';

const hostsWord = (n: number) => `${n} ${n === 1 ? 'host' : 'hosts'}`;

/**
 * Scale in a provisioned cluster: tick DataNode + RegionServer hosts of the installed version,
 * Check (the preflight: refusals, warnings, data to move, plan diff, manual commands), then an
 * ADMIN confirms with the cluster's name and the run page follows the hosts leaving one by one.
 */
export function ScaleInPage() {
  const { clusterId } = useParams();
  return (
    <DayTwoFrame
      param={clusterId}
      crumb="Scale in"
      title="Scale in"
      subtitle="Remove DataNode + RegionServer hosts one at a time: regions unloaded, blocks re-replicated, then the services stopped."
    >
      {(id) => <ScaleIn clusterId={id} />}
    </DayTwoFrame>
  );
}

function ScaleIn({ clusterId }: { clusterId: number }) {
  const navigate = useNavigate();
  const { can } = useAuth();
  const cluster = useCluster(clusterId);
  const versions = useInstalledVersions(clusterId);
  const latest = versions.data?.[0];
  const installed = useInstalledVersion(clusterId, latest?.version);
  const preflight = usePreflightScaleIn(clusterId);
  const start = useStartScaleIn(clusterId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const loadError = cluster.error ?? versions.error ?? installed.error;
  if (cluster.isPending || versions.isPending || (latest && installed.isPending)) {
    return loadError ? (
      <ErrorMessage error={loadError} />
    ) : (
      <Loading label="Loading the installed version…" />
    );
  }
  const name = cluster.data?.name ?? `#${clusterId}`;
  if (!latest || !installed.data) {
    return loadError ? (
      <ErrorMessage error={loadError} />
    ) : (
      <NotProvisionedNotice
        name={name}
        what="remove its hosts"
        instead="Scale a registered cluster in with its own tools."
        testId="scale-in-not-provisioned"
      />
    );
  }

  const candidates = scaleInCandidates(installed.data.plan);
  const hosts = orderedSelection(candidates, selected);
  const checked = preflight.data;
  const isAdmin = can('ADMIN');
  const startBlocked = !isAdmin
    ? 'Only an ADMIN can start a scale-in; an OPERATOR can check one.'
    : !checked
      ? 'Check the hosts first.'
      : !checked.ok
        ? 'The check refuses this scale-in.'
        : undefined;

  const toggle = (address: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(address);
    else next.delete(address);
    setSelected(next);
    // A check answers for the hosts it was asked about.
    preflight.reset();
    start.reset();
  };
  const closeDialog = () => {
    setConfirming(false);
    start.reset();
  };

  return (
    <div data-testid="scale-in-page">
      <Panel
        title={`Hosts of ${name}`}
        data-testid="scale-in-hosts"
        actions={
          <span className="muted" data-testid="scale-in-version">
            Installed version{' '}
            <Link to={paths.install(clusterId, latest.version)}>{latest.version}</Link> ·{' '}
            {playbookLabel(latest.playbook)} by {latest.createdBy},{' '}
            <Timestamp iso={latest.createdAt} />
          </span>
        }
      >
        <div className="stack">
          <ScaleInHostPicker
            candidates={candidates}
            selected={selected}
            onToggle={toggle}
            disabled={preflight.isPending}
          />
          <div className="row">
            <Button
              variant="primary"
              disabled={hosts.length === 0}
              busy={preflight.isPending}
              onClick={() => preflight.mutate(hosts)}
              data-testid="scale-in-check"
            >
              Check
            </Button>
            <span className="muted">
              {hosts.length === 0
                ? 'Tick the hosts to remove.'
                : `Asks what removing ${hosts.join(', ')} would do; changes nothing.`}
            </span>
          </div>
          {hosts.length > 0 && (
            <details className="more">
              <summary>API equivalent of Check</summary>
              <ShellCommand
                label="API equivalent"
                command={curlCommand('POST', apiUrls.scaleInPreflight(clusterId), { hosts })}
              />
            </details>
          )}
          <ScaleInError
            error={preflight.error}
            hosts={hosts}
            title="Could not check the scale-in"
          />
        </div>
      </Panel>

      {checked && (
        <Panel title="Check" data-testid="scale-in-check-result">
          <div className="stack">
            <PreflightResult preflight={checked} installedVersion={latest.version} />
            <GatedButton
              variant="danger"
              blocked={startBlocked}
              reasonTestId="scale-in-start-reason"
              hint="One host at a time; the run can be paused or aborted between hosts."
              onClick={() => {
                start.reset();
                setConfirming(true);
              }}
              data-testid="scale-in-start"
            >
              Scale in {hostsWord(checked.hosts.length)}…
            </GatedButton>
            <ShellCommand
              label="API equivalent"
              command={curlCommand('POST', apiUrls.scaleIn(clusterId), {
                hosts: checked.hosts,
                confirm: name,
              })}
            />
          </div>
        </Panel>
      )}

      {checked && (
        <TypedConfirmDialog
          open={confirming}
          title={`Remove ${hostsWord(checked.hosts.length)} from ${name}?`}
          confirmLabel={`Scale in ${hostsWord(checked.hosts.length)}`}
          tone="danger"
          busy={start.isPending}
          what="cluster name"
          expected={name}
          shell={checked.shellCommands}
          onCancel={closeDialog}
          onConfirm={(typed) =>
            start.mutate(
              { hosts: checked.hosts, confirm: typed },
              { onSuccess: (run) => navigate(paths.provisioningRun(run.id)) },
            )
          }
          after={
            <ScaleInError
              error={start.error}
              hosts={checked.hosts}
              title="Could not start the scale-in"
            />
          }
        >
          <p>
            One host at a time, {checked.hosts.join(', ')} leave
            {checked.hosts.length === 1 ? 's' : ''} the cluster: its regions move to the other
            RegionServers, its RegionServer stops, its DataNode is decommissioned until every block
            has its replicas elsewhere, then its DataNode stops and Granary forgets it. The leaving
            DataNodes hold {formatBytes(checked.bytesToMove)} of blocks to copy.
          </p>
        </TypedConfirmDialog>
      )}
    </div>
  );
}
