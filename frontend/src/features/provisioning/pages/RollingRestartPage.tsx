import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { fieldError } from '../../../api/problem';
import type { ClusterConfig } from '../../../api/types';
import { apiUrls, paths } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import {
  Button,
  GatedButton,
  CheckboxField,
  ErrorMessage,
  Panel,
  ShellCommand,
  TextField,
  TypedConfirmDialog,
} from '../../../ui';
import { useAuth } from '../../auth/useAuth';
import { usePreviewRollingRestart, useStartRollingRestart } from '../api';
import { DayTwoFrame, WithClusterConfig } from '../components/DayTwoFrame';
import { RestartPlanList } from '../components/RestartPlanList';
import {
  inRestartOrder,
  MAX_BATCH,
  parseBatchSize,
  restartRequest,
  rolePlural,
  stepName,
} from '../restartModel';
import { roleLabel } from '../wizardModel';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A rolling restart of a provisioned cluster: pick roles, the RegionServer batch size and whether
 * only the restarts a configuration change left pending; Preview shows the steps in order and
 * their ansible-playbook lines; an ADMIN confirms with the cluster's name and the run page follows
 * the steps.
 */
export function RollingRestartPage() {
  const { clusterId } = useParams();
  return (
    <DayTwoFrame
      param={clusterId}
      crumb="Rolling restart"
      title="Rolling restart"
      subtitle="Restart roles host by host so clients keep reading and writing: RegionServers in batches (regions moved off and back), DataNodes one at a time, then the quorum and master roles, standbys first."
      testId="rolling-restart-page"
    >
      {(id) => (
        <WithClusterConfig
          clusterId={id}
          loading="Loading the installed roles…"
          what="restart its roles host by host"
          instead="Restart a registered cluster with its own tools."
          testId="restart-not-provisioned"
        >
          {(config, name) => <RestartForm clusterId={id} name={name} config={config} />}
        </WithClusterConfig>
      )}
    </DayTwoFrame>
  );
}

function RestartForm({
  clusterId,
  name,
  config,
}: {
  clusterId: number;
  name: string;
  config: ClusterConfig;
}) {
  const navigate = useNavigate();
  const { can } = useAuth();
  const [search] = useSearchParams();
  const preview = usePreviewRollingRestart(clusterId);
  const start = useStartRollingRestart(clusterId);
  const roles = inRestartOrder(Object.keys(config.roles));
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set(roles));
  const [batchText, setBatchText] = useState('1');
  const [onlyChanged, setOnlyChanged] = useState(search.get('onlyChanged') === 'true');
  const [confirming, setConfirming] = useState(false);

  const batch = parseBatchSize(batchText);
  const request = restartRequest(ticked, roles, batch.value ?? 1, onlyChanged);
  const checked = preview.data;
  const pending = config.pendingRestarts;
  const previewBlocked =
    ticked.size === 0
      ? 'Tick at least one role.'
      : batch.error
        ? 'Fix the batch size first.'
        : undefined;
  const startBlocked = !can('ADMIN')
    ? 'Only an ADMIN can start a rolling restart; an OPERATOR can preview one.'
    : !checked
      ? 'Preview the steps first.'
      : checked.steps.length === 0
        ? 'The preview has no step: nothing would restart.'
        : undefined;

  // A preview answers for the form it was asked with.
  const edited = () => {
    preview.reset();
    start.reset();
  };
  const toggle = (role: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(role);
    else next.delete(role);
    setTicked(next);
    edited();
  };

  return (
    <>
      <div className="form-with-aside">
        <Panel title="What restarts" data-testid="restart-form">
          <div className="stack">
            <fieldset className="fieldset">
              <legend>Roles</legend>
              <div className="role-checks" data-testid="restart-roles">
                {roles.map((r) => (
                  <CheckboxField
                    key={r}
                    label={`${roleLabel(r)} (${plural(config.roles[r]!.length, 'host')})`}
                    hint={config.roles[r]!.join(', ')}
                    checked={ticked.has(r)}
                    onChange={(e) => toggle(r, e.target.checked)}
                    data-testid="restart-role"
                    data-role={r}
                  />
                ))}
              </div>
              <div className="row">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    setTicked(new Set(roles));
                    edited();
                  }}
                >
                  All roles
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    setTicked(new Set());
                    edited();
                  }}
                >
                  None
                </Button>
              </div>
            </fieldset>
            <div className="form-row">
              <TextField
                label="Batch size"
                value={batchText}
                inputMode="numeric"
                hint={`RegionServers restarted together (1–${MAX_BATCH}); DataNodes always one at a time`}
                error={batch.error ?? fieldError(preview.error ?? start.error, 'batchSize')}
                onChange={(e) => {
                  setBatchText(e.target.value);
                  edited();
                }}
                data-testid="restart-batch"
              />
              <CheckboxField
                label="Only what changed"
                hint={
                  pending.length > 0
                    ? `The last configuration change left ${plural(pending.length, 'restart')} pending.`
                    : 'No restart is pending: a configuration change restarted what it changed.'
                }
                checked={onlyChanged}
                onChange={(e) => {
                  setOnlyChanged(e.target.checked);
                  edited();
                }}
                data-testid="restart-only-changed"
              />
            </div>
            <div className="row">
              <Button
                variant="primary"
                disabled={previewBlocked != null}
                busy={preview.isPending}
                onClick={() => preview.mutate(request)}
                data-testid="restart-preview"
              >
                Preview
              </Button>
              <span className="muted">
                {previewBlocked ?? 'Lists the steps in the order they would run; changes nothing.'}
              </span>
            </div>
            <ErrorMessage error={preview.error} title="Could not preview the rolling restart" />
          </div>
        </Panel>
        <aside>
          <Panel title="Equivalent">
            <div className="stack">
              {checked ? (
                <ShellCommand
                  label="Ansible equivalent, step by step"
                  command={
                    checked.shellCommands.length > 0
                      ? checked.shellCommands
                      : ['# nothing to restart']
                  }
                />
              ) : (
                <p className="muted" style={{ margin: 0 }}>
                  Preview to see the ansible-playbook line of each step.
                </p>
              )}
              <ShellCommand
                label="API equivalent of Preview"
                command={curlCommand('POST', apiUrls.rollingRestartPreview(clusterId), {
                  ...request,
                })}
              />
            </div>
          </Panel>
        </aside>
      </div>

      {checked && (
        <Panel
          title={`Steps (${checked.steps.length})`}
          data-testid="restart-preview-result"
          actions={
            request.onlyChanged ? (
              <span className="muted">Only the restarts left pending</span>
            ) : undefined
          }
        >
          <div className="stack">
            {checked.steps.length === 0 ? (
              <div className="notice" role="status">
                Nothing would restart with these roles.
              </div>
            ) : (
              <>
                <p className="muted" style={{ margin: 0 }}>
                  {plural(checked.steps.length, 'step')}, one after the other; each waits for its
                  hosts to be healthy (and RegionServers for their regions back, DataNodes for no
                  block missing) before the next begins.
                </p>
                <RestartPlanList steps={checked.steps} />
              </>
            )}
            <GatedButton
              variant="danger"
              blocked={startBlocked}
              reasonTestId="restart-start-reason"
              hint="The run can be paused or aborted between steps."
              onClick={() => {
                start.reset();
                setConfirming(true);
              }}
              data-testid="restart-start"
            >
              Start rolling restart…
            </GatedButton>
            <ShellCommand
              label="API equivalent of Start"
              command={curlCommand('POST', apiUrls.rollingRestart(clusterId), {
                ...request,
                confirm: name,
              })}
            />
          </div>
        </Panel>
      )}

      {checked && (
        <TypedConfirmDialog
          open={confirming}
          title={`Restart ${plural(checked.steps.length, 'step')} of ${name}?`}
          confirmLabel="Start rolling restart"
          tone="danger"
          busy={start.isPending}
          error={start.error}
          what="cluster name"
          expected={name}
          shell={checked.shellCommands}
          onCancel={() => {
            setConfirming(false);
            start.reset();
          }}
          onConfirm={(typed) =>
            start.mutate(
              { ...request, confirm: typed },
              { onSuccess: (run) => navigate(paths.provisioningRun(run.id)) },
            )
          }
        >
          <p>
            {inRestartOrder(new Set(checked.steps.map((s) => s.role)))
              .map(rolePlural)
              .join(', ')}{' '}
            restart step by step, starting with {stepName(checked.steps[0]!)}. Each RegionServer
            hands its regions to the others first and gets them back after; a step waits for its
            hosts to be healthy before the next one begins.
          </p>
        </TypedConfirmDialog>
      )}
      {pending.length > 0 && !onlyChanged && (
        <p className="muted" data-testid="restart-pending-hint">
          A configuration change left restarts pending; tick <em>Only what changed</em> to restart
          just those, or see them on the <Link to={paths.config(clusterId)}>Configuration</Link>{' '}
          page.
        </p>
      )}
    </>
  );
}
