import { RANGES, type Range } from '../api';

export function RangePicker({ value, onChange }: { value: Range; onChange: (r: Range) => void }) {
  return (
    <div className="row" role="group" aria-label="Time range" data-testid="metrics-range">
      {RANGES.map((r) => (
        <button
          key={r}
          type="button"
          className={`btn btn-sm ${r === value ? 'btn-primary' : 'btn-secondary'}`}
          aria-pressed={r === value}
          onClick={() => onChange(r)}
        >
          {r}
        </button>
      ))}
    </div>
  );
}
