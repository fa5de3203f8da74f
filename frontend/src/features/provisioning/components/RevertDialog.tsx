import { useNavigate } from 'react-router';
import { apiUrls, paths } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { ErrorMessage, Loading, TypedConfirmDialog } from '../../../ui';
import { useCompareInstalledVersions, useInstalledVersion, useRevertConfig } from '../api';
import { revertedChanges } from '../diffModel';
import { PlanDiffView } from './PlanDiffView';

/**
 * Revert to an older version's configuration (its cluster-wide and role-group values) as a new
 * configuration change, confirmed with the cluster's name; hosts stay as they are. Shows what the
 * values change from the newest version, then opens the run.
 */
export function RevertDialog({
  clusterId,
  name,
  newest,
  version,
  onClose,
}: {
  clusterId: number;
  name: string;
  newest: number;
  /** The version to revert to; undefined: closed. */
  version: number | undefined;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const revert = useRevertConfig(clusterId);
  const diff = useCompareInstalledVersions(clusterId, newest, version);
  // Their plans say which values were overrides; the rest follow the hosts.
  const now = useInstalledVersion(clusterId, version != null ? newest : undefined);
  const then = useInstalledVersion(clusterId, version);
  const body = { batchSize: 1, confirm: name };
  const plans = now.data && then.data ? [now.data.plan, then.data.plan] : undefined;
  const values = diff.data &&
    plans && {
      ...diff.data,
      fromVersion: newest,
      hostsAdded: [],
      hostsRemoved: [],
      roleChanges: [],
      configChanges: revertedChanges(diff.data.configChanges, plans),
      restarts: [],
      summary: [],
    };
  const loadError = diff.error ?? now.error ?? then.error;
  return (
    <TypedConfirmDialog
      open={version != null}
      title={`Revert ${name} to the configuration of version ${version ?? ''}?`}
      confirmLabel="Revert configuration"
      tone="danger"
      busy={revert.isPending}
      error={revert.error}
      what="cluster name"
      expected={name}
      shell={
        version != null ? curlCommand('POST', apiUrls.revertConfig(clusterId, version), body) : ''
      }
      onCancel={() => {
        revert.reset();
        onClose();
      }}
      onConfirm={(typed) =>
        version != null &&
        revert.mutate(
          { version, batchSize: 1, confirm: typed },
          { onSuccess: (run) => navigate(paths.provisioningRun(run.id)) },
        )
      }
    >
      <p>
        The values of version {version} become version {newest + 1}: every host&apos;s files are
        written, then the roles that read a changed value restart step by step (RegionServers one at
        a time). Hosts stay as they are.
      </p>
      <div data-testid="revert-diff">
        {values ? (
          <>
            <PlanDiffView diff={values} testId="revert-values" />
            {values.configChanges.length === 0 && (
              <p className="muted" data-testid="revert-same">
                Version {version} seems to hold the values version {newest} holds; the backend
                refuses a revert that changes nothing.
              </p>
            )}
          </>
        ) : loadError ? (
          <ErrorMessage error={loadError} title="Could not compare the versions" />
        ) : (
          <Loading label="Comparing…" />
        )}
      </div>
    </TypedConfirmDialog>
  );
}
