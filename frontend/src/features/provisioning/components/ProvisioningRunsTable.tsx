import { Link, useNavigate } from 'react-router';
import type { ProvisioningRun } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { type Column, Table, Timestamp } from '../../../ui';
import { playbookLabel } from '../runModel';
import { RunStateBadge } from './Badges';

const columns: Column<ProvisioningRun>[] = [
  {
    key: 'run',
    header: 'Run',
    render: (r) => (
      <Link to={paths.provisioningRun(r.id)} data-testid="prov-run-link">
        #{r.id}
      </Link>
    ),
  },
  {
    key: 'cluster',
    header: 'Cluster',
    render: (r) =>
      r.clusterId != null ? (
        <Link to={paths.cluster(r.clusterId)}>{r.cluster}</Link>
      ) : (
        <span>{r.cluster}</span>
      ),
  },
  { key: 'playbook', header: 'Playbook', render: (r) => playbookLabel(r.playbook) },
  {
    key: 'state',
    header: 'State',
    render: (r) => <RunStateBadge state={r.state} testId="prov-run-row-state" />,
  },
  {
    key: 'changed',
    header: 'Changed',
    numeric: true,
    render: (r) => formatNumber(r.changed),
  },
  { key: 'started', header: 'Started', render: (r) => <Timestamp iso={r.createdAt} /> },
  { key: 'finished', header: 'Finished', render: (r) => <Timestamp iso={r.finishedAt} /> },
  {
    key: 'message',
    header: 'Message',
    className: 'wrap',
    render: (r) => r.message ?? <span className="muted">—</span>,
  },
];

/** Install and scale-out runs, newest first, each opening its page. */
export function ProvisioningRunsTable({ runs }: { runs: readonly ProvisioningRun[] }) {
  const navigate = useNavigate();
  return (
    <Table
      aria-label="Provisioning runs"
      columns={columns}
      rows={runs}
      rowKey={(r) => r.id}
      rowProps={(r) => ({
        'data-testid': 'prov-run-row',
        'data-run-id': r.id,
        'data-state': r.state,
      })}
      onRowClick={(r) => navigate(paths.provisioningRun(r.id))}
      empty="No installs yet."
    />
  );
}
