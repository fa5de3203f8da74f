import { Link, useNavigate } from 'react-router';
import type { ExperimentSummary } from '../../../api/types';
import { paths } from '../../../lib/paths';
import { type Column, Table, Timestamp } from '../../../ui';
import { RunStateBadge } from '../../benchmarks/components/RunStateBadge';
import { succeededText } from '../experimentModel';

function columns(clusterId: number): Column<ExperimentSummary>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      render: (s) => (
        <Link to={paths.experiment(clusterId, s.seriesId)} data-testid="experiment-link">
          {s.name || `#${s.seriesId}`}
        </Link>
      ),
    },
    { key: 'experiment', header: 'Experiment', render: (s) => s.title },
    {
      key: 'state',
      header: 'State',
      render: (s) => <RunStateBadge state={s.state} testId="experiment-row-state" />,
    },
    {
      key: 'runs',
      header: 'Runs succeeded',
      numeric: true,
      render: succeededText,
    },
    { key: 'by', header: 'Created by', render: (s) => s.createdBy },
    { key: 'at', header: 'Created', render: (s) => <Timestamp iso={s.createdAt} /> },
  ];
}

/** The cluster's experiment series, newest first, each opening its page. */
export function SeriesTable({
  clusterId,
  series,
}: {
  clusterId: number;
  series: readonly ExperimentSummary[];
}) {
  const navigate = useNavigate();
  return (
    <Table
      aria-label="Experiment series"
      columns={columns(clusterId)}
      rows={series}
      rowKey={(s) => s.seriesId}
      rowProps={(s) => ({
        'data-testid': 'experiment-row',
        'data-series-id': s.seriesId,
        'data-state': s.state,
        'data-experiment': s.experiment,
      })}
      onRowClick={(s) => navigate(paths.experiment(clusterId, s.seriesId))}
      empty="No experiments on this cluster yet."
    />
  );
}
