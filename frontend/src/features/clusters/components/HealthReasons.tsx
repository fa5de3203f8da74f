import type { HealthReason } from '../../../api/types';
import { reasonText } from '../reasonText';
import { HealthBadge } from './HealthBadge';

/** The backend's reasons for the health status, explained for an operator. */
export function HealthReasons({ reasons }: { reasons: readonly HealthReason[] }) {
  if (reasons.length === 0) {
    return <p className="muted">No problems reported.</p>;
  }
  return (
    <ul className="reasons" aria-label="Health reasons">
      {reasons.map((reason, i) => {
        const text = reasonText(reason.code);
        return (
          <li
            key={`${reason.code}-${i}`}
            className="reason"
            data-testid="health-reason"
            data-code={reason.code}
          >
            <span>
              <HealthBadge status={reason.severity} testId="health-reason-severity" />
            </span>
            <span className="reason-text" title={text.explanation}>
              {text.title}
              <span className="muted"> — {text.explanation}</span>
            </span>
            {reason.message && <span className="reason-message">{reason.message}</span>}
          </li>
        );
      })}
    </ul>
  );
}
