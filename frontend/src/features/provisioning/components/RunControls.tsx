import { useState } from 'react';
import type { ProvisioningRun } from '../../../api/types';
import { apiUrls } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { Button, ConfirmDialog, ErrorMessage, ShellCommand } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useAbortProvisioningRun, usePauseProvisioningRun, useResumeProvisioningRun } from '../api';
import { runControl } from '../runControl';

/** Which run the controls are for: its words, and the prefix of its test ids. */
export type RunKind = 'scale-in' | 'restart';

const TEXT: Record<
  RunKind,
  { noun: string; pauseHint: string; resumeHint: string; viewer: string }
> = {
  'scale-in': {
    noun: 'scale-in',
    pauseHint: 'Stops after the host it is on; a decommission is not interrupted half way.',
    resumeHint: 'Continues with the hosts left.',
    viewer: 'An ADMIN can pause the scale-in between hosts, and resume it.',
  },
  restart: {
    noun: 'run',
    pauseHint:
      'Stops after the step it is on; a RegionServer being restarted gets its regions back first.',
    resumeHint: 'Continues with the steps left.',
    viewer: 'An ADMIN can pause the run between steps, resume it, or abort it.',
  },
};

/** Pause (while RUNNING), Resume (while PAUSED) and Abort, with their API lines. ADMIN only. */
function Buttons({ run, kind }: { run: ProvisioningRun; kind: RunKind }) {
  const pause = usePauseProvisioningRun(run.id);
  const resume = useResumeProvisioningRun(run.id);
  const abort = useAbortProvisioningRun(run.id);
  const [confirmAbort, setConfirmAbort] = useState(false);
  const control = runControl(run);
  const text = TEXT[kind];
  const busy = pause.isPending || resume.isPending || abort.isPending;
  if (!control.canPause && !control.canResume && !control.canAbort) return null;
  const reset = () => {
    pause.reset();
    resume.reset();
    abort.reset();
  };
  return (
    <div className="stack" style={{ gap: 8 }}>
      <div className="row">
        {control.canPause && (
          <Button
            onClick={() => {
              reset();
              pause.mutate();
            }}
            busy={pause.isPending}
            disabled={busy}
            data-testid={`${kind}-pause`}
          >
            Pause
          </Button>
        )}
        {control.canResume && (
          <Button
            variant="primary"
            onClick={() => {
              reset();
              resume.mutate();
            }}
            busy={resume.isPending}
            disabled={busy}
            data-testid={`${kind}-resume`}
          >
            Resume
          </Button>
        )}
        {control.canAbort && (
          <Button
            variant="danger"
            onClick={() => {
              reset();
              setConfirmAbort(true);
            }}
            disabled={busy}
            data-testid={`${kind}-abort`}
          >
            Abort…
          </Button>
        )}
        <span className="muted">
          {control.canPause ? text.pauseHint : control.canResume ? text.resumeHint : null}
        </span>
      </div>
      {(control.canPause || control.canResume) && (
        <ShellCommand
          label="API equivalent"
          command={curlCommand(
            'POST',
            control.canPause
              ? apiUrls.provisioningRunPause(run.id)
              : apiUrls.provisioningRunResume(run.id),
          )}
        />
      )}
      <ErrorMessage error={pause.error} title={`Could not pause the ${text.noun}`} />
      <ErrorMessage error={resume.error} title={`Could not resume the ${text.noun}`} />
      <ConfirmDialog
        open={confirmAbort}
        title={`Abort ${run.playbook === 'scale_in' ? 'the scale-in' : 'this run'} of ${run.cluster}?`}
        confirmLabel="Abort run"
        tone="danger"
        busy={abort.isPending}
        error={abort.error}
        shell={curlCommand('POST', apiUrls.provisioningRunAbort(run.id))}
        onCancel={() => {
          setConfirmAbort(false);
          abort.reset();
        }}
        onConfirm={() => abort.mutate(undefined, { onSuccess: () => setConfirmAbort(false) })}
      >
        <p data-testid="run-abort-text">{control.abortText}</p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * Where a requested pause or abort stands (for everyone), then Pause / Resume / Abort for an
 * ADMIN and a line saying who can for the others. Renders nothing for a run that cannot pause.
 */
export function RunControls({ run, kind }: { run: ProvisioningRun; kind: RunKind }) {
  const control = runControl(run);
  const open = run.state === 'RUNNING' || run.state === 'PAUSED';
  if (!control.pausable) return null;
  return (
    <>
      {control.pausing && (
        <div className="notice notice-warn" role="status" data-testid={`${kind}-pausing`}>
          {control.pausing}
        </div>
      )}
      {control.paused && (
        <div className="notice notice-warn" role="status" data-testid={`${kind}-paused`}>
          {control.paused}
        </div>
      )}
      {control.aborting && (
        <div className="notice notice-warn" role="status" data-testid={`${kind}-aborting`}>
          {control.aborting}
        </div>
      )}
      {open && (
        <RoleGate
          min="ADMIN"
          fallback={
            <p className="muted" style={{ margin: 0 }} data-testid={`${kind}-control-role`}>
              {TEXT[kind].viewer}
            </p>
          }
        >
          <Buttons run={run} kind={kind} />
        </RoleGate>
      )}
    </>
  );
}
