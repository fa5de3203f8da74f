import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { Button, KeyValueList, PageHeader, Panel, PendingPage, Timestamp } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useCluster } from '../../clusters/api';
import { ClusterCrumbs, ClusterNav } from '../../clusters/components/ClusterNav';
import { useInstalledVersion, useInstalledVersions } from '../api';
import { ConfigTable } from '../components/ConfigTable';
import { PlacementTable } from '../components/PlacementTable';
import { PlanDiffView } from '../components/PlanDiffView';
import { RevertDialog } from '../components/RevertDialog';
import { planEntries } from '../planModel';
import { playbookLabel } from '../runModel';

/** One installed version: who made it with which run, its diff against the one before, its plan. */
export function InstalledVersionPage() {
  const { clusterId: clusterParam, version: versionParam } = useParams();
  const clusterId = Number(clusterParam);
  const version = Number(versionParam);
  const valid = Number.isInteger(clusterId) && Number.isInteger(version) && version >= 1;
  const { data, error, isPending } = useInstalledVersion(clusterId, valid ? version : undefined);
  const newest = useInstalledVersions(clusterId).data?.[0]?.version;
  const cluster = useCluster(clusterId);
  const [reverting, setReverting] = useState(false);

  const crumbs = (
    <ClusterCrumbs clusterId={clusterId}>
      <Link to={paths.installs(clusterId)}>Installed versions</Link> / {versionParam}
    </ClusterCrumbs>
  );
  if (!valid || isPending || !data) {
    return (
      <PendingPage
        crumbs={crumbs}
        title={`Installed version ${versionParam}`}
        error={valid ? error : new Error(`"${versionParam}" is not a version.`)}
        loading="Loading the installed version…"
      />
    );
  }

  return (
    <div data-testid="install" data-version={data.version}>
      <PageHeader
        crumbs={crumbs}
        title={
          <span>
            Version {data.version} of <span className="title-mono">{data.cluster}</span>
          </span>
        }
        subtitle={
          <span>
            {playbookLabel(data.playbook)} by {data.createdBy}, <Timestamp iso={data.createdAt} />
          </span>
        }
        actions={
          <>
            {data.version > 1 && (
              <Link className="btn" to={paths.install(clusterId, data.version - 1)}>
                ← Version {data.version - 1}
              </Link>
            )}
            {newest != null && newest !== data.version && (
              <>
                <Link
                  className="btn"
                  to={paths.installs(clusterId, { from: newest, to: data.version })}
                >
                  Compare with the newest
                </Link>
                <RoleGate min="ADMIN">
                  <Button onClick={() => setReverting(true)} data-testid="install-revert">
                    Revert to this configuration…
                  </Button>
                </RoleGate>
              </>
            )}
          </>
        }
      />
      <ClusterNav clusterId={clusterId} />
      <div className="grid grid-2">
        <Panel title="Details">
          <KeyValueList
            items={[
              { label: 'Playbook', value: <span className="mono">{data.playbook}.yml</span> },
              { label: 'When', value: <Timestamp iso={data.createdAt} /> },
              { label: 'Who', value: data.createdBy },
              {
                label: 'Run',
                value:
                  data.runId != null ? (
                    <Link to={paths.provisioningRun(data.runId)}>#{data.runId}</Link>
                  ) : (
                    '—'
                  ),
              },
              {
                label: 'Hosts',
                value: <span className="mono">{data.hosts.join(', ')}</span>,
                testId: 'install-hosts',
              },
            ]}
          />
        </Panel>
        <Panel
          title={
            data.diff.fromVersion != null
              ? `Changes against version ${data.diff.fromVersion}`
              : 'Changes'
          }
          data-testid="install-diff"
        >
          <PlanDiffView diff={data.diff} />
        </Panel>
      </div>
      <Panel title="Placement and heaps" data-testid="prov-placement">
        <PlacementTable plan={data.plan} />
      </Panel>
      <Panel title="Configuration" data-testid="prov-config">
        <ConfigTable entries={planEntries(data.plan)} />
      </Panel>
      {newest != null && cluster.data && (
        <RevertDialog
          clusterId={clusterId}
          name={cluster.data.name}
          newest={newest}
          version={reverting ? data.version : undefined}
          onClose={() => setReverting(false)}
        />
      )}
    </div>
  );
}
