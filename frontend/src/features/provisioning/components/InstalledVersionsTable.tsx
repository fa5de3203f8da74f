import { Link, useNavigate } from 'react-router';
import type { InstalledVersion } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Button, type Column, Table, Timestamp } from '../../../ui';
import { playbookLabel } from '../runModel';

/**
 * A provisioned cluster's installed versions, newest first, each opening its detail; with
 * `onRevert`, each older version offers a revert to its configuration.
 */
export function InstalledVersionsTable({
  clusterId,
  versions,
  onRevert,
}: {
  clusterId: number;
  versions: readonly InstalledVersion[];
  onRevert?: (version: number) => void;
}) {
  const newest = versions[0]?.version;
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
  if (onRevert) {
    columns.push({
      key: 'revert',
      header: <span className="sr-only">Revert</span>,
      align: 'right',
      render: (v) =>
        v.version === newest ? (
          <span className="muted">installed now</span>
        ) : (
          <Button
            size="sm"
            onClick={() => onRevert(v.version)}
            aria-label={`Revert to the configuration of version ${v.version}`}
            data-testid="install-revert"
          >
            Revert…
          </Button>
        ),
    });
  }
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
