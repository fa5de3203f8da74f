import { useMemo } from 'react';
import { Link } from 'react-router';
import type { CompactionHistoryPoint } from '../../../api/types';
import { formatBytes, formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import {
  Chart,
  type Column,
  ErrorMessage,
  Loading,
  Panel,
  Stat,
  Table,
  Timestamp,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useCompactionHistory, useCompactionRuns } from '../api';
import { historyChartOption, runLabel } from '../charts';
import { beforeAfter, formatLocality, TRIGGER_LABEL } from '../runState';
import { RunsTable } from './RunsTable';
import { RunStateBadge } from './RunStateBadge';
import { StoreFilesStats } from './StoreFilesStats';

const pointColumns: Column<CompactionHistoryPoint>[] = [
  { key: 'run', header: 'Run', render: runLabel },
  { key: 'trigger', header: 'Trigger', render: (p) => TRIGGER_LABEL[p.trigger] },
  { key: 'state', header: 'State', render: (p) => <RunStateBadge state={p.state} /> },
  { key: 'started', header: 'Started', render: (p) => <Timestamp iso={p.startedAt} /> },
  { key: 'regions', header: 'Regions', numeric: true, render: (p) => formatNumber(p.regionsDone) },
  {
    key: 'files',
    header: 'Store files',
    numeric: true,
    render: (p) => beforeAfter(p.storeFilesBefore, p.storeFilesAfter),
  },
  {
    key: 'bytes',
    header: 'Size',
    numeric: true,
    render: (p) => beforeAfter(p.bytesBefore, p.bytesAfter, formatBytes),
  },
  {
    key: 'locality',
    header: 'Locality',
    numeric: true,
    render: (p) => beforeAfter(p.localityBefore, p.localityAfter, formatLocality),
  },
];

/** A table's compactions: store files before vs after per run, its runs, and Compact now. */
export function CompactionHistoryPanel({ clusterId, table }: { clusterId: number; table: string }) {
  const history = useCompactionHistory(clusterId, table);
  const runs = useCompactionRuns(clusterId, { table });
  const points = useMemo(() => history.data ?? [], [history.data]);
  const option = useMemo(() => historyChartOption(points), [points]);
  const latest = points.at(-1);

  return (
    <div className="stack" data-testid="compaction-history">
      <div className="row">
        <span className="muted">
          Finished runs that compacted regions of <span className="mono">{table}</span>, oldest
          first.
        </span>
        <RoleGate min="OPERATOR">
          <Link
            className="btn btn-primary"
            to={paths.compactions(clusterId, { tab: 'compact', table })}
          >
            Compact now
          </Link>
        </RoleGate>
        <Link to={paths.compactions(clusterId)}>Schedules →</Link>
      </div>
      <ErrorMessage error={history.error} title="Could not load the compaction history" />
      {history.isPending && !history.error && <Loading label="Loading compaction history…" />}
      {history.data &&
        (latest ? (
          <>
            <div className="stat-row">
              <Stat
                label="Latest run"
                value={runLabel(latest)}
                testId="compaction-history-latest-run"
              />
              <StoreFilesStats
                before={latest.storeFilesBefore}
                after={latest.storeFilesAfter}
                testIdPrefix="compaction-history-latest"
              />
              <Stat label="Regions compacted" value={formatNumber(latest.regionsDone)} />
              <Stat label="Runs" value={formatNumber(points.length)} />
            </div>
            <Chart
              option={option}
              height={240}
              aria-label={`Store files before and after each compaction of ${table}`}
              data-testid="compaction-history-chart"
            >
              <details className="more">
                <summary>Runs as a table</summary>
                <Table
                  aria-label="Compaction history"
                  columns={pointColumns}
                  rows={points}
                  rowKey={(p) => p.runId}
                  rowProps={(p) => ({
                    'data-testid': 'compaction-history-point',
                    'data-run-id': p.runId,
                  })}
                />
              </details>
            </Chart>
          </>
        ) : (
          <div className="notice" role="status" data-testid="compaction-history-empty">
            No finished compaction of this table yet.
          </div>
        ))}
      <Panel title="Runs">
        <ErrorMessage error={runs.error} title="Could not load the runs" />
        {runs.isPending && !runs.error ? (
          <Loading label="Loading runs…" />
        ) : (
          runs.data && (
            <RunsTable
              clusterId={clusterId}
              runs={runs.data}
              empty="No compaction has touched this table yet."
            />
          )
        )}
      </Panel>
    </div>
  );
}
