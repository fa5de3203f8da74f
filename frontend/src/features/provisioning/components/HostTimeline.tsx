import type { RollingRestartStep } from '../../../api/types';
import { formatDuration, formatTimestamp } from '../../../lib/format';
import { Badge, type Column, Table } from '../../../ui';
import {
  type HostTimeline as Timeline,
  hostTimelines,
  stepPhaseLabel,
  stepPhaseTone,
} from '../restartModel';

/** "11:04:30": a step lasts minutes, the date is on the step. */
const clock = (iso: string) => formatTimestamp(iso).slice(11);

const took = (ms: number | undefined) => (ms == null ? undefined : formatDuration(ms / 1000));

const columns: Column<Timeline>[] = [
  { key: 'host', header: 'Host', render: (h) => <span className="mono">{h.host}</span> },
  {
    key: 'phases',
    header: 'Phases (began at · lasted)',
    className: 'wrap',
    render: (h) =>
      h.phases.length === 0 ? (
        <span className="muted">Not started</span>
      ) : (
        <ol className="host-timeline" aria-label={`Timeline of ${h.host}`}>
          {h.phases.map((p) => (
            <li
              key={`${p.phase}-${p.at}`}
              className="host-timeline-phase"
              data-testid="timeline-phase"
              data-phase={p.phase}
              data-ongoing={p.ongoing || undefined}
            >
              <Badge tone={stepPhaseTone(p.phase)}>{stepPhaseLabel(p.phase)}</Badge>
              <span className="muted">
                <time dateTime={p.at} title={p.at}>
                  {clock(p.at)}
                </time>
                {p.ms != null && (
                  <span data-testid="timeline-duration">
                    {' · '}
                    {took(p.ms)}
                    {p.ongoing ? ' so far' : ''}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ol>
      ),
  },
  {
    key: 'total',
    header: 'Took',
    numeric: true,
    render: (h) => <span data-testid="timeline-total">{took(h.totalMs) ?? '—'}</span>,
  },
];

/** Each host of a step with its phases as they began and how long each lasted. */
export function HostTimeline({ step, live }: { step: RollingRestartStep; live: boolean }) {
  const rows = hostTimelines(step, live);
  return (
    <Table
      aria-label={`Hosts of step ${step.seq}`}
      columns={columns}
      rows={rows}
      rowKey={(h) => h.host}
      rowProps={(h) => ({
        'data-testid': 'timeline-host',
        'data-host': h.host,
        'data-phase': h.phase,
      })}
      empty="The step names no host."
    />
  );
}
