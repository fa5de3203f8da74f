import type { ConfigKey } from '../../../api/types';

export interface ConfigValueInputProps {
  meta?: ConfigKey;
  value: string;
  onChange: (value: string) => void;
  label: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

const INPUT_MODE: Record<string, 'numeric' | 'decimal' | undefined> = {
  int: 'numeric',
  'duration-ms': 'numeric',
  float: 'decimal',
};

/**
 * A value typed by its key: a boolean is a choice, numbers get a numeric keyboard and the default
 * as placeholder. Text inputs stay text so a wrong entry is shown, not swallowed by the browser.
 */
export function ConfigValueInput({
  meta,
  value,
  onChange,
  label,
  invalid,
  describedBy,
  disabled,
}: ConfigValueInputProps) {
  const common = {
    'aria-label': label,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    disabled,
    'data-testid': 'config-value',
    'data-type': meta?.type ?? 'unknown',
  };
  if (meta?.type === 'bool') {
    const options = ['true', 'false'];
    if (!options.includes(value)) options.unshift(value);
    return (
      <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o === '' ? 'choose…' : o}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      {...common}
      type="text"
      inputMode={meta ? INPUT_MODE[meta.type] : undefined}
      placeholder={meta?.defaultValue}
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
