import { Link, useNavigate } from 'react-router';
import type { CompactionRun } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { type Column, Table, Timestamp } from '../../../ui';
import { beforeAfter, formatLocality, runDuration, TRIGGER_LABEL } from '../runState';
import { RunStateBadge } from './RunStateBadge';

function regionsText(run: CompactionRun) {
  const extra = [
    run.regionsSkipped ? `${formatNumber(run.regionsSkipped)} skipped` : '',
    run.regionsFailed ? `${formatNumber(run.regionsFailed)} failed` : '',
  ].filter(Boolean);
  return (
    <>
      {formatNumber(run.regionsDone)} of {formatNumber(run.regionsTotal)} done
      {extra.length > 0 && <span className="muted"> · {extra.join(' · ')}</span>}
    </>
  );
}

function columns(clusterId: number): Column<CompactionRun>[] {
  return [
    {
      key: 'id',
      header: 'Run',
      render: (r) => (
        <Link to={paths.compactionRun(clusterId, r.id)} data-testid="compaction-run-link">
          #{r.id}
        </Link>
      ),
    },
    {
      key: 'trigger',
      header: 'Trigger',
      render: (r) => (
        <>
          {TRIGGER_LABEL[r.trigger]}
          {r.scheduleName && <span className="muted"> · {r.scheduleName}</span>}
        </>
      ),
    },
    { key: 'kind', header: 'Kind', render: (r) => r.kind },
    { key: 'scope', header: 'Scope', render: (r) => <span className="mono">{r.scope}</span> },
    {
      key: 'state',
      header: 'State',
      render: (r) => <RunStateBadge state={r.state} testId="compaction-run-row-state" />,
    },
    { key: 'started', header: 'Started', render: (r) => <Timestamp iso={r.startedAt} /> },
    { key: 'duration', header: 'Duration', numeric: true, render: runDuration },
    { key: 'regions', header: 'Regions', render: regionsText },
    {
      key: 'files',
      header: 'Store files',
      numeric: true,
      render: (r) => beforeAfter(r.storeFilesBefore, r.storeFilesAfter),
    },
    {
      key: 'locality',
      header: 'Locality',
      numeric: true,
      render: (r) => beforeAfter(r.localityBefore, r.localityAfter, formatLocality),
    },
  ];
}

/** Compaction runs, newest first, each opening its run page. */
export function RunsTable({
  clusterId,
  runs,
  empty = 'No compaction runs yet.',
}: {
  clusterId: number;
  runs: readonly CompactionRun[];
  empty?: string;
}) {
  const navigate = useNavigate();
  return (
    <Table
      aria-label="Compaction runs"
      columns={columns(clusterId)}
      rows={runs}
      rowKey={(r) => r.id}
      rowProps={(r) => ({
        'data-testid': 'compaction-run-row',
        'data-run-id': r.id,
        'data-state': r.state,
      })}
      onRowClick={(r) => navigate(paths.compactionRun(clusterId, r.id))}
      empty={empty}
    />
  );
}
