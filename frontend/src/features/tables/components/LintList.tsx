import type { LintFinding } from '../../../api/types';
import { Badge } from '../../../ui';
import { lintTitle } from '../lintText';

/** The backend's design findings for a table, warnings first. */
export function LintList({ findings }: { findings: readonly LintFinding[] }) {
  if (findings.length === 0) {
    return <p className="muted">No design findings.</p>;
  }
  const sorted = [...findings].sort(
    (a, b) => Number(b.severity === 'WARN') - Number(a.severity === 'WARN'),
  );
  return (
    <ul className="reasons" aria-label="Design findings">
      {sorted.map((f) => (
        <li
          key={`${f.code}|${f.message}`}
          className="reason"
          data-testid="lint-finding"
          data-code={f.code}
        >
          <Badge tone={f.severity === 'WARN' ? 'warn' : 'info'}>{f.severity}</Badge>
          <span className="reason-text">{lintTitle(f.code)}</span>
          <span className="reason-message" style={{ fontFamily: 'inherit' }}>
            {f.message}
          </span>
          <span className="reason-code">{f.code}</span>
        </li>
      ))}
    </ul>
  );
}
