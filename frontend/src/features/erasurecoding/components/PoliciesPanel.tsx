import type { EcPolicies, EcPolicy } from '../../../api/types';
import { formatBytes, formatNumber } from '../../../lib/format';
import { Badge, type Column, Panel, ShellCommand, Stat, Table } from '../../../ui';
import { useAuth } from '../../auth/useAuth';
import { formatTimes, unitsText } from '../ecModel';
import { PolicyStateBadge } from './EcBadges';
import { PolicyActions } from './PolicyActions';

function FitsTopology({ policy }: { policy: EcPolicy }) {
  if (policy.fitsTopology == null) return <span className="muted">—</span>;
  return (
    <span className="stack" data-testid="ec-policy-fits" data-fits={String(policy.fitsTopology)}>
      <span>
        {policy.fitsTopology ? (
          <Badge tone="ok">✓ fits</Badge>
        ) : (
          <Badge tone="bad">✗ too few nodes</Badge>
        )}
      </span>
      {policy.topologyMessage && <span className="muted">{policy.topologyMessage}</span>}
    </span>
  );
}

function columns(clusterId: number, admin: boolean): Column<EcPolicy>[] {
  const cols: Column<EcPolicy>[] = [
    {
      key: 'name',
      header: 'Policy',
      render: (p) => (
        <span className="row">
          <span className="mono">{p.name}</span>
          {!p.system && <Badge tone="neutral">added</Badge>}
        </span>
      ),
    },
    { key: 'state', header: 'State', render: (p) => <PolicyStateBadge state={p.state} /> },
    { key: 'units', header: 'Units', render: unitsText },
    { key: 'cell', header: 'Cell', numeric: true, render: (p) => formatBytes(p.cellSizeBytes, 0) },
    {
      key: 'overhead',
      header: 'Storage',
      numeric: true,
      render: (p) => <span data-testid="ec-policy-overhead">{formatTimes(p.storageOverhead)}</span>,
    },
    { key: 'codec', header: 'Codec', render: (p) => <span className="mono">{p.codec}</span> },
    {
      key: 'fits',
      header: 'Fits topology',
      className: 'wrap',
      render: (p) => <FitsTopology policy={p} />,
    },
  ];
  if (admin) {
    cols.push({
      key: 'actions',
      header: 'Actions',
      render: (p) => <PolicyActions clusterId={clusterId} policy={p} />,
    });
  }
  return cols;
}

/** The cluster's topology and coder, then every policy HDFS knows; ADMIN enables or disables. */
export function PoliciesPanel({ clusterId, data }: { clusterId: number; data: EcPolicies }) {
  const { can } = useAuth();
  const { topology, coder } = data;
  return (
    <div className="stack" data-testid="ec-policies">
      <Panel title="Cluster">
        <div className="stat-row">
          <Stat
            label="Live DataNodes"
            value={formatNumber(topology.liveDataNodes)}
            testId="ec-topology-datanodes"
          />
          <Stat label="Racks" value={formatNumber(topology.racks)} testId="ec-topology-racks" />
          <div className="stat">
            <span className="stat-label">EC coder</span>
            <span className="stat-value row" data-testid="ec-coder">
              {coder.nativeAvailable ? (
                <Badge tone="ok" className="badge-lg">
                  ISA-L native
                </Badge>
              ) : (
                <Badge tone="warn" className="badge-lg">
                  Java
                </Badge>
              )}
            </span>
          </div>
        </div>
        <p className="muted" style={{ margin: '8px 0 0' }}>
          {coder.description}
          {!coder.nativeAvailable &&
            ' — the pure-Java coder works, but encoding and reconstruction cost far more CPU.'}
        </p>
      </Panel>
      <Panel title={`Policies (${formatNumber(data.policies.length)})`}>
        <Table
          aria-label="Erasure coding policies"
          columns={columns(clusterId, can('ADMIN'))}
          rows={data.policies}
          rowKey={(p) => p.name}
          rowProps={(p) => ({
            'data-testid': 'ec-policy-row',
            'data-name': p.name,
            'data-state': p.state,
          })}
          empty="HDFS reported no erasure coding policies."
        />
        <ShellCommand command={data.shellCommand} label="List with" />
      </Panel>
    </div>
  );
}
