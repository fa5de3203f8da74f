import type { BenchmarkPreset } from '../../../api/types';

/** One button per preset; the chosen one is pressed. Picking one refills the form. */
export function PresetPicker({
  presets,
  selected,
  onPick,
}: {
  presets: readonly BenchmarkPreset[];
  selected: string;
  onPick: (preset: BenchmarkPreset) => void;
}) {
  if (presets.length === 0) {
    return <p className="muted">The backend offers no presets; fill in the fields below.</p>;
  }
  return (
    <ul className="preset-list" aria-label="Presets">
      {presets.map((p) => (
        <li key={p.id}>
          <button
            type="button"
            className="btn"
            aria-pressed={p.id === selected}
            data-testid="bench-preset"
            data-preset-id={p.id}
            data-workload={p.spec.workload}
            data-ycsb-workload={p.spec.ycsbWorkload}
            onClick={() => onPick(p)}
          >
            {p.label}
          </button>
          <span className="field-hint">{p.description}</span>
        </li>
      ))}
    </ul>
  );
}
