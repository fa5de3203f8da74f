import { Link, useParams } from 'react-router';
import { formatDuration } from '../../../lib/format';
import { BALANCER_SHELL } from '../../../lib/shell';
import { paths } from '../../../lib/paths';
import {
  Badge,
  ErrorMessage,
  KeyValueList,
  Loading,
  PageHeader,
  Panel,
  ShellCommand,
  Timestamp,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useClusterOverview, useOnVsphere } from '../api';
import { BalancerAction } from '../components/BalancerAction';
import { ClusterNav } from '../components/ClusterNav';
import { DataNodesTable } from '../components/DataNodesTable';
import { HaPanel } from '../components/HaPanel';
import { HbasePanel } from '../components/HbasePanel';
import { HdfsPanel } from '../components/HdfsPanel';
import { HealthBadge } from '../components/HealthBadge';
import { HealthReasons } from '../components/HealthReasons';
import { NativeSupportPanel } from '../components/NativeSupportPanel';
import { RegionServersTable } from '../components/RegionServersTable';
import { DayTwoLinks } from '../components/DayTwoLinks';
import { OverviewCharts } from '../../observability/components/OverviewCharts';

export function ClusterOverviewPage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const { data, error, isPending, isFetching } = useClusterOverview(clusterId);
  const onVsphere = useOnVsphere(clusterId, data?.cluster.kind === 'PROVISIONED').data === true;

  if (!Number.isInteger(clusterId)) {
    return (
      <ErrorMessage error={new Error(`"${param}" is not a cluster id.`)} title="Unknown cluster" />
    );
  }
  if (isPending) {
    return error ? <ErrorMessage error={error} /> : <Loading label="Loading cluster overview…" />;
  }
  if (!data) return <ErrorMessage error={error} />;

  const { cluster, health, hdfs, hbase, nativeSupport, versions } = data;
  const collectedAt = data.collectedAt ?? health.collectedAt;

  return (
    <div>
      <PageHeader
        crumbs={
          <>
            <Link to={paths.clusters()}>Clusters</Link> / {cluster.name}
          </>
        }
        title={
          <span className="row">
            {cluster.name} <HealthBadge status={health.status} large />
          </span>
        }
        subtitle={
          <>
            <Badge tone="info">{cluster.kind}</Badge>
            {cluster.kerberos && (
              <Badge tone="info" title={`the console logs in as ${cluster.kerberos.principal}`}>
                Kerberos {cluster.kerberos.realm}
              </Badge>
            )}
            <span>
              Collected <Timestamp iso={collectedAt} relative />
              {health.ageSeconds != null && (
                <span className="muted" data-testid="health-age">
                  {' '}
                  (health judged on state {formatDuration(health.ageSeconds)} old)
                </span>
              )}
            </span>
            <span className="status-line" aria-live="polite">
              <span className={`dot ${error ? '' : 'dot-live'}`} aria-hidden="true" />
              {error ? 'refresh failed' : isFetching ? 'refreshing…' : 'auto-refresh 5s'}
            </span>
          </>
        }
        actions={
          <>
            {cluster.namenodeWebUrl && (
              <a className="btn" href={cluster.namenodeWebUrl} target="_blank" rel="noreferrer">
                NameNode UI ↗
              </a>
            )}
            {cluster.masterWebUrl && (
              <a className="btn" href={cluster.masterWebUrl} target="_blank" rel="noreferrer">
                HMaster UI ↗
              </a>
            )}
          </>
        }
      />
      <ClusterNav clusterId={cluster.id} />
      {error && <ErrorMessage error={error} title="Could not refresh; showing the last state" />}
      {cluster.kerberos && (
        <div className="notice" role="note" data-testid="kerberos-notice">
          Kerberized: clients need a ticket of realm {cluster.kerberos.realm} (KDC{' '}
          {cluster.kerberos.kdcs.join(', ')}; RPC {cluster.kerberos.rpcProtection}, data transfer{' '}
          {cluster.kerberos.dataTransferProtection}). The console logs in as{' '}
          <code>{cluster.kerberos.principal}</code> from a keytab it keeps sealed, and reads the
          engine&apos;s web UIs over HTTPS.
          <ShellCommand
            command={`KRB5_CONFIG=/etc/granary/krb5.conf kinit <user>@${cluster.kerberos.realm} && hbase shell`}
          />
        </div>
      )}
      {data.collectionError && (
        <div className="notice notice-warn" role="status">
          <strong>Last collection failed:</strong> {data.collectionError}
        </div>
      )}

      <div className="grid grid-2">
        <Panel title="Health" data-testid="health-panel">
          <HealthReasons reasons={health.reasons} />
        </Panel>
        <Panel title="Cluster">
          <KeyValueList
            items={[
              { label: 'NameNode', value: <span className="mono">{cluster.namenodeUri}</span> },
              {
                label: 'ZooKeeper quorum',
                value: <span className="mono">{cluster.zookeeperQuorum}</span>,
              },
              { label: 'HBase version', value: versions?.hbase ?? '—', testId: 'version-hbase' },
              { label: 'Hadoop version', value: versions?.hadoop ?? '—', testId: 'version-hadoop' },
              { label: 'Registered', value: <Timestamp iso={cluster.createdAt} /> },
            ]}
          />
        </Panel>
      </div>

      <RoleGate min="OPERATOR">
        <Panel title="Actions" data-testid="cluster-actions">
          <div className="row" style={{ alignItems: 'flex-start', gap: 16 }}>
            <BalancerAction clusterId={cluster.id} clusterName={cluster.name} />
            <div style={{ flex: '0 1 420px' }}>
              <ShellCommand command={BALANCER_SHELL} />
            </div>
            {onVsphere && (
              <RoleGate min="ADMIN">
                <Link
                  className="btn btn-danger"
                  to={paths.vsphereDestroy(cluster.id)}
                  data-testid="vsphere-destroy-link"
                >
                  Destroy VMs…
                </Link>
              </RoleGate>
            )}
          </div>
        </Panel>
      </RoleGate>

      {data.ha && (
        <HaPanel
          clusterId={cluster.id}
          clusterName={cluster.name}
          clusterKind={cluster.kind}
          ha={data.ha}
        />
      )}

      <OverviewCharts clusterId={cluster.id} />

      <div className="grid grid-3">
        <HdfsPanel hdfs={hdfs} />
        <HbasePanel hbase={hbase} />
        <NativeSupportPanel native={nativeSupport} />
      </div>

      <Panel
        title={`DataNodes (${hdfs.dataNodes.length})`}
        actions={
          cluster.kind === 'PROVISIONED' ? (
            <span className="row">
              <Link to={paths.installs(cluster.id)} data-testid="installs-link">
                Installed versions
              </Link>
              <DayTwoLinks clusterId={cluster.id} />
            </span>
          ) : undefined
        }
      >
        <DataNodesTable dataNodes={hdfs.dataNodes} />
      </Panel>
      <Panel title={`RegionServers (${hbase.regionServers.length})`}>
        <RegionServersTable regionServers={hbase.regionServers} />
      </Panel>
      <p className="muted">
        <Link to={paths.operations({ clusterId: cluster.id })}>Operations on this cluster →</Link>
      </p>
    </div>
  );
}
