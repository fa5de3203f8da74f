// What Pause, Resume and Abort can do for a provisioning run, and the lines that say where a
// requested pause or abort stands. Scale-ins stop between hosts, rolling restarts and
// configuration changes between steps; installs do neither.
import type { ProvisioningRun } from '../../api/types';
import { isRestartRun } from './runModel';
import { restartPauseText } from './restartModel';
import { scaleInPauseText } from './scaleInModel';

export interface RunControl {
  /** A scale-in, rolling restart or configuration change: the runs that pause and abort. */
  pausable: boolean;
  canPause: boolean;
  canResume: boolean;
  canAbort: boolean;
  /** "Pausing after lab3 …" while a requested pause waits for the current host or step. */
  pausing?: string;
  /** "Paused after lab3; 2 hosts left; Resume continues with lab4." */
  paused?: string;
  /** "Aborting after step 3 …" while a requested abort waits for the current step. */
  aborting?: string;
  /** What Abort does, for its confirmation. */
  abortText: string;
}

type RunFields = Pick<
  ProvisioningRun,
  'playbook' | 'state' | 'pauseRequested' | 'abortRequested' | 'progress' | 'steps'
>;

const ABORT_TEXT = {
  scaleIn:
    'The host the run is on leaves the cluster first (a decommission is not interrupted half way); then the run ends as CANCELLED and the hosts after it stay in the cluster. A paused scale-in ends now.',
  restart:
    'The step the run is on finishes first (a RegionServer being restarted gets its regions back), then the run ends as CANCELLED and the steps after it do not run. A paused run ends now. Restarts a configuration change still needed stay pending on the Configuration page.',
};

export function runControl(run: RunFields): RunControl {
  const scaleIn = run.playbook === 'scale_in';
  const pausable = scaleIn || isRestartRun(run.playbook);
  const none = {
    pausable,
    canPause: false,
    canResume: false,
    canAbort: false,
    abortText: scaleIn ? ABORT_TEXT.scaleIn : ABORT_TEXT.restart,
  };
  if (!pausable || (run.state !== 'RUNNING' && run.state !== 'PAUSED')) return none;
  const text = scaleIn ? scaleInPauseText(run) : restartPauseText(run);
  if (run.abortRequested) return { ...none, aborting: text.aborting };
  if (run.state === 'PAUSED')
    return { ...none, canResume: true, canAbort: true, paused: text.paused };
  if (run.pauseRequested) return { ...none, canAbort: true, pausing: text.pausing };
  return { ...none, canPause: true, canAbort: true };
}
