import type { ProvisioningRun } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { Panel, ProgressBar } from '../../../ui';
import { RUN_STATE_TONE, isRunOpen } from '../runModel';
import { currentHost, phaseLabel, scaleInProgress } from '../scaleInModel';
import { RunControls } from './RunControls';
import { ScaleInTimeline } from './ScaleInTimeline';

/**
 * A scale-in's own view on its run page: overall progress over the leaving hosts, where a pause
 * stands, Pause / Resume / Abort, and each host's timeline (phase, regions and blocks left, times).
 */
export function ScaleInRunPanel({ run }: { run: ProvisioningRun }) {
  const open = isRunOpen(run.state);
  const progress = run.progress ?? [];
  const overall = scaleInProgress(progress, open);
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
        <RunControls run={run} kind="scale-in" />
        <ScaleInTimeline progress={progress} />
      </div>
    </Panel>
  );
}
