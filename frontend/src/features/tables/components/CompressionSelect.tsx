import type { Codec, CodecReport } from '../../../api/types';
import { SelectField } from '../../../ui';

/** No compression needs no native code, so it is offered even before the first probe. */
const NONE: Codec = { name: 'NONE', available: true };

function codecOptions(report: CodecReport | undefined): Codec[] {
  const codecs = report?.codecs ?? [];
  return codecs.some((c) => c.name === 'NONE') ? codecs : [NONE, ...codecs];
}

export interface CompressionSelectProps {
  report: CodecReport | undefined;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * Only codecs the last probe verified on this cluster can be chosen (create/alter refuse the
 * others); the rest are listed disabled with the probe's reason.
 */
export function CompressionSelect({ report, value, onChange, error }: CompressionSelectProps) {
  const codecs = codecOptions(report);
  const unknownValue = !codecs.some((c) => c.name === value);
  const unavailable = codecs.filter((c) => !c.available);
  return (
    <SelectField
      label="Compression"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={
        !report?.probedAt
          ? 'Codecs not probed yet: only NONE is known to work.'
          : unavailable.length > 0
            ? `Unavailable here: ${unavailable.map((c) => c.name).join(', ')}`
            : undefined
      }
    >
      {unknownValue && (
        <option value={value} disabled>
          {value} (not verified on this cluster)
        </option>
      )}
      {codecs.map((c) => (
        <option
          key={c.name}
          value={c.name}
          disabled={!c.available}
          title={c.detail}
          data-available={c.available}
        >
          {c.available ? c.name : `${c.name} — unavailable: ${c.detail ?? 'not verified'}`}
        </option>
      ))}
    </SelectField>
  );
}
