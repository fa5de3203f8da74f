import { TextField } from '../../../ui';

/** The "type the table name" input every destructive table action asks for. */
export function TypedNameField({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField
      label="Type the table name to confirm"
      value={value}
      autoComplete="off"
      spellCheck={false}
      hint={
        <>
          Type <code>{name}</code>
        </>
      }
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}
