import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorMessage, Loading, PageHeader, Panel, RefreshStatus } from '../../../ui';
import { useAuth } from '../../auth/useAuth';
import { useCluster } from '../../clusters/api';
import { ClusterCrumbs, ClusterNav } from '../../clusters/components/ClusterNav';
import { DayTwoLinks } from '../../clusters/components/DayTwoLinks';
import { INSTALLS_REFRESH_MS, useInstalledVersions } from '../api';
import { InstalledVersionsTable } from '../components/InstalledVersionsTable';
import { RevertDialog } from '../components/RevertDialog';
import { VersionCompare } from '../components/VersionCompare';

/**
 * What Granary installed on a provisioned cluster, one version per successful run; any two
 * compared, and (ADMIN) a revert to an older version's configuration.
 */
export function InstalledVersionsPage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const versions = useInstalledVersions(clusterId);
  const cluster = useCluster(clusterId);
  const { can } = useAuth();
  const [reverting, setReverting] = useState<number | undefined>();
  const valid = Number.isInteger(clusterId);
  const newest = versions.data?.[0]?.version;

  return (
    <div>
      <PageHeader
        crumbs={<ClusterCrumbs clusterId={clusterId}>Installed versions</ClusterCrumbs>}
        title="Installed versions"
        subtitle={
          <>
            <span>
              One version per successful install, scale-out, scale-in or configuration change; the
              next run is planned against the newest.
            </span>
            <RefreshStatus intervalMs={INSTALLS_REFRESH_MS} />
          </>
        }
      />
      {valid && <ClusterNav clusterId={clusterId} />}
      {!valid ? (
        <ErrorMessage
          error={new Error(`"${param}" is not a cluster id.`)}
          title="Unknown cluster"
        />
      ) : versions.isPending ? (
        <Loading label="Loading installed versions…" />
      ) : !versions.data ? (
        <ErrorMessage error={versions.error} />
      ) : (
        <>
          <ErrorMessage error={versions.error} title="Could not refresh; showing the last list" />
          <Panel
            title={`Installed versions (${versions.data.length})`}
            data-testid="installs"
            actions={versions.data.length > 0 ? <DayTwoLinks clusterId={clusterId} /> : undefined}
          >
            <InstalledVersionsTable
              clusterId={clusterId}
              versions={versions.data}
              onRevert={can('ADMIN') ? setReverting : undefined}
            />
            {versions.data.length > 1 && !can('ADMIN') && (
              <p className="muted" data-testid="installs-revert-role">
                An ADMIN can revert to an older version&apos;s configuration.
              </p>
            )}
          </Panel>
          {versions.data.length > 1 && (
            <Panel title="Compare versions" data-testid="installs-compare">
              <VersionCompare clusterId={clusterId} versions={versions.data} />
            </Panel>
          )}
          {newest != null && cluster.data && (
            <RevertDialog
              clusterId={clusterId}
              name={cluster.data.name}
              newest={newest}
              version={reverting}
              onClose={() => setReverting(undefined)}
            />
          )}
        </>
      )}
    </div>
  );
}
