import type { ReactNode } from 'react';
import { formatNumber } from '../lib/format';
import type { CountProgress } from '../lib/progress';
import type { Tone } from './Badge';
import { Panel } from './Panel';
import { ProgressBar } from './ProgressBar';

export interface ProgressPanelProps {
  progress: CountProgress;
  /** Accessible name of the bar ("Regions finished"). */
  label: string;
  /** What is counted, plural ("regions"). */
  unit: string;
  tone: Tone;
  /** data-testid of the bar's wrapper. */
  testId: string;
  /** data-testid of the line of counts under the bar. */
  countsTestId: string;
  /** The counts under the bar ("2 done · 1 skipped …"). */
  children: ReactNode;
}

/** A job's large progress bar over counted items ("75% · 3 / 4 regions") and its counts. */
export function ProgressPanel({
  progress: p,
  label,
  unit,
  tone,
  testId,
  countsTestId,
  children,
}: ProgressPanelProps) {
  return (
    <Panel title="Progress">
      <div className="progress-lg">
        <ProgressBar
          label={label}
          value={p.percent}
          tone={tone}
          indeterminate={p.indeterminate}
          valueText={`${p.percent}% · ${formatNumber(p.finished)} / ${formatNumber(p.total)} ${unit}`}
          data-testid={testId}
        />
      </div>
      <p className="muted" style={{ margin: '8px 0 0' }} data-testid={countsTestId}>
        {children}
      </p>
    </Panel>
  );
}
