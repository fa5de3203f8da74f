import { Badge } from '../../../ui';
import type { FindingView } from '../scaleInModel';

/**
 * Scale-in findings, one per line: a badge with the finding's title, where (the host, or the
 * cluster), the backend's text, and the code under it.
 */
export function FindingList({
  findings,
  testId = 'scale-in-finding',
}: {
  findings: readonly FindingView[];
  testId?: string;
}) {
  if (findings.length === 0) return null;
  return (
    <ul className="findings">
      {findings.map((f, i) => (
        <li
          key={`${f.field}-${f.code ?? ''}-${i}`}
          className="finding"
          data-testid={testId}
          data-code={f.code}
          data-severity={f.severity}
          data-host={f.host}
        >
          <Badge tone={f.severity === 'ERROR' ? 'bad' : 'warn'} title={f.code}>
            {f.title}
          </Badge>
          <span>
            <span className="finding-where">{f.where}</span> — {f.text}
          </span>
          {f.code && <code className="finding-code">{f.code}</code>}
        </li>
      ))}
    </ul>
  );
}
