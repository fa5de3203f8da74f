import type { ExperimentRun } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { type Column, CopyButton, Table } from '../../../ui';
import { RunStateBadge } from '../../benchmarks/components/RunStateBadge';
import { formatMbPerSec, progressPercent } from '../../benchmarks/runModel';
import { isLive, resultEntries, resultTitle } from '../experimentModel';

function ResultCell({ run }: { run: ExperimentRun }) {
  const { entries, more } = resultEntries(run.result);
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <span className="run-result" title={resultTitle(run.result)}>
      {entries.map(([k, v], i) => (
        <span key={k}>
          {i > 0 && ' · '}
          <span className="muted">{k}</span> {v}
        </span>
      ))}
      {more > 0 && <span className="muted"> · +{more} more</span>}
    </span>
  );
}

const COLUMNS: Column<ExperimentRun>[] = [
  { key: 'label', header: 'Run', render: (r) => r.label },
  { key: 'rep', header: 'Repetition', numeric: true, render: (r) => formatNumber(r.repetition) },
  {
    key: 'state',
    header: 'State',
    render: (r) => (
      <span className="row">
        <RunStateBadge state={r.state} testId="experiment-run-state" />
        {isLive(r.state) && r.state === 'RUNNING' && (
          <span className="muted">{progressPercent(r)}%</span>
        )}
      </span>
    ),
  },
  { key: 'mbps', header: 'MiB/s', numeric: true, render: (r) => formatMbPerSec(r.mbPerSec) },
  { key: 'result', header: 'Result', render: (r) => <ResultCell run={r} /> },
  {
    key: 'message',
    header: 'Message',
    render: (r) => r.message ?? <span className="muted">—</span>,
  },
  {
    key: 'command',
    header: 'Command',
    render: (r) => (
      <span className="run-command">
        <code title={r.command}>{r.command}</code>
        <CopyButton text={r.command} label={`Copy the command of ${r.label} #${r.repetition}`} />
      </span>
    ),
  },
];

/** Every run of the series: its variant, repetition, state, raw figures and the command it ran. */
export function ExperimentRunsTable({ runs }: { runs: readonly ExperimentRun[] }) {
  return (
    <Table
      aria-label="Experiment runs"
      columns={COLUMNS}
      rows={runs}
      rowKey={(r) => r.id}
      rowProps={(r) => ({
        'data-testid': 'experiment-run-row',
        'data-run-id': r.id,
        'data-state': r.state,
      })}
      empty="No runs."
    />
  );
}
