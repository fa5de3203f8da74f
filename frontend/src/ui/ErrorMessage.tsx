import { describeError } from '../api/problem';

export interface ErrorMessageProps {
  error: unknown;
  /** Overrides the headline (e.g. "Could not run the balancer"). */
  title?: string;
}

/** Renders an API problem (or any error) as readable text: headline, detail, per-field errors. */
export function ErrorMessage({ error, title }: ErrorMessageProps) {
  if (error === null || error == null) return null;
  const e = describeError(error);
  const headline = title ?? e.title;
  const detail = title && !e.detail && e.title !== title ? e.title : e.detail;
  return (
    <div className="error-message" role="alert">
      <strong className="error-title">{headline}</strong>
      {detail && <p className="error-detail">{detail}</p>}
      {e.fieldErrors.length > 0 && (
        <ul className="error-fields">
          {e.fieldErrors.map((f, i) => (
            <li key={`${f.field}-${i}`}>
              {f.field ? <code>{f.field}</code> : null}
              {f.field ? ': ' : null}
              {f.message}
            </li>
          ))}
        </ul>
      )}
      {(e.code || e.traceId) && (
        <p className="error-meta">
          {e.code && <span>code {e.code}</span>}
          {e.traceId && <span> · trace {e.traceId}</span>}
        </p>
      )}
    </div>
  );
}
