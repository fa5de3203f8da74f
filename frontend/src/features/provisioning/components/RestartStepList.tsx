import type { RollingRestartStep } from '../../../api/types';
import { formatElapsed, formatNumber } from '../../../lib/format';
import { Badge, Timestamp } from '../../../ui';
import {
  STEP_PHASE_INFO,
  isStepActive,
  stepPhaseLabel,
  stepPhaseStates,
  stepPhaseTone,
  stepRoleLabel,
} from '../restartModel';
import { HostTimeline } from './HostTimeline';

/** A step's working phases as a strip: done, the current one, still ahead. */
function PhaseStrip({ step }: { step: RollingRestartStep }) {
  return (
    <ol className="phase-track" aria-label={`Phases of step ${step.seq}`}>
      {stepPhaseStates(step).map((s) => (
        <li
          key={s.phase}
          className={`phase-seg phase-${s.state}`}
          title={`${stepPhaseLabel(s.phase)}: ${STEP_PHASE_INFO[s.phase].text}`}
          data-state={s.state}
        >
          <span className="sr-only">
            {stepPhaseLabel(s.phase)} ({s.state === 'todo' ? 'ahead' : s.state})
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * A rolling restart's steps in order, each with its role and hosts, phase, regions moved and
 * times; the step the run is on (or failed on) opens its hosts' timeline, the others on a click.
 */
export function RestartStepList({
  steps,
  live,
}: {
  steps: readonly RollingRestartStep[];
  /** The run is RUNNING: an unfinished phase counts up to now. */
  live: boolean;
}) {
  if (steps.length === 0) return <p className="muted">The run has not listed its steps yet.</p>;
  return (
    <ol className="restart-steps" aria-label="Steps">
      {steps.map((s) => {
        const open = isStepActive(s) || s.phase === 'FAILED';
        return (
          <li
            key={s.seq}
            className="restart-step"
            data-testid="restart-step"
            data-seq={s.seq}
            data-role={s.role}
            data-phase={s.phase}
          >
            <details open={open}>
              <summary className="restart-step-head">
                <span className="restart-step-seq">{s.seq}</span>
                <span className="restart-step-what">
                  <strong>{stepRoleLabel(s.role)}</strong>{' '}
                  <span className="mono">{s.hosts.join(', ')}</span>
                </span>
                <span className="row" style={{ gap: 6 }}>
                  <Badge
                    tone={stepPhaseTone(s.phase)}
                    title={STEP_PHASE_INFO[s.phase]?.text}
                    data-testid="restart-step-phase"
                  >
                    {stepPhaseLabel(s.phase)}
                  </Badge>
                  <PhaseStrip step={s} />
                </span>
                <span className="muted restart-step-figures">
                  {s.regionsMoved != null && (
                    <span data-testid="restart-step-regions">
                      {formatNumber(s.regionsMoved)} regions moved ·{' '}
                    </span>
                  )}
                  {s.regionsBack != null && (
                    <span
                      data-testid="restart-step-regions-back"
                      title="regions open again on their restarted RegionServer, checked by the control plane"
                    >
                      {formatNumber(s.regionsBack)} back ·{' '}
                    </span>
                  )}
                  {s.startedAt ? (
                    <>
                      <Timestamp iso={s.startedAt} />
                      {' · '}
                      <span data-testid="restart-step-took">
                        {formatElapsed(s.startedAt, s.finishedAt)}
                        {!s.finishedAt && live ? ' so far' : ''}
                      </span>
                    </>
                  ) : (
                    'not started'
                  )}
                </span>
              </summary>
              <HostTimeline step={s} live={live} />
            </details>
          </li>
        );
      })}
    </ol>
  );
}
