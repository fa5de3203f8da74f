/** The live dot and how often the page refreshes ("refreshing every 1s"), or `idle` once stopped. */
export function RefreshStatus({
  intervalMs,
  live = true,
  idle = 'finished',
}: {
  intervalMs: number;
  live?: boolean;
  idle?: string;
}) {
  return (
    <span className="status-line" aria-live="polite">
      <span className={`dot ${live ? 'dot-live' : ''}`} aria-hidden="true" />
      {live ? `refreshing every ${intervalMs / 1000}s` : idle}
    </span>
  );
}
