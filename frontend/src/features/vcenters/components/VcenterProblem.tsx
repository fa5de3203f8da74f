import { ErrorMessage } from '../../../ui';
import { describeVcenterProblem } from '../vcenterForm';

/**
 * A failed test or inventory read: the code in words and what to do, then what govc said; any
 * other error as the usual message.
 */
export function VcenterProblem({ error, title }: { error: unknown; title: string }) {
  if (error == null) return null;
  const p = describeVcenterProblem(error);
  if (!p) return <ErrorMessage error={error} title={title} />;
  return (
    <div className="error-message" role="alert" data-testid="vcenter-problem" data-code={p.code}>
      <strong className="error-title">{p.title}</strong>
      <p className="error-detail">{p.hint}</p>
      {p.detail && (
        <p className="error-detail">
          vCenter said: <span className="mono">{p.detail}</span>
        </p>
      )}
      <p className="error-meta">code {p.code}</p>
    </div>
  );
}
