import { useId, type ReactNode } from 'react';
import type {
  ClusterKind,
  HaState,
  MasterHaState,
  NameNodeHaState,
  ZooKeeperHaState,
} from '../../../api/types';
import { Badge, type Column, Panel, ShellCommand, Table } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import {
  MASTER_STATE_TONE,
  NAMENODE_STATE_TONE,
  quorumSummary,
  webAddress,
  ZOOKEEPER_MODE_TONE,
} from '../ha';
import { HaActions } from './HaActions';

const namenodeColumns: Column<NameNodeHaState>[] = [
  {
    key: 'id',
    header: 'NameNode',
    render: (nn) =>
      nn.webUrl ? (
        <a className="mono" href={nn.webUrl} target="_blank" rel="noreferrer">
          {nn.id}
        </a>
      ) : (
        <span className="mono">{nn.id}</span>
      ),
  },
  {
    key: 'rpc',
    header: 'RPC address',
    render: (nn) => <span className="mono">{nn.rpcAddress}</span>,
  },
  {
    key: 'state',
    header: 'State',
    render: (nn) => (
      <Badge tone={NAMENODE_STATE_TONE[nn.state] ?? 'neutral'} data-testid="namenode-state">
        {nn.state}
      </Badge>
    ),
  },
];

const masterColumns: Column<MasterHaState>[] = [
  {
    key: 'address',
    header: 'HMaster',
    render: (m) => (
      <a className="mono" href={m.webUrl} target="_blank" rel="noreferrer">
        {webAddress(m.webUrl)}
      </a>
    ),
  },
  {
    key: 'state',
    header: 'State',
    render: (m) => (
      <Badge tone={MASTER_STATE_TONE[m.state] ?? 'neutral'} data-testid="master-state">
        {m.state}
      </Badge>
    ),
  },
];

const zookeeperColumns: Column<ZooKeeperHaState>[] = [
  { key: 'address', header: 'Server', render: (z) => <span className="mono">{z.address}</span> },
  {
    key: 'mode',
    header: 'Mode',
    render: (z) => (
      <Badge tone={ZOOKEEPER_MODE_TONE[z.mode] ?? 'neutral'} data-testid="zookeeper-mode">
        {z.mode}
      </Badge>
    ),
  },
];

/** A titled part of the HA panel. */
function Part({
  title,
  aside,
  testId,
  children,
}: {
  title: string;
  aside?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId} style={{ minWidth: 0 }}>
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h3 id={id} className="subhead">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

export interface HaPanelProps {
  clusterId: number;
  clusterName: string;
  clusterKind: ClusterKind;
  ha: HaState;
}

/**
 * Which member of each replicated role serves: the NameNode pair, the HMasters and the ZooKeeper
 * quorum, the commands that check the same, and (OPERATOR+) the failover actions.
 */
export function HaPanel({ clusterId, clusterName, clusterKind, ha }: HaPanelProps) {
  const quorum = quorumSummary(ha.zookeepers);
  return (
    <Panel
      title="High availability"
      data-testid="ha-panel"
      actions={
        <span className="muted">
          nameservice <span className="mono">{ha.nameservice}</span>
        </span>
      }
    >
      <div className="grid grid-3">
        <Part title="NameNodes" testId="ha-namenodes">
          <Table
            aria-label="NameNodes"
            columns={namenodeColumns}
            rows={ha.namenodes}
            rowKey={(nn) => nn.id}
            rowProps={(nn) => ({
              'data-testid': 'namenode-row',
              'data-id': nn.id,
              'data-state': nn.state,
            })}
            empty="No NameNodes reported."
          />
        </Part>
        <Part title="HMasters" testId="ha-masters">
          <Table
            aria-label="HMasters"
            columns={masterColumns}
            rows={ha.masters}
            rowKey={(m) => m.webUrl}
            rowProps={(m) => ({
              'data-testid': 'master-row',
              'data-url': m.webUrl,
              'data-state': m.state,
            })}
            empty="Registered without HMaster web URLs: their states are unknown."
          />
        </Part>
        <Part
          title="ZooKeeper quorum"
          testId="ha-zookeepers"
          aside={
            <Badge tone={quorum.tone} data-testid="zookeeper-serving">
              {quorum.text}
              {quorum.hasQuorum ? '' : ' · no quorum'}
            </Badge>
          }
        >
          <Table
            aria-label="ZooKeeper servers"
            columns={zookeeperColumns}
            rows={ha.zookeepers}
            rowKey={(z) => z.address}
            rowProps={(z) => ({
              'data-testid': 'zookeeper-row',
              'data-address': z.address,
              'data-mode': z.mode,
            })}
            empty="No ZooKeeper servers reported."
          />
        </Part>
      </div>
      <div className="row" style={{ alignItems: 'flex-start', gap: 16 }}>
        <div style={{ flex: '1 1 420px', minWidth: 0 }}>
          <RoleGate
            min="OPERATOR"
            fallback={
              <p className="muted" style={{ margin: 0 }} data-testid="ha-actions-role">
                An OPERATOR or ADMIN can fail over the NameNode or move the active HMaster.
              </p>
            }
          >
            <HaActions
              clusterId={clusterId}
              clusterName={clusterName}
              clusterKind={clusterKind}
              ha={ha}
            />
          </RoleGate>
        </div>
        {ha.shellCommands.length > 0 && (
          <div style={{ flex: '0 1 460px', minWidth: 0 }}>
            <ShellCommand command={ha.shellCommands} label="Shell equivalent" />
          </div>
        )}
      </div>
    </Panel>
  );
}
