import { TextField, type TextFieldProps } from '../../../ui';

/** The per-RegionServer cap, the same input in a schedule and in Compact now. */
export function MaxPerServerField(props: Pick<TextFieldProps, 'value' | 'onChange' | 'error'>) {
  return (
    <TextField
      label="Max per RegionServer"
      type="number"
      min={1}
      required
      hint="Regions compacting at once on one server"
      {...props}
    />
  );
}
