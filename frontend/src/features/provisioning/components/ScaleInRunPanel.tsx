import type { ProvisioningRun } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { apiUrls } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { Button, ErrorMessage, Panel, ProgressBar, ShellCommand } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { usePauseProvisioningRun, useResumeProvisioningRun } from '../api';
import { RUN_STATE_TONE, isRunOpen } from '../runModel';
import { currentHost, phaseLabel, runControl, scaleInProgress } from '../scaleInModel';
import { ScaleInTimeline } from './ScaleInTimeline';

/** Pause (while RUNNING) and Resume (while PAUSED), with their API line. ADMIN only. */
function PauseResume({ run }: { run: ProvisioningRun }) {
  const pause = usePauseProvisioningRun(run.id);
  const resume = useResumeProvisioningRun(run.id);
  const control = runControl(run);
  const busy = pause.isPending || resume.isPending;
  if (!control.canPause && !control.canResume) return null;
  return (
    <div className="stack" style={{ gap: 8 }}>
      <div className="row">
        {control.canPause && (
          <Button
            onClick={() => {
              resume.reset();
              pause.mutate();
            }}
            busy={pause.isPending}
            disabled={busy}
            data-testid="scale-in-pause"
          >
            Pause
          </Button>
        )}
        {control.canResume && (
          <Button
            variant="primary"
            onClick={() => {
              pause.reset();
              resume.mutate();
            }}
            busy={resume.isPending}
            disabled={busy}
            data-testid="scale-in-resume"
          >
            Resume
          </Button>
        )}
        <span className="muted">
          {control.canPause
            ? 'Stops after the host it is on; a decommission is not interrupted half way.'
            : 'Continues with the hosts left.'}
        </span>
      </div>
      <ShellCommand
        label="API equivalent"
        command={curlCommand(
          'POST',
          control.canPause
            ? apiUrls.provisioningRunPause(run.id)
            : apiUrls.provisioningRunResume(run.id),
        )}
      />
      <ErrorMessage error={pause.error} title="Could not pause the scale-in" />
      <ErrorMessage error={resume.error} title="Could not resume the scale-in" />
    </div>
  );
}

/**
 * A scale-in's own view on its run page: overall progress over the leaving hosts, where a pause
 * stands, Pause / Resume, and each host's timeline (phase, regions and blocks left, times).
 */
export function ScaleInRunPanel({ run }: { run: ProvisioningRun }) {
  const open = isRunOpen(run.state);
  const progress = run.progress ?? [];
  const overall = scaleInProgress(progress, open);
  const control = runControl(run);
  const current = currentHost(progress);
  return (
    <Panel title={`Leaving hosts (${formatNumber(progress.length)})`} data-testid="scale-in-run">
      <div className="stack">
        <div className="progress-lg">
          <ProgressBar
            label="Hosts removed"
            value={overall.percent}
            tone={RUN_STATE_TONE[run.state]}
            indeterminate={overall.indeterminate}
            valueText={`${overall.percent}% · ${formatNumber(overall.finished)} / ${formatNumber(overall.total)} hosts`}
            data-testid="scale-in-progress"
          />
        </div>
        {run.state !== 'PAUSED' && (
          <p className="muted" style={{ margin: 0 }} data-testid="scale-in-now">
            {run.state === 'RUNNING' && current
              ? `Now on ${current.host}: ${phaseLabel(current.phase).toLowerCase()}.`
              : run.state === 'RUNNING'
                ? 'Starting the next host.'
                : `The run is ${run.state.toLowerCase()}.`}
          </p>
        )}
        {control.pausing && (
          <div className="notice notice-warn" role="status" data-testid="scale-in-pausing">
            {control.pausing}
          </div>
        )}
        {control.paused && (
          <div className="notice notice-warn" role="status" data-testid="scale-in-paused">
            {control.paused}
          </div>
        )}
        {open && (
          <RoleGate
            min="ADMIN"
            fallback={
              <p className="muted" style={{ margin: 0 }} data-testid="scale-in-control-role">
                An ADMIN can pause the scale-in between hosts, and resume it.
              </p>
            }
          >
            <PauseResume run={run} />
          </RoleGate>
        )}
        <ScaleInTimeline progress={progress} />
      </div>
    </Panel>
  );
}
