import type { SamplePattern } from '../../../api/types';
import { SelectField, TextAreaField, TextField } from '../../../ui';
import { SAMPLE_PATTERNS, type SampleForm } from '../formModel';

export interface SampleEditorProps {
  sample: SampleForm;
  onChange: (sample: SampleForm) => void;
  errorFor: (field: string) => string | undefined;
}

/** Keys the preview spreads over the planned regions: a generated pattern or pasted keys. */
export function SampleEditor({ sample, onChange, errorFor }: SampleEditorProps) {
  const set = <K extends keyof SampleForm>(key: K, value: SampleForm[K]) =>
    onChange({ ...sample, [key]: value });
  return (
    <div>
      <div className="form-row">
        <SelectField
          label="Sample keys"
          value={sample.source}
          onChange={(e) => set('source', e.target.value as SampleForm['source'])}
        >
          <option value="pattern">Generated pattern</option>
          <option value="keys">Pasted keys</option>
        </SelectField>
        {sample.source === 'pattern' && (
          <>
            <SelectField
              label="Key pattern"
              value={sample.pattern}
              onChange={(e) => set('pattern', e.target.value as SamplePattern)}
              error={errorFor('samplePattern')}
            >
              {SAMPLE_PATTERNS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Sample count"
              type="number"
              min={1}
              value={sample.count}
              onChange={(e) => set('count', e.target.value)}
              error={errorFor('sampleCount')}
            />
          </>
        )}
      </div>
      {sample.source === 'keys' && (
        <TextAreaField
          label="Pasted sample keys"
          rows={6}
          spellCheck={false}
          value={sample.keys}
          hint="Row keys as the application writes them, one per line; \xNN escapes for bytes."
          onChange={(e) => set('keys', e.target.value)}
          error={errorFor('sampleKeys')}
        />
      )}
    </div>
  );
}
