import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldShellProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/**
 * Ids and aria wiring shared by every field: the error always describes the control; the hint
 * does for text inputs (selects and checkboxes keep it as plain visible text).
 */
function useFieldWiring(hint: ReactNode, error: string | undefined, hintDescribes = true) {
  const id = useId();
  const hintId = hintDescribes ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy =
    [hint && hintId ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return {
    id,
    hintId,
    errorId,
    control: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  };
}

function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId?: string;
  error?: string;
  errorId: string;
}) {
  return (
    <>
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </>
  );
}

function fieldClass(base: string, className?: string): string {
  return `${base}${className ? ` ${className}` : ''}`;
}

export type TextFieldProps = FieldShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** Labelled input with hint and field error (wired with aria-describedby / aria-invalid). */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const f = useFieldWiring(hint, error);
  return (
    <div className={fieldClass('field', className)}>
      <label htmlFor={f.id}>{label}</label>
      <input {...f.control} {...input} />
      <FieldMessages hint={hint} hintId={f.hintId} error={error} errorId={f.errorId} />
    </div>
  );
}

export type TextFieldWithSuggestionsProps = TextFieldProps & {
  /** Offered in a datalist; any other value can still be typed. */
  suggestions: readonly string[];
  /** data-testid of the datalist. */
  suggestionsTestId?: string;
};

/** A TextField with a datalist of suggestions (no browser autocomplete, no spell check). */
export function TextFieldWithSuggestions({
  suggestions,
  suggestionsTestId,
  ...field
}: TextFieldWithSuggestionsProps) {
  const listId = useId();
  return (
    <>
      <TextField list={listId} autoComplete="off" spellCheck={false} {...field} />
      <datalist id={listId} data-testid={suggestionsTestId}>
        {suggestions.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
    </>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldShellProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    /** One <option> each, in order (instead of children). */
    options?: readonly SelectOption[];
    children?: ReactNode;
  };

export function SelectField({
  label,
  error,
  hint,
  className,
  children,
  options,
  ...select
}: SelectFieldProps) {
  const f = useFieldWiring(hint, error, false);
  return (
    <div className={fieldClass('field', className)}>
      <label htmlFor={f.id}>{label}</label>
      <select {...f.control} {...select}>
        {options
          ? options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))
          : children}
      </select>
      <FieldMessages hint={hint} hintId={f.hintId} error={error} errorId={f.errorId} />
    </div>
  );
}

export type TextAreaFieldProps = FieldShellProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function TextAreaField({ label, error, hint, className, ...area }: TextAreaFieldProps) {
  const f = useFieldWiring(hint, error);
  return (
    <div className={fieldClass('field field-wide', className)}>
      <label htmlFor={f.id}>{label}</label>
      <textarea {...f.control} {...area} />
      <FieldMessages hint={hint} hintId={f.hintId} error={error} errorId={f.errorId} />
    </div>
  );
}

export type CheckboxFieldProps = FieldShellProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;

/** A checkbox with its label beside it (the label stays the accessible name). */
export function CheckboxField({ label, error, hint, className, ...input }: CheckboxFieldProps) {
  const f = useFieldWiring(hint, error, false);
  return (
    <div className={fieldClass('field field-check', className)}>
      <span className="check">
        <input type="checkbox" {...f.control} {...input} />
        <label htmlFor={f.id}>{label}</label>
      </span>
      <FieldMessages hint={hint} hintId={f.hintId} error={error} errorId={f.errorId} />
    </div>
  );
}
