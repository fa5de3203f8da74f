import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { fieldError, isApiError } from '../../../api/problem';
import type { ClusterConfig, ConfigChangePreview, ConfigKey } from '../../../api/types';
import { apiUrls, paths } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import {
  Badge,
  Button,
  GatedButton,
  ErrorMessage,
  Loading,
  Panel,
  ShellCommand,
  Tabs,
  TextField,
  TypedConfirmDialog,
} from '../../../ui';
import { useAuth } from '../../auth/useAuth';
import { useApplyConfigChange, useConfigKeys, usePreviewConfigChange } from '../api';
import { ConfigGroupEditor } from '../components/ConfigGroupEditor';
import { ConfigPreviewResult } from '../components/ConfigPreviewResult';
import { FindingList } from '../components/FindingList';
import { DayTwoFrame, WithClusterConfig } from '../components/DayTwoFrame';
import { PendingRestarts } from '../components/PendingRestarts';
import {
  changeRequest,
  CLUSTER_GROUP,
  type ConfigDraft,
  type ConfigGroup,
  configFindingView,
  configGroups,
  draftErrors,
  draftFromConfig,
  draftKey,
  findingTarget,
  groupEdits,
  keyIndex,
} from '../configModel';
import { MAX_BATCH, parseBatchSize, restartShell } from '../restartModel';
import type { FindingView } from '../scaleInModel';
import { parseFinding } from '../wizardModel';

/**
 * The configuration of a provisioned cluster, per role group: cluster-wide values and one group
 * per role it runs, each an editable key/value table with the known keys typed. Preview shows the
 * findings, the diff and what restarts; an ADMIN applies it (confirmed with the cluster's name)
 * and the run page follows the file write and the restarts. Restarts a stopped change left
 * pending are listed with a button that starts them.
 */
export function ConfigurationPage() {
  const { clusterId } = useParams();
  // Asked beside the configuration, not after it: the editor waits for both.
  useConfigKeys();
  return (
    <DayTwoFrame
      param={clusterId}
      crumb="Configuration"
      title="Configuration"
      subtitle="Cluster-wide values and values per role. A change writes every host's files, then restarts only the roles that read a changed key, host by host."
    >
      {(id) => (
        <WithClusterConfig
          clusterId={id}
          loading="Loading the configuration…"
          what="change its configuration"
          instead="Change a registered cluster's files with its own tools."
          testId="config-not-provisioned"
        >
          {(config, name) => <ConfigPageBody clusterId={id} name={name} config={config} />}
        </WithClusterConfig>
      )}
    </DayTwoFrame>
  );
}

function ConfigPageBody({
  clusterId,
  name,
  config,
}: {
  clusterId: number;
  name: string;
  config: ClusterConfig;
}) {
  const keys = useConfigKeys();
  // Without the catalog every key would first show as unknown.
  if (keys.isPending) return <Loading label="Loading the known keys…" />;
  return (
    <div data-testid="config-page" data-version={config.installedVersion}>
      <ErrorMessage
        error={keys.error}
        title="Could not load the known keys: values are not checked here, the preview still checks them"
      />
      {config.pendingRestarts.length > 0 && (
        <PendingRestarts clusterId={clusterId} name={name} steps={config.pendingRestarts} />
      )}
      {/* A new installed version is a new baseline: start the edit over. */}
      <ConfigEditor
        key={config.installedVersion}
        clusterId={clusterId}
        name={name}
        config={config}
        catalog={keys.data}
      />
    </div>
  );
}

interface Previewed {
  preview: ConfigChangePreview;
  /** The draft it answered, to tell when the values moved on. */
  key: string;
}

/** A refused apply: its field errors (`code: text`) as findings, else the usual problem. */
function ApplyError({ error, groups }: { error: unknown; groups: readonly ConfigGroup[] }) {
  if (error == null) return null;
  if (!isApiError(error) || error.status !== 400 || error.fieldErrors.length === 0)
    return <ErrorMessage error={error} title="Could not apply the change" />;
  const findings = error.fieldErrors.map((e) => {
    const { code, text } = parseFinding(e.message);
    return configFindingView({ code, severity: 'ERROR', field: e.field, text }, groups);
  });
  return (
    <div className="error-message" role="alert" data-testid="config-apply-refused">
      <strong className="error-title">The change is refused</strong>
      <p className="error-detail">Nothing was written. Fix each value below and preview again.</p>
      <FindingList findings={findings} testId="config-apply-finding" />
    </div>
  );
}

function ConfigEditor({
  clusterId,
  name,
  config,
  catalog,
}: {
  clusterId: number;
  name: string;
  config: ClusterConfig;
  catalog: readonly ConfigKey[] | undefined;
}) {
  const navigate = useNavigate();
  const { can } = useAuth();
  const preview = usePreviewConfigChange(clusterId);
  const apply = useApplyConfigChange(clusterId);
  const groups = useMemo(() => configGroups(config), [config]);
  const installedKey = useMemo(() => draftKey(draftFromConfig(config)), [config]);
  const keys = useMemo(() => keyIndex(catalog), [catalog]);
  const [draft, setDraft] = useState<ConfigDraft>(() => draftFromConfig(config));
  const [tab, setTab] = useState(CLUSTER_GROUP);
  const [batchText, setBatchText] = useState('1');
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [confirming, setConfirming] = useState(false);

  const batch = parseBatchSize(batchText);
  const request = changeRequest(draft, batch.value ?? 1);
  const key = draftKey(draft);
  const dirty = key !== installedKey;
  const errors = draftErrors(draft, keys);
  const stale = previewed != null && previewed.key !== key;
  const answer = previewed && !stale ? previewed.preview : undefined;
  const answerErrors = answer?.findings.filter((f) => f.severity === 'ERROR').length ?? 0;
  const readOnly = !can('OPERATOR');

  const previewBlocked = readOnly
    ? 'An OPERATOR or ADMIN previews a change.'
    : !dirty
      ? `Nothing is edited against version ${config.installedVersion}.`
      : errors > 0
        ? `Fix ${errors === 1 ? 'the value' : `${errors} values`} marked in red first.`
        : undefined;
  const applyBlocked = !can('ADMIN')
    ? 'Only an ADMIN can apply a change; an OPERATOR can preview one.'
    : !previewed
      ? 'Preview the change first.'
      : stale
        ? 'The values changed since the preview: preview again.'
        : answerErrors > 0
          ? 'The preview has errors: fix them and preview again.'
          : !previewed.preview.ok
            ? 'Nothing changes against the installed version.'
            : batch.error
              ? 'Fix the batch size first.'
              : undefined;

  // The backend's findings (the preview's, or a refused apply's) beside the rows they name.
  const rowFindings = useMemo(() => {
    const all: FindingView[] = [];
    if (answer) {
      for (const f of answer.findings)
        all.push(
          configFindingView(
            { code: f.code || undefined, severity: f.severity, field: f.field, text: f.message },
            groups,
          ),
        );
    }
    if (isApiError(apply.error)) {
      for (const e of apply.error.fieldErrors) {
        const { code, text } = parseFinding(e.message);
        all.push(configFindingView({ code, severity: 'ERROR', field: e.field, text }, groups));
      }
    }
    return all;
  }, [answer, apply.error, groups]);
  const findingsFor = (group: string) => (file: string, k: string) =>
    rowFindings.filter((f) => {
      const t = findingTarget(f.field);
      return t != null && t.group === group && t.file === file && t.key === k;
    });

  const restarts = answer?.restarts ?? [];
  const ansible = answer
    ? restartShell.configChange(restarts)
    : [
        restartShell.writeConfig(),
        '# then one rolling_restart.yml per step Preview lists, e.g.',
        restartShell.step('<role>', ['<host>']),
      ];

  return (
    <>
      <Panel
        title={`Values of installed version ${config.installedVersion}`}
        data-testid="config-values"
        actions={
          dirty && !readOnly ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setDraft(draftFromConfig(config));
                apply.reset();
              }}
              data-testid="config-discard"
            >
              Discard edits
            </Button>
          ) : undefined
        }
      >
        <div className="stack">
          {readOnly && (
            <p className="muted" style={{ margin: 0 }} data-testid="config-read-only">
              An OPERATOR previews changes and an ADMIN applies them; a VIEWER sees the values.
            </p>
          )}
          <div className="config-tabs">
            <Tabs
              label="Role groups"
              value={tab}
              onChange={setTab}
              items={groups.map((g) => {
                const rows = draft[g.id] ?? [];
                const edits = groupEdits(
                  rows,
                  g.id === CLUSTER_GROUP ? config.overrides : config.roleOverrides[g.id],
                );
                return {
                  id: g.id,
                  label: (
                    <span data-testid="config-tab" data-group={g.id} data-edits={edits}>
                      {g.label} <span className="muted">{rows.length}</span>
                      {edits > 0 && (
                        <>
                          {' '}
                          <Badge tone="warn">edited</Badge>
                        </>
                      )}
                    </span>
                  ),
                };
              })}
            >
              {groups
                .filter((g) => g.id === tab)
                .map((g) => (
                  <ConfigGroupEditor
                    key={g.id}
                    group={g}
                    rows={draft[g.id] ?? []}
                    onChange={(rows) => {
                      setDraft({ ...draft, [g.id]: rows });
                      apply.reset();
                    }}
                    keys={keys}
                    catalog={catalog}
                    readOnly={readOnly}
                    findingsFor={findingsFor(g.id)}
                  />
                ))}
            </Tabs>
          </div>
          <GatedButton
            variant="primary"
            blocked={previewBlocked}
            reasonTestId="config-preview-reason"
            hint="Checks every value and shows the diff and the restarts; changes nothing."
            busy={preview.isPending}
            onClick={() =>
              preview.mutate(request, {
                onSuccess: (result) => setPreviewed({ preview: result, key }),
              })
            }
            data-testid="config-preview-button"
          >
            Preview change
          </GatedButton>
          <ErrorMessage error={preview.error} title="Could not preview the change" />
        </div>
      </Panel>

      <div className="form-with-aside">
        {previewed ? (
          <Panel title="Preview" data-testid="config-preview-panel">
            <div className="stack">
              <ConfigPreviewResult preview={previewed.preview} groups={groups} stale={stale} />
              <div className="form-row">
                <TextField
                  label="Batch size"
                  value={batchText}
                  inputMode="numeric"
                  hint={`RegionServers restarted together (1–${MAX_BATCH})`}
                  error={batch.error ?? fieldError(apply.error, 'batchSize')}
                  onChange={(e) => setBatchText(e.target.value)}
                  data-testid="config-batch"
                />
                <GatedButton
                  variant="danger"
                  blocked={applyBlocked}
                  reasonTestId="config-apply-reason"
                  hint="Writes the files, then restarts step by step; the run can be paused or aborted between steps."
                  onClick={() => {
                    apply.reset();
                    setConfirming(true);
                  }}
                  data-testid="config-apply"
                >
                  Apply change…
                </GatedButton>
              </div>
              {!confirming && <ApplyError error={apply.error} groups={groups} />}
              <ShellCommand
                label="API equivalent of Apply"
                command={curlCommand('POST', apiUrls.clusterConfig(clusterId), {
                  ...request,
                  confirm: name,
                })}
              />
            </div>
          </Panel>
        ) : (
          <Panel title="Preview">
            <p className="muted" style={{ margin: 0 }}>
              Edit the values above, then Preview: the findings, every value old → new and the
              restart steps show here, with Apply.
            </p>
          </Panel>
        )}
        <aside>
          <Panel title="Equivalent">
            <div className="stack">
              <ShellCommand label="Ansible equivalent" command={ansible} />
              <p className="muted" style={{ margin: 0 }}>
                Granary renders the inventory with the new values first; install.yml then writes
                every host&apos;s files without restarting anything.
              </p>
              <ShellCommand
                label="API equivalent of Preview"
                command={curlCommand('POST', apiUrls.configPreview(clusterId), { ...request })}
              />
            </div>
          </Panel>
        </aside>
      </div>

      {answer && (
        <TypedConfirmDialog
          open={confirming}
          title={`Apply the change to ${name}?`}
          confirmLabel="Apply change"
          tone="danger"
          busy={apply.isPending}
          what="cluster name"
          expected={name}
          shell={restartShell.configChange(restarts)}
          onCancel={() => setConfirming(false)}
          onConfirm={(typed) =>
            apply.mutate(
              { ...request, confirm: typed },
              {
                onSuccess: (run) => navigate(paths.provisioningRun(run.id)),
                // field errors go beside their rows; the dialog would hide them
                onError: (error) => {
                  if (isApiError(error) && error.status === 400) setConfirming(false);
                },
              },
            )
          }
          after={<ApplyError error={apply.error} groups={groups} />}
        >
          <p>
            Every host&apos;s files are written as version {config.installedVersion + 1}; then{' '}
            {restarts.length === 0
              ? 'nothing restarts.'
              : `${restarts.length === 1 ? 'one step restarts' : `${restarts.length} steps restart`} the roles that read a changed key, RegionServers ${batch.value ?? 1} at a time with their regions moved off and back.`}{' '}
            The <Link to={paths.installs(clusterId)}>installed versions</Link> keep the one before,
            to compare or revert to.
          </p>
        </TypedConfirmDialog>
      )}
    </>
  );
}
