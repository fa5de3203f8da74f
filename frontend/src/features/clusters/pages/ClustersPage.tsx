import { Link, useNavigate } from 'react-router';
import type { Cluster } from '../../../api/types';
import { paths } from '../../../lib/paths';
import {
  Badge,
  type Column,
  ErrorMessage,
  Loading,
  PageHeader,
  Table,
  Timestamp,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useClusters } from '../api';
import { HealthBadge } from '../components/HealthBadge';

const columns: Column<Cluster>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (c) => (
      <Link to={paths.cluster(c.id)} data-testid="cluster-link">
        {c.name}
      </Link>
    ),
  },
  { key: 'kind', header: 'Kind', render: (c) => <Badge tone="info">{c.kind}</Badge> },
  {
    key: 'health',
    header: 'Health',
    render: (c) => <HealthBadge status={c.health.status} testId="cluster-health" />,
  },
  {
    key: 'reasons',
    header: 'Reasons',
    className: 'wrap',
    render: (c) =>
      c.health.reasons.length === 0 ? (
        <span className="muted">—</span>
      ) : (
        <span className="mono">{c.health.reasons.map((r) => r.code).join(', ')}</span>
      ),
  },
  { key: 'nn', header: 'NameNode', render: (c) => <span className="mono">{c.namenodeUri}</span> },
  {
    key: 'zk',
    header: 'ZooKeeper quorum',
    render: (c) => <span className="mono">{c.zookeeperQuorum}</span>,
  },
  {
    key: 'collected',
    header: 'Collected',
    render: (c) => <Timestamp iso={c.health.collectedAt} />,
  },
];

export function ClustersPage() {
  const { data, error, isPending } = useClusters();
  const navigate = useNavigate();
  return (
    <div>
      <PageHeader
        title="Clusters"
        subtitle="Registered HBase-on-HDFS clusters and their current health."
        actions={
          <RoleGate min="OPERATOR">
            <Link className="btn" to={paths.provisioningNew()}>
              Provision a cluster
            </Link>
          </RoleGate>
        }
      />
      <ErrorMessage error={error} />
      {isPending ? (
        <Loading label="Loading clusters…" />
      ) : (
        data && (
          <Table
            aria-label="Clusters"
            columns={columns}
            rows={data}
            rowKey={(c) => c.id}
            rowProps={(c) => ({ 'data-testid': 'cluster-row', 'data-name': c.name })}
            onRowClick={(c) => navigate(paths.cluster(c.id))}
            empty="No clusters registered yet."
          />
        )
      )}
    </div>
  );
}
