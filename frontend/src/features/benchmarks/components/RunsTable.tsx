import { Link, useNavigate } from 'react-router';
import type { BenchmarkRun } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Badge, type Column, Table, Timestamp } from '../../../ui';
import { MAX_COMPARE } from '../compareModel';
import {
  clientSaturated,
  formatCeilingRatio,
  formatCpu,
  formatMs,
  formatOps,
  modeText,
  runName,
} from '../runModel';
import { RunStateBadge } from './RunStateBadge';

export interface RunSelection {
  selected: readonly number[];
  onToggle: (runId: number) => void;
}

function columns(clusterId: number, selection: RunSelection): Column<BenchmarkRun>[] {
  const { selected, onToggle } = selection;
  return [
    {
      key: 'select',
      header: <span className="sr-only">Compare</span>,
      render: (r) => {
        const checked = selected.includes(r.id);
        return (
          <input
            type="checkbox"
            aria-label={`Select run #${r.id} to compare`}
            data-testid="bench-run-select"
            checked={checked}
            disabled={!checked && selected.length >= MAX_COMPARE}
            onChange={() => onToggle(r.id)}
          />
        );
      },
    },
    {
      key: 'run',
      header: 'Run',
      render: (r) => (
        <span className="row">
          <Link to={paths.benchmarkRun(clusterId, r.id)} data-testid="bench-run-link">
            #{r.id}
          </Link>
          <span>{runName(r)}</span>
          {r.kind === 'CEILING' && <Badge tone="info">ceiling</Badge>}
        </span>
      ),
    },
    { key: 'workload', header: 'Workload', render: (r) => r.workload },
    { key: 'table', header: 'Table', render: (r) => <span className="mono">{r.table}</span> },
    {
      key: 'state',
      header: 'State',
      render: (r) => <RunStateBadge state={r.state} testId="bench-run-row-state" />,
    },
    { key: 'mode', header: 'Mode', render: modeText },
    { key: 'threads', header: 'Threads', numeric: true, render: (r) => formatNumber(r.threads) },
    { key: 'ops', header: 'ops/s', numeric: true, render: (r) => formatOps(r.opsPerSec) },
    {
      key: 'p99c',
      header: 'p99 corrected',
      numeric: true,
      render: (r) => formatMs(r.p99CorrectedMs),
    },
    { key: 'p99s', header: 'p99 service', numeric: true, render: (r) => formatMs(r.p99ServiceMs) },
    {
      key: 'cpu',
      header: 'Agent CPU',
      numeric: true,
      render: (r) =>
        clientSaturated(r.agentCpuPercent) ? (
          <Badge tone="warn" title="The client was saturated">
            {formatCpu(r.agentCpuPercent)}
          </Badge>
        ) : (
          formatCpu(r.agentCpuPercent)
        ),
    },
    {
      key: 'ceiling',
      header: 'Of ceiling',
      numeric: true,
      render: (r) => formatCeilingRatio(r.ceilingRatio),
    },
    { key: 'started', header: 'Started', render: (r) => <Timestamp iso={r.startedAt} /> },
  ];
}

/** Benchmark runs, newest first, each opening its page; ticked runs go to Compare. */
export function RunsTable({
  clusterId,
  runs,
  selection,
}: {
  clusterId: number;
  runs: readonly BenchmarkRun[];
  selection: RunSelection;
}) {
  const navigate = useNavigate();
  return (
    <Table
      aria-label="Benchmark runs"
      columns={columns(clusterId, selection)}
      rows={runs}
      rowKey={(r) => r.id}
      rowProps={(r) => ({
        'data-testid': 'bench-run-row',
        'data-run-id': r.id,
        'data-state': r.state,
        'data-kind': r.kind,
      })}
      onRowClick={(r) => navigate(paths.benchmarkRun(clusterId, r.id))}
      empty="No benchmark runs yet."
    />
  );
}
