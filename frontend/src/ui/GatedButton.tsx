import { useId, type ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';

export type GatedButtonProps = ButtonProps & {
  /** Why the action cannot run now: the button is disabled and this stands beside it. */
  blocked?: string;
  /** Beside the button when it can run. */
  hint?: ReactNode;
  /** data-testid of the reason. */
  reasonTestId?: string;
};

/** An action with, beside it, why it is disabled (also its accessible description) or what it does. */
export function GatedButton({
  blocked,
  hint,
  reasonTestId,
  disabled,
  ...button
}: GatedButtonProps) {
  const reasonId = useId();
  return (
    <div className="row">
      <Button
        {...button}
        disabled={disabled || blocked != null}
        aria-describedby={blocked ? reasonId : undefined}
      />
      {blocked ? (
        <span className="muted" id={reasonId} data-testid={reasonTestId}>
          {blocked}
        </span>
      ) : (
        hint && <span className="muted">{hint}</span>
      )}
    </div>
  );
}
