import type { CodecReport } from '../../../api/types';
import { Button, CheckboxField, SelectField, TextField } from '../../../ui';
import { BLOOM_FILTERS, DATA_BLOCK_ENCODINGS, type FamilyForm } from '../formModel';
import { CompressionSelect } from './CompressionSelect';

export interface FamilyEditorProps {
  family: FamilyForm;
  index: number;
  codecs: CodecReport | undefined;
  onChange: (family: FamilyForm) => void;
  /** Absent when the family cannot be removed (the last one). */
  onRemove?: () => void;
  /** Backend field error for `families[index].<field>`. */
  errorFor: (field: string) => string | undefined;
}

/** One column family; field errors arrive as `families[i].<field>`. */
export function FamilyEditor({
  family,
  index,
  codecs,
  onChange,
  onRemove,
  errorFor,
}: FamilyEditorProps) {
  const set = <K extends keyof FamilyForm>(key: K, value: FamilyForm[K]) =>
    onChange({ ...family, [key]: value });
  const err = (field: string) => errorFor(`families[${index}].${field}`);
  const title = family.name.trim() || `#${index + 1}`;
  return (
    <fieldset className="fieldset" data-testid="family-editor" data-index={index}>
      <legend>Column family {title}</legend>
      <div className="form-row">
        <TextField
          label="Family name"
          value={family.name}
          required
          readOnly={family.existing}
          hint={
            family.existing ? 'Existing family: remove it and add a new one to rename.' : undefined
          }
          onChange={(e) => set('name', e.target.value)}
          error={err('name')}
        />
        <CompressionSelect
          report={codecs}
          value={family.compression}
          onChange={(v) => set('compression', v)}
          error={err('compression')}
        />
        <SelectField
          label="Bloom filter"
          value={family.bloomFilter}
          onChange={(e) => set('bloomFilter', e.target.value)}
          error={err('bloomFilter')}
        >
          {BLOOM_FILTERS.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Data block encoding"
          value={family.dataBlockEncoding}
          onChange={(e) => set('dataBlockEncoding', e.target.value)}
          error={err('dataBlockEncoding')}
        >
          {DATA_BLOCK_ENCODINGS.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Block size (bytes)"
          type="number"
          min={1024}
          max={16 * 1024 * 1024}
          step={1024}
          value={family.blockSize}
          onChange={(e) => set('blockSize', e.target.value)}
          error={err('blockSizeBytes') ?? err('blockSize')}
        />
        <TextField
          label="TTL (seconds)"
          value={family.ttl}
          hint="Seconds, or FOREVER"
          onChange={(e) => set('ttl', e.target.value)}
          error={err('ttl')}
        />
        <TextField
          label="Min versions"
          type="number"
          min={0}
          value={family.minVersions}
          onChange={(e) => set('minVersions', e.target.value)}
          error={err('minVersions')}
        />
        <TextField
          label="Max versions"
          type="number"
          min={1}
          value={family.maxVersions}
          onChange={(e) => set('maxVersions', e.target.value)}
          error={err('maxVersions')}
        />
        <CheckboxField
          label="In memory"
          checked={family.inMemory}
          onChange={(e) => set('inMemory', e.target.checked)}
          error={err('inMemory')}
        />
        <CheckboxField
          label="Block cache"
          checked={family.blockCacheEnabled}
          onChange={(e) => set('blockCacheEnabled', e.target.checked)}
          error={err('blockCacheEnabled')}
        />
      </div>
      {onRemove && (
        <div className="fieldset-actions">
          <Button size="sm" variant="ghost" onClick={onRemove}>
            Remove family {title}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
