import type { ProvisioningRun } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { Panel, ProgressBar, Stat } from '../../../ui';
import { RUN_STATE_TONE, isRunOpen } from '../runModel';
import {
  currentStep,
  regionsMoved,
  restartProgress,
  stepName,
  stepPhaseLabel,
} from '../restartModel';
import { RestartStepList } from './RestartStepList';
import { RunControls } from './RunControls';

/**
 * A rolling restart's or configuration change's own view on its run page: progress over the
 * steps, where the run is, Pause / Resume / Abort, and every step with its hosts' timelines.
 */
export function RestartRunPanel({ run }: { run: ProvisioningRun }) {
  const open = isRunOpen(run.state);
  const steps = run.steps ?? [];
  const overall = restartProgress(steps, open);
  const current = currentStep(steps);
  const failed = steps.find((s) => s.phase === 'FAILED');
  return (
    <Panel title={`Steps (${formatNumber(steps.length)})`} data-testid="restart-run">
      <div className="stack">
        <div className="progress-lg">
          <ProgressBar
            label="Steps done"
            value={overall.percent}
            tone={RUN_STATE_TONE[run.state]}
            indeterminate={overall.indeterminate}
            valueText={`${overall.percent}% · ${formatNumber(overall.finished)} / ${formatNumber(overall.total)} steps`}
            data-testid="restart-progress"
          />
        </div>
        <div className="stat-row">
          <Stat label="Steps done" value={`${overall.finished} / ${overall.total}`} />
          <Stat
            label="Regions moved"
            value={formatNumber(regionsMoved(steps))}
            testId="restart-regions-moved"
          />
        </div>
        {run.state !== 'PAUSED' && (
          <p className="muted" style={{ margin: 0 }} data-testid="restart-now">
            {run.state === 'RUNNING' && current
              ? `Now on ${stepName(current)}: ${stepPhaseLabel(current.phase).toLowerCase()}.`
              : run.state === 'RUNNING'
                ? 'Starting the next step.'
                : failed
                  ? `The run is ${run.state.toLowerCase()}: ${stepName(failed)} failed.`
                  : `The run is ${run.state.toLowerCase()}.`}
          </p>
        )}
        <RunControls run={run} kind="restart" />
        <RestartStepList steps={steps} live={run.state === 'RUNNING'} />
      </div>
    </Panel>
  );
}
