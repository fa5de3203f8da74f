import { useId, useState, type ReactNode } from 'react';
import type { SplitAlgorithm, SplitStrategy } from '../../../api/types';
import { SelectField, TextAreaField, TextField } from '../../../ui';
import { SPLIT_ALGORITHMS, SPLIT_STRATEGIES, type SplitForm } from '../formModel';

export interface SplitEditorProps {
  split: SplitForm;
  onChange: (split: SplitForm) => void;
  errorFor: (field: string) => string | undefined;
  /** Shown under the explicit keys (e.g. "replaced by the normalized keys"). */
  keysNotice?: ReactNode;
}

/** Pre-split strategy of a new table; field errors arrive as `split.<field>`. */
export function SplitEditor({ split, onChange, errorFor, keysNotice }: SplitEditorProps) {
  const set = <K extends keyof SplitForm>(key: K, value: SplitForm[K]) =>
    onChange({ ...split, [key]: value });
  const err = (field: string) => errorFor(`split.${field}`);
  const fileId = useId();
  const [fileError, setFileError] = useState<string | null>(null);

  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      set('keys', await file.text());
      setFileError(null);
    } catch {
      setFileError(`Could not read ${file.name}.`);
    }
  };

  return (
    <div>
      <div className="form-row">
        <SelectField
          label="Split strategy"
          value={split.strategy}
          onChange={(e) => set('strategy', e.target.value as SplitStrategy)}
          error={err('strategy')}
        >
          {SPLIT_STRATEGIES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>

        {split.strategy === 'ALGORITHM' && (
          <>
            <SelectField
              label="Algorithm"
              value={split.algorithm}
              onChange={(e) => set('algorithm', e.target.value as SplitAlgorithm)}
              error={err('algorithm')}
            >
              {SPLIT_ALGORITHMS.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Number of regions"
              type="number"
              min={2}
              max={10000}
              value={split.numRegions}
              onChange={(e) => set('numRegions', e.target.value)}
              error={err('numRegions')}
            />
            <TextField
              label="First row (optional)"
              value={split.firstRow}
              hint="\xNN escapes allowed"
              onChange={(e) => set('firstRow', e.target.value)}
              error={err('firstRow')}
            />
            <TextField
              label="Last row (optional)"
              value={split.lastRow}
              hint="\xNN escapes allowed"
              onChange={(e) => set('lastRow', e.target.value)}
              error={err('lastRow')}
            />
          </>
        )}

        {split.strategy === 'SALT' && (
          <TextField
            label="Salt buckets"
            type="number"
            min={2}
            max={256}
            value={split.saltBuckets}
            hint="One region per bucket; clients prefix each key with its bucket."
            onChange={(e) => set('saltBuckets', e.target.value)}
            error={err('saltBuckets')}
          />
        )}
      </div>

      {split.strategy === 'EXPLICIT' && (
        <div className="stack" style={{ gap: 6, marginTop: 8 }}>
          <TextAreaField
            label="Split keys"
            rows={8}
            spellCheck={false}
            value={split.keys}
            placeholder={'one key per line, e.g.\nrow-1000\n\\x00\\x10'}
            hint="One key per line; \xNN escapes for bytes. Spaces are part of a key."
            onChange={(e) => set('keys', e.target.value)}
            // The backend has named this field both ways; show either on the text box.
            error={err('keys') ?? err('splitKeys')}
          />
          {keysNotice}
          <div className="field">
            <label htmlFor={fileId}>Load keys from a text file</label>
            <input
              id={fileId}
              type="file"
              accept=".txt,.keys,text/plain"
              onChange={(e) => void loadFile(e.target.files?.[0])}
            />
            {fileError && <span className="field-error">{fileError}</span>}
          </div>
        </div>
      )}
    </div>
  );
}
