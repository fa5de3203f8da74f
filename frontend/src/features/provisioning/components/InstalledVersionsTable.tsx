import { Link, useNavigate } from 'react-router';
import type { InstalledVersion } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { type Column, Table, Timestamp } from '../../../ui';
import { playbookLabel } from '../runModel';

/** A provisioned cluster's installed versions, newest first, each opening its detail. */
export function InstalledVersionsTable({
  clusterId,
  versions,
}: {
  clusterId: number;
  versions: readonly InstalledVersion[];
}) {
  const navigate = useNavigate();
  const columns: Column<InstalledVersion>[] = [
    {
      key: 'version',
      header: 'Version',
      render: (v) => (
        <Link to={paths.install(clusterId, v.version)} data-testid="install-link">
          {v.version}
        </Link>
      ),
    },
    { key: 'playbook', header: 'Playbook', render: (v) => playbookLabel(v.playbook) },
    { key: 'when', header: 'When', render: (v) => <Timestamp iso={v.createdAt} /> },
    { key: 'who', header: 'Who', render: (v) => v.createdBy },
    {
      key: 'hosts',
      header: 'Hosts',
      className: 'wrap',
      render: (v) => (
        <span>
          {formatNumber(v.hosts.length)}: <span className="mono">{v.hosts.join(', ')}</span>
        </span>
      ),
    },
    {
      key: 'run',
      header: 'Run',
      render: (v) =>
        v.runId != null ? (
          <Link to={paths.provisioningRun(v.runId)}>#{v.runId}</Link>
        ) : (
          <span className="muted">—</span>
        ),
    },
  ];
  return (
    <Table
      aria-label="Installed versions"
      columns={columns}
      rows={versions}
      rowKey={(v) => v.version}
      rowProps={(v) => ({ 'data-testid': 'install-row', 'data-version': v.version })}
      onRowClick={(v) => navigate(paths.install(clusterId, v.version))}
      empty="No installed version: Granary did not install this cluster, it was registered."
    />
  );
}
