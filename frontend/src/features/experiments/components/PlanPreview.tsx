import { isApiError } from '../../../api/problem';
import type { ExperimentLaunch } from '../../../api/types';
import { formatDuration, formatNumber } from '../../../lib/format';
import { useDebounced } from '../../../lib/useDebounced';
import { useExperimentPlan } from '../api';
import { planText } from '../paramForm';

/** Settle typing before asking the server. */
const PLAN_DEBOUNCE_MS = 400;

/** The server's plan of the launch as it stands: run count, design and estimate, or why it would refuse. */
export function PlanPreview({
  clusterId,
  body,
  valid,
}: {
  clusterId: number;
  body: ExperimentLaunch;
  valid: boolean;
}) {
  const settled = useDebounced(body, PLAN_DEBOUNCE_MS);
  const plan = useExperimentPlan(clusterId, settled, valid);
  if (!valid) {
    return (
      <p className="muted" style={{ margin: 0 }} data-testid="experiment-plan">
        The run count appears once every field is valid.
      </p>
    );
  }
  if (plan.error) {
    const e = plan.error;
    const why = isApiError(e)
      ? (e.fieldErrors[0]?.message ?? e.problem.detail ?? e.problem.title)
      : String(e);
    return (
      <div className="notice notice-warn" role="status" data-testid="experiment-plan">
        The server would refuse this launch: {why}
      </div>
    );
  }
  if (!plan.data) {
    return (
      <p className="muted" style={{ margin: 0 }} data-testid="experiment-plan">
        Counting the runs…
      </p>
    );
  }
  const p = plan.data;
  return (
    <p style={{ margin: 0 }} data-testid="experiment-plan" data-runs={p.runs}>
      <b>{planText(p, formatNumber)}</b>
      {p.estimatedSeconds != null && (
        <span className="muted">
          {' '}
          · about {formatDuration(p.estimatedSeconds)} by estimate
          {p.budgetSeconds != null && <> of a {formatDuration(p.budgetSeconds)} budget</>}
        </span>
      )}
      {p.scratch && <span className="muted"> · each run starts a scratch cluster of its own</span>}
    </p>
  );
}
