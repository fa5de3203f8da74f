import { formatRelative, formatTimestamp } from '../lib/format';

/** Local timestamp with the ISO instant in the tooltip; optionally "(5s ago)". */
export function Timestamp({
  iso,
  relative = false,
}: {
  iso: string | null | undefined;
  relative?: boolean;
}) {
  if (!iso) return <span className="muted">—</span>;
  return (
    <time dateTime={iso} title={iso}>
      {formatTimestamp(iso)}
      {relative && <span className="muted"> ({formatRelative(iso)})</span>}
    </time>
  );
}
