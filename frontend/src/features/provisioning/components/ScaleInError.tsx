import { ErrorMessage } from '../../../ui';
import { scaleInRefusals } from '../scaleInModel';
import { FindingList } from './FindingList';

/**
 * A failed preflight or start: a 409 `scale-in-unsafe` as its refusals, each on its own line with
 * its code (the problem's detail joins the same messages on one line, so it is not repeated);
 * any other error as the usual problem display.
 */
export function ScaleInError({
  error,
  hosts,
  title,
}: {
  error: unknown;
  /** The hosts asked, so `hosts[i]` refusals name their host. */
  hosts: readonly string[];
  title?: string;
}) {
  if (error == null) return null;
  const refusals = scaleInRefusals(error, hosts);
  if (!refusals || refusals.length === 0) return <ErrorMessage error={error} title={title} />;
  return (
    <div className="error-message" role="alert" data-testid="scale-in-refused">
      <strong className="error-title">
        The scale-in is refused
        {refusals.length > 1 ? ` (${refusals.length} reasons)` : ''}
      </strong>
      <p className="error-detail">
        Nothing was changed. Each line below is a reason; fix it, or pick other hosts, and check
        again.
      </p>
      <FindingList findings={refusals} testId="scale-in-refusal" />
    </div>
  );
}
