import { useId } from 'react';
import type { ExperimentParam } from '../../../api/types';
import { TextField } from '../../../ui';
import { type ParamInput, rangeText, toggleOption } from '../paramForm';

export interface ParamFieldProps {
  param: ExperimentParam;
  value: ParamInput | undefined;
  onChange: (value: ParamInput) => void;
  error?: string;
}

/** The help and the bounds: "Coder threads (1–64)". */
function hintOf(param: ExperimentParam, extra?: string): string {
  const range = rangeText(param) || (param.unit ? `in ${param.unit}` : '');
  const parts = [param.help, range && `(${range})`, extra].filter(Boolean);
  return parts.join(' ');
}

/** A group of checkboxes, one per option; the group carries the hint and the error. */
function ChoicesField({ param, value, onChange, error }: ParamFieldProps) {
  const id = useId();
  const ticked = Array.isArray(value) ? (value as readonly string[]) : [];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="fieldset param-choices"
      aria-describedby={
        [param.help ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
      }
      aria-invalid={error ? true : undefined}
      data-testid="experiment-param"
      data-param={param.name}
    >
      <legend>{param.label}</legend>
      <div className="role-checks">
        {(param.options ?? []).map((option) => (
          <label key={option}>
            <input
              type="checkbox"
              checked={ticked.includes(option)}
              onChange={(e) => onChange(toggleOption(param, ticked, option, e.target.checked))}
            />
            {option}
          </label>
        ))}
      </div>
      {param.help && (
        <span id={hintId} className="field-hint">
          {param.help}
        </span>
      )}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** The input of one experiment param, by its kind. */
export function ParamField(props: ParamFieldProps) {
  const { param, value, onChange, error } = props;
  if (param.kind === 'choices') return <ChoicesField {...props} />;
  const text = typeof value === 'string' ? value : '';
  if (param.kind === 'integers') {
    return (
      <TextField
        label={param.label}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        hint={hintOf(param, '· comma-separated')}
        autoComplete="off"
        spellCheck={false}
        placeholder="1, 2, 4"
        data-testid="experiment-param"
        data-param={param.name}
      />
    );
  }
  return (
    <TextField
      label={param.label}
      type="number"
      step={1}
      min={param.min ?? undefined}
      max={param.max ?? undefined}
      value={text}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={hintOf(param)}
      data-testid="experiment-param"
      data-param={param.name}
    />
  );
}
