import type { RollingRestartStepPlan } from '../../../api/types';
import { stepRoleLabel } from '../restartModel';

/** Planned steps in the order they run: "1 RegionServer lab1, lab2". */
export function RestartPlanList({
  steps,
  testId = 'restart-plan-step',
  label = 'Steps in order',
}: {
  steps: readonly RollingRestartStepPlan[];
  testId?: string;
  label?: string;
}) {
  return (
    <ol className="restart-plan" aria-label={label}>
      {steps.map((s) => (
        <li key={s.seq} data-testid={testId} data-role={s.role} data-seq={s.seq}>
          <span className="restart-step-seq">{s.seq}</span>
          <strong>{stepRoleLabel(s.role)}</strong>
          <span className="mono">{s.hosts.join(', ')}</span>
        </li>
      ))}
    </ol>
  );
}
