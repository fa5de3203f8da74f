import type { Tone } from './Badge';

export interface ProgressBarProps {
  /** 0–100; ignored when indeterminate. */
  value?: number;
  label: string;
  tone?: Tone;
  indeterminate?: boolean;
  /** Text after the bar; defaults to the percentage. */
  valueText?: string;
  showValue?: boolean;
  'data-testid'?: string;
}

export function ProgressBar({
  value = 0,
  label,
  tone = 'info',
  indeterminate = false,
  valueText,
  showValue = true,
  'data-testid': testId,
}: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  const text = valueText ?? `${Math.round(clamped)}%`;
  return (
    <div className="progress" data-testid={testId}>
      <div
        className={`progress-track${indeterminate ? ' progress-indeterminate' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={indeterminate ? undefined : Math.round(clamped)}
        aria-valuetext={indeterminate ? 'in progress' : text}
      >
        <div
          className={`progress-fill progress-${tone}`}
          style={indeterminate ? undefined : { width: `${clamped}%` }}
        />
      </div>
      {showValue && <span className="progress-value">{indeterminate ? '…' : text}</span>}
    </div>
  );
}
