import { useState } from 'react';
import { Button, TextField } from '../../../ui';
import { normalizeHdfsPath } from '../ecModel';

/** An HDFS directory to open (the report's input); sends it normalised. */
export function PathForm({
  path,
  label,
  formLabel,
  submitLabel,
  onSubmit,
}: {
  path: string;
  label: string;
  formLabel: string;
  submitLabel: string;
  onSubmit: (path: string) => void;
}) {
  const [value, setValue] = useState(path);
  return (
    <form
      aria-label={formLabel}
      className="row"
      style={{ alignItems: 'flex-end' }}
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) onSubmit(normalizeHdfsPath(value));
      }}
    >
      <TextField
        label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="/hbase/data/default/orders"
        autoComplete="off"
        spellCheck={false}
      />
      <Button type="submit">{submitLabel}</Button>
    </form>
  );
}
