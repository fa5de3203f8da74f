import { Link, useNavigate } from 'react-router';
import type { EcConversion } from '../../../api/types';
import { formatBytes } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { type Column, Table, Timestamp } from '../../../ui';
import { filesText } from '../ecModel';
import { ConversionStateBadge } from './EcBadges';

function columns(clusterId: number): Column<EcConversion>[] {
  return [
    {
      key: 'id',
      header: 'Conversion',
      render: (c) => (
        <Link to={paths.ecConversion(clusterId, c.id)} data-testid="ec-conversion-link">
          #{c.id}
        </Link>
      ),
    },
    { key: 'path', header: 'Path', render: (c) => <span className="mono">{c.path}</span> },
    { key: 'policy', header: 'Policy', render: (c) => <span className="mono">{c.policy}</span> },
    {
      key: 'state',
      header: 'State',
      render: (c) => <ConversionStateBadge state={c.state} testId="ec-conversion-row-state" />,
    },
    { key: 'started', header: 'Started', render: (c) => <Timestamp iso={c.startedAt} /> },
    { key: 'files', header: 'Files', render: filesText },
    {
      key: 'bytes',
      header: 'Bytes',
      numeric: true,
      render: (c) => `${formatBytes(c.bytesDone)} / ${formatBytes(c.bytesTotal)}`,
    },
    {
      key: 'reclaimed',
      header: 'Reclaimed',
      numeric: true,
      render: (c) => formatBytes(c.reclaimedBytes),
    },
  ];
}

/** Conversions, newest first, each opening its page. */
export function ConversionsTable({
  clusterId,
  conversions,
}: {
  clusterId: number;
  conversions: readonly EcConversion[];
}) {
  const navigate = useNavigate();
  return (
    <Table
      aria-label="Conversions"
      columns={columns(clusterId)}
      rows={conversions}
      rowKey={(c) => c.id}
      rowProps={(c) => ({
        'data-testid': 'ec-conversion-row',
        'data-id': c.id,
        'data-state': c.state,
        'data-path': c.path,
      })}
      onRowClick={(c) => navigate(paths.ecConversion(clusterId, c.id))}
      empty="No conversions yet."
    />
  );
}
