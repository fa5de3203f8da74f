import { CheckboxField, SelectField, TextField } from '../../../ui';
import { DURABILITIES, SPLIT_POLICIES, type SettingsForm, type WorkloadForm } from '../formModel';

export interface SettingsEditorProps {
  settings: SettingsForm;
  onChange: (settings: SettingsForm) => void;
  workload: WorkloadForm;
  onWorkloadChange: (workload: WorkloadForm) => void;
  errorFor: (field: string) => string | undefined;
}

/** Table-level settings (`settings.*` field errors) and the workload hints the lint uses. */
export function SettingsEditor({
  settings,
  onChange,
  workload,
  onWorkloadChange,
  errorFor,
}: SettingsEditorProps) {
  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) =>
    onChange({ ...settings, [key]: value });
  const err = (field: string) => errorFor(`settings.${field}`);
  const knownPolicy = SPLIT_POLICIES.some((p) => p.value === settings.splitPolicy);
  return (
    <>
      <div className="form-row">
        <SelectField
          label="Split policy"
          value={settings.splitPolicy}
          onChange={(e) => set('splitPolicy', e.target.value)}
          error={err('splitPolicy')}
        >
          {!knownPolicy && <option value={settings.splitPolicy}>{settings.splitPolicy}</option>}
          {SPLIT_POLICIES.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Max region size (MiB)"
          type="number"
          min={1}
          step="any"
          placeholder="cluster default"
          value={settings.maxFileSizeMiB}
          onChange={(e) => set('maxFileSizeMiB', e.target.value)}
          error={err('maxFileSizeBytes')}
        />
        <TextField
          label="Memstore flush size (MiB)"
          type="number"
          min={1}
          step="any"
          placeholder="cluster default"
          value={settings.memstoreFlushSizeMiB}
          onChange={(e) => set('memstoreFlushSizeMiB', e.target.value)}
          error={err('memstoreFlushSizeBytes')}
        />
        <SelectField
          label="Durability"
          value={settings.durability}
          onChange={(e) => set('durability', e.target.value as SettingsForm['durability'])}
          error={err('durability')}
        >
          <option value="">Cluster default</option>
          {DURABILITIES.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </SelectField>
        <CheckboxField
          label="Compaction enabled"
          checked={settings.compactionEnabled}
          onChange={(e) => set('compactionEnabled', e.target.checked)}
          error={err('compactionEnabled')}
        />
      </div>
      <fieldset className="fieldset" style={{ marginTop: 10 }}>
        <legend>Workload hints</legend>
        <div className="form-row form-row-checks">
          <CheckboxField
            label="Write-heavy"
            hint="Mostly writes: the lint weighs compression and flush cost."
            checked={workload.writeHeavy}
            onChange={(e) => onWorkloadChange({ ...workload, writeHeavy: e.target.checked })}
          />
          <CheckboxField
            label="Random reads"
            hint="Point reads by row key: the lint checks bloom filters."
            checked={workload.randomReads}
            onChange={(e) => onWorkloadChange({ ...workload, randomReads: e.target.checked })}
          />
        </div>
      </fieldset>
    </>
  );
}
