import type { ClusterSpecInput, ProvisioningPlan } from '../../../api/types';
import { Button, ErrorMessage, Loading, Panel } from '../../../ui';
import { planEntries } from '../planModel';
import { locateFinding, type PlanProblem, securitySummary, type WizardStep } from '../wizardModel';
import { ConfigTable } from './ConfigTable';
import { PlanDiffView } from './PlanDiffView';
import { PlacementTable } from './PlacementTable';
import { ProblemItems, ProblemList } from './ProblemList';
import { VmPlan } from './VmPlan';

export interface ReviewStepProps {
  /** Labels of the steps (on vSphere the hosts step is VMs). */
  steps?: readonly { id: WizardStep; label: string }[];
  spec: ClusterSpecInput;
  plan: ProvisioningPlan | undefined;
  error: unknown;
  fetching: boolean;
  /** The planner's findings of the failed plan, placed on their steps. */
  problems: readonly PlanProblem[];
  onGoTo: (step: WizardStep) => void;
  onRetry: () => void;
}

/** Step 3: the plan of the spec, or why there is none. */
export function ReviewStep({
  steps,
  spec,
  plan,
  error,
  fetching,
  problems,
  onGoTo,
  onRetry,
}: ReviewStepProps) {
  if (!plan && fetching) return <Loading label="Planning…" />;
  if (!plan) {
    if (problems.length > 0) {
      return (
        <div className="stack" data-testid="prov-plan-invalid">
          <div className="notice notice-warn" role="alert">
            The planner found {problems.length === 1 ? 'a problem' : `${problems.length} problems`}{' '}
            in the spec. Fix {problems.length === 1 ? 'it' : 'them'} in the step named, then review
            again.
          </div>
          <ProblemList problems={problems} onGoTo={onGoTo} current="review" steps={steps} />
        </div>
      );
    }
    return (
      <div className="stack">
        <ErrorMessage error={error} title="Could not plan the cluster" />
        {error ? (
          <div>
            <Button onClick={onRetry}>Try again</Button>
          </div>
        ) : null}
      </div>
    );
  }

  const warnings = plan.warnings.map((w) => ({
    ...locateFinding({ field: w.field, message: w.message }, spec),
    code: w.code,
  }));
  return (
    <div className="stack" data-testid="prov-plan">
      <p className="muted" style={{ margin: 0 }}>
        Cluster <strong className="mono">{plan.cluster}</strong> · profile {plan.profile}
        {plan.workload && <> · workload {plan.workload}</>}
        {plan.erasureCodingPolicies && plan.erasureCodingPolicies.length > 0 && (
          <> · erasure coding {plan.erasureCodingPolicies.join(', ')}</>
        )}
      </p>
      <p className="muted" style={{ margin: 0 }} data-testid="prov-plan-security">
        Security: {securitySummary(spec.security?.kerberos, plan)}
      </p>
      {warnings.length > 0 && (
        <Panel title={`Warnings (${warnings.length})`} data-testid="prov-plan-warnings">
          <ProblemItems problems={warnings} tone="warn" testId="prov-warning" />
        </Panel>
      )}
      {plan.diff && (
        <Panel
          title={
            plan.diff.fromVersion != null
              ? `Changes against installed version ${plan.diff.fromVersion}`
              : 'Changes against the installed version'
          }
          data-testid="prov-plan-diff"
        >
          <PlanDiffView diff={plan.diff} />
        </Panel>
      )}
      {plan.vms && plan.vms.length > 0 && <VmPlan vms={plan.vms} drsRule={plan.drsRule} />}
      <Panel
        title={plan.vms ? 'Host plan: placement and heaps on the VMs' : 'Placement and heaps'}
        data-testid="prov-placement"
      >
        <PlacementTable plan={plan} />
      </Panel>
      <Panel title="Configuration" data-testid="prov-config">
        <ConfigTable entries={planEntries(plan)} />
      </Panel>
    </div>
  );
}
