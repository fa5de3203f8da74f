import { useParams } from 'react-router';
import { ErrorMessage, Loading, PageHeader, Panel, RefreshStatus } from '../../../ui';
import { ClusterCrumbs, ClusterNav } from '../../clusters/components/ClusterNav';
import { INSTALLS_REFRESH_MS, useInstalledVersions } from '../api';
import { InstalledVersionsTable } from '../components/InstalledVersionsTable';
import { ScaleInLink } from '../../clusters/components/ScaleInLink';

/** What Granary installed on a provisioned cluster, one version per successful run. */
export function InstalledVersionsPage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const versions = useInstalledVersions(clusterId);
  const valid = Number.isInteger(clusterId);

  return (
    <div>
      <PageHeader
        crumbs={<ClusterCrumbs clusterId={clusterId}>Installed versions</ClusterCrumbs>}
        title="Installed versions"
        subtitle={
          <>
            <span>
              One version per successful install, scale-out or scale-in; the next run is planned
              against the newest.
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
            actions={versions.data.length > 0 ? <ScaleInLink clusterId={clusterId} /> : undefined}
          >
            <InstalledVersionsTable clusterId={clusterId} versions={versions.data} />
          </Panel>
        </>
      )}
    </div>
  );
}
