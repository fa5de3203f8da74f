/** A labelled figure in a `.stat-row` (e.g. "Regions 16"); the test id goes on the value. */
export function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="stat">
      <span className="stat-label">{label}</span>
      <span className="stat-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
