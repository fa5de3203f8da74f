import type { ScaleInHostProgress } from '../../../api/types';
import { formatElapsed, formatNumber } from '../../../lib/format';
import { Badge, type Column, Table, Timestamp } from '../../../ui';
import { PHASE_INFO, phaseLabel, phaseStep, phaseSteps } from '../scaleInModel';

/** A host's six working phases as a strip: done, the current one, still ahead. */
function PhaseTrack({ progress }: { progress: ScaleInHostProgress }) {
  const steps = phaseSteps(progress.phase);
  return (
    <ol className="phase-track" aria-label={`Phases of ${progress.host}`}>
      {steps.map((s) => (
        <li
          key={s.phase}
          className={`phase-seg phase-${s.state}`}
          title={`${phaseLabel(s.phase)}: ${PHASE_INFO[s.phase].text}`}
          data-phase={s.phase}
          data-state={s.state}
        >
          <span className="sr-only">
            {phaseLabel(s.phase)} ({s.state === 'todo' ? 'ahead' : s.state})
          </span>
        </li>
      ))}
    </ol>
  );
}

const columns: Column<ScaleInHostProgress>[] = [
  { key: 'host', header: 'Host', render: (p) => <span className="mono">{p.host}</span> },
  {
    key: 'phase',
    header: 'Phase',
    render: (p) => {
      const { step, of } = phaseStep(p.phase);
      return (
        <span className="stack-tight">
          <span className="row" style={{ gap: 6 }}>
            <Badge
              tone={PHASE_INFO[p.phase]?.tone ?? 'neutral'}
              data-testid="scale-in-phase"
              title={PHASE_INFO[p.phase]?.text}
            >
              {phaseLabel(p.phase)}
            </Badge>
            <span className="muted">
              {step} / {of}
            </span>
          </span>
          <PhaseTrack progress={p} />
        </span>
      );
    },
  },
  {
    key: 'regions',
    header: 'Regions left',
    numeric: true,
    render: (p) => <span data-testid="scale-in-regions-left">{formatNumber(p.regionsLeft)}</span>,
  },
  {
    key: 'blocks',
    header: 'Blocks left',
    numeric: true,
    render: (p) => <span data-testid="scale-in-blocks-left">{formatNumber(p.blocksLeft)}</span>,
  },
  { key: 'started', header: 'Started', render: (p) => <Timestamp iso={p.startedAt} /> },
  { key: 'finished', header: 'Finished', render: (p) => <Timestamp iso={p.finishedAt} /> },
  {
    key: 'took',
    header: 'Took',
    render: (p) => (p.startedAt ? formatElapsed(p.startedAt, p.finishedAt) : '—'),
  },
];

/** The leaving hosts in the order the run takes them, each with its phase and what it has left. */
export function ScaleInTimeline({ progress }: { progress: readonly ScaleInHostProgress[] }) {
  return (
    <Table
      aria-label="Leaving hosts"
      columns={columns}
      rows={progress}
      rowKey={(p) => p.host}
      rowProps={(p) => ({
        'data-testid': 'scale-in-host-progress',
        'data-host': p.host,
        'data-phase': p.phase,
      })}
      empty="The run has not listed its hosts yet."
    />
  );
}
