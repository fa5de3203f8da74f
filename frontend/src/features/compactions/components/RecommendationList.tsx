import type { LintFinding } from '../../../api/types';
import { Badge } from '../../../ui';

/**
 * The backend's recommendations for a schedule, warnings first. The contract leaves the codes
 * open, so the message carries the text and the code is shown as is.
 */
export function RecommendationList({ findings }: { findings: readonly LintFinding[] }) {
  if (findings.length === 0) return null;
  const sorted = [...findings].sort(
    (a, b) => Number(b.severity === 'WARN') - Number(a.severity === 'WARN'),
  );
  return (
    <ul className="reasons" aria-label="Recommendations">
      {sorted.map((f) => (
        <li
          key={`${f.code}|${f.message}`}
          className="reason"
          data-testid="compaction-recommendation"
          data-code={f.code}
        >
          <Badge tone={f.severity === 'WARN' ? 'warn' : 'info'}>{f.severity}</Badge>
          <span className="reason-text">{f.message}</span>
          <span className="reason-code">{f.code}</span>
        </li>
      ))}
    </ul>
  );
}
