import { formatRelative, formatTimestamp } from '../lib/format';

/**
 * Timestamp with the ISO instant in the tooltip; optionally "(5s ago)". With `timeZone` it is shown in
 * that zone and names it ("2026-11-26 01:00:00 Europe/Berlin"), e.g. for a schedule's windows.
 */
export function Timestamp({
  iso,
  relative = false,
  timeZone,
}: {
  iso: string | null | undefined;
  relative?: boolean;
  timeZone?: string;
}) {
  if (!iso) return <span className="muted">—</span>;
  return (
    <time dateTime={iso} title={iso}>
      {formatTimestamp(iso, timeZone)}
      {timeZone && <span className="muted"> {timeZone}</span>}
      {relative && <span className="muted"> ({formatRelative(iso)})</span>}
    </time>
  );
}
