import { Link } from 'react-router';
import type { Host } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { type Column, ErrorMessage, Loading, Table } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { formatRamMb } from '../planModel';
import { ReachableBadge } from './Badges';
import { ProblemItems } from './ProblemList';
import {
  hostProblemsOf,
  type PlanProblem,
  ROLE_LABEL,
  ROLES,
  toggleHost,
  toggleRole,
  type WizardState,
} from '../wizardModel';

export interface HostsStepProps {
  inventory: readonly Host[] | undefined;
  loading: boolean;
  error: unknown;
  state: WizardState;
  onChange: (next: WizardState) => void;
  /** The planner's findings of this step (per host, and about the hosts as a whole). */
  problems: readonly PlanProblem[];
  /** The browser's own check ("select at least one host"). */
  clientError?: string;
}

/** Step 2: which inventory hosts, and optionally which roles each runs (none: automatic). */
export function HostsStep({
  inventory,
  loading,
  error,
  state,
  onChange,
  problems,
  clientError,
}: HostsStepProps) {
  if (loading) return <Loading label="Loading hosts…" />;
  const hosts = inventory ?? [];
  const chosen = hosts.filter((h) => state.selected[h.address] != null).length;
  const all = hosts.length > 0 && chosen === hosts.length;
  // Findings the rows cannot show: about the hosts as a whole, or a host no longer listed.
  const listed = new Set(hosts.map((h) => h.address));
  const general = problems.filter((p) => p.address == null || !listed.has(p.address));

  const columns: Column<Host>[] = [
    {
      key: 'select',
      header: (
        <input
          type="checkbox"
          aria-label="Select every host"
          checked={all}
          disabled={hosts.length === 0}
          onChange={(e) =>
            onChange(hosts.reduce((s, h) => toggleHost(s, h.address, e.target.checked), state))
          }
        />
      ),
      render: (h) => (
        <input
          type="checkbox"
          aria-label={`Select host ${h.address}`}
          data-testid="prov-host-select"
          checked={state.selected[h.address] != null}
          onChange={(e) => onChange(toggleHost(state, h.address, e.target.checked))}
        />
      ),
    },
    {
      key: 'host',
      header: 'Host',
      render: (h) => (
        <span className="stack-tight">
          <span className="mono">{h.address}</span>
          {h.hostname && <span className="muted">{h.hostname}</span>}
        </span>
      ),
    },
    {
      key: 'size',
      header: 'Cores · RAM',
      render: (h) => `${h.cores == null ? '—' : formatNumber(h.cores)} · ${formatRamMb(h.ramMb)}`,
    },
    {
      key: 'disks',
      header: 'Data disks',
      render: (h) => <span className="mono">{h.dataDisks?.join(', ') || '—'}</span>,
    },
    { key: 'rack', header: 'Rack', render: (h) => <span className="mono">{h.rack ?? '—'}</span> },
    {
      key: 'ssh',
      header: 'SSH',
      render: (h) => <ReachableBadge reachable={h.reachable} message={h.checkMessage} />,
    },
    {
      key: 'roles',
      header: 'Roles (none ticked: automatic)',
      render: (h) => {
        const roles = state.selected[h.address];
        if (roles == null) return <span className="muted">not in the cluster</span>;
        return (
          <span className="role-checks" role="group" aria-label={`Roles of ${h.address}`}>
            {ROLES.map((role) => (
              <label key={role}>
                <input
                  type="checkbox"
                  checked={roles.includes(role)}
                  onChange={(e) => onChange(toggleRole(state, h.address, role, e.target.checked))}
                />
                {ROLE_LABEL[role]}
              </label>
            ))}
            {roles.length === 0 && <span className="muted">automatic</span>}
          </span>
        );
      },
    },
    {
      key: 'findings',
      header: 'Plan findings',
      className: 'wrap',
      render: (h) => <ProblemItems problems={hostProblemsOf(problems, h.address)} />,
    },
  ];

  return (
    <div className="stack">
      <ErrorMessage
        error={error}
        title={
          inventory
            ? 'Could not refresh the hosts; showing the last list'
            : 'Could not load the hosts'
        }
      />
      <p className="muted" style={{ margin: 0 }}>
        {chosen} of {hosts.length} hosts selected. The planner places the NameNode, HMaster and
        ZooKeeper on the first hosts without explicit roles, and a DataNode and RegionServer on
        every such host. Cores, RAM, disks and rack come from the inventory.
      </p>
      {clientError && (
        <p className="field-error" role="alert" data-testid="prov-hosts-error">
          {clientError}
        </p>
      )}
      <ProblemItems problems={general} />
      <Table
        aria-label="Hosts to install onto"
        columns={columns}
        rows={hosts}
        rowKey={(h) => h.id}
        rowProps={(h) => ({
          'data-testid': 'prov-host-row',
          'data-address': h.address,
          'data-selected': String(state.selected[h.address] != null),
        })}
        empty={
          <>
            The inventory is empty.{' '}
            <RoleGate min="ADMIN" fallback="An ADMIN adds hosts on the Hosts page.">
              <Link to={paths.hosts()}>Add hosts</Link> first.
            </RoleGate>
          </>
        }
      />
    </div>
  );
}
