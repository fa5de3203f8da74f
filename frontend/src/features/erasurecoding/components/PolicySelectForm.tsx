import type { ReactNode } from 'react';
import { SelectField, type SelectOption } from '../../../ui';

/**
 * A form around one select of policies (a directory's or a table's): it submits the choice and
 * is locked while the change is sent. Buttons, errors and shell lines come as children.
 */
export function PolicySelectForm({
  label,
  selectLabel,
  value,
  onChange,
  options,
  hint,
  busy,
  onSubmit,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  selectLabel: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  hint: string;
  busy: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <fieldset className="plain-fieldset" disabled={busy}>
        <div className="form-row">
          <SelectField
            label={selectLabel}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            options={options}
            hint={hint}
          />
        </div>
      </fieldset>
      {children}
    </form>
  );
}
