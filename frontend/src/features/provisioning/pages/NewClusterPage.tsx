import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { Badge, Button, PageHeader, Panel } from '../../../ui';
import { isFullHost, useHosts, useProvisioningPlan, useStartProvisioningRun } from '../api';
import { ClusterStep } from '../components/ClusterStep';
import { HostsStep } from '../components/HostsStep';
import { InstallStep } from '../components/InstallStep';
import { ProvisioningCrumbs } from '../components/ProvisioningCrumbs';
import { ReviewStep } from '../components/ReviewStep';
import { VsphereStep } from '../components/VsphereStep';
import { useVcenterInventory, useVcenters } from '../../vcenters/api';
import type { VsphereForm } from '../vsphereModel';
import {
  buildSpec,
  clusterInputErrors,
  initialWizard,
  locateFinding,
  planProblems,
  problemsOfStep,
  stepIndex,
  validateStep,
  vsphereInputErrors,
  type WizardState,
  type WizardStep,
  wizardSteps,
} from '../wizardModel';

/**
 * New cluster in four steps: name and sizing, hosts (and roles), the plan, Install. The plan is
 * asked for from step 3 on; its findings are shown on the step and input they name.
 */
export function NewClusterPage() {
  const navigate = useNavigate();
  const hosts = useHosts();
  // OPERATOR+ (who reach this page) get full hosts; a redacted one could not be installed onto anyway
  const full = hosts.data?.filter(isFullHost);
  const inventory = full ?? [];
  const [state, setState] = useState<WizardState>(initialWizard);
  const [step, setStep] = useState<WizardStep>('cluster');
  // A step's client checks show once the user tried to leave it forwards.
  const [tried, setTried] = useState<ReadonlySet<WizardStep>>(new Set());

  const vsphere = state.infrastructure === 'vsphere';
  const STEPS = wizardSteps(state.infrastructure);
  const vcenters = useVcenters();
  const vcenterId = vcenters.data?.find((v) => v.name === state.vsphere.connection)?.id;
  const facts = useVcenterInventory(vcenterId, vsphere && step !== 'cluster');
  const setVsphere = useCallback((vs: VsphereForm) => setState((s) => ({ ...s, vsphere: vs })), []);

  const spec = buildSpec(state, inventory);
  const planned = step === 'review' || step === 'install';
  const plan = useProvisioningPlan(spec, planned && (vsphere || hosts.data != null));
  const install = useStartProvisioningRun();
  const problems =
    plan.error !== null ? planProblems(plan.error, spec) : planProblems(install.error, spec);

  const clientErrors = (s: WizardStep) =>
    tried.has(s) ? validateStep(s, state, inventory, facts.data) : [];
  // The browser's checks on the Cluster step's inputs, the KDC host's from the Hosts step too.
  const clientClusterErrors = clusterInputErrors(
    [...clientErrors('cluster'), ...clientErrors('hosts')].map((e) => locateFinding(e, spec)),
  );
  const invalid = (s: WizardStep) => validateStep(s, state, inventory, facts.data).length > 0;
  // Install needs a plan of exactly this spec (the query is keyed by it).
  const reachable = (s: WizardStep): boolean => {
    const i = stepIndex(s);
    if (i <= 0) return true;
    if (STEPS.slice(0, Math.min(i, 2)).some((p) => invalid(p.id))) return false;
    return s !== 'install' || plan.data != null;
  };

  const goTo = (target: WizardStep) => {
    if (step === 'install' && target !== 'install') install.reset();
    const before = STEPS.slice(0, stepIndex(target)).map((s) => s.id);
    setTried((t) => new Set([...t, ...before]));
    // Forwards past a step the browser already knows is wrong: stop there instead.
    const firstInvalid = before.find((s) => s !== 'review' && invalid(s));
    setStep(firstInvalid ?? target);
  };

  const index = stepIndex(step);
  const next = STEPS[index + 1];
  const previous = STEPS[index - 1];

  const content = () => {
    switch (step) {
      case 'cluster':
        return (
          <ClusterStep
            state={state}
            onChange={setState}
            inventory={inventory}
            errors={{
              ...clusterInputErrors(problemsOfStep(problems, 'cluster')),
              ...clientClusterErrors,
            }}
          />
        );
      case 'hosts': {
        if (vsphere) {
          const mine = [
            ...clientErrors('hosts').map((e) => locateFinding(e, spec)),
            ...problemsOfStep(problems, 'hosts'),
          ];
          return (
            <VsphereStep
              clusterName={state.name}
              form={state.vsphere}
              onChange={setVsphere}
              vcenters={vcenters.data}
              vcentersLoading={vcenters.isPending}
              vcentersError={vcenters.error}
              inventory={facts.data}
              inventoryLoading={facts.isFetching && !facts.data}
              inventoryError={facts.error}
              onRereadInventory={() => void facts.refetch()}
              errors={vsphereInputErrors(mine, state.vsphere.datastores)}
              general={mine
                .filter((p) => !p.vsphereInput)
                .map((p) => (p.code ? `${p.code}: ${p.text}` : p.text))}
            />
          );
        }
        return (
          <HostsStep
            inventory={full}
            loading={hosts.isPending}
            error={hosts.error}
            state={state}
            onChange={setState}
            problems={problemsOfStep(problems, 'hosts')}
            clientError={clientErrors('hosts')[0]?.message}
          />
        );
      }
      case 'review':
        return (
          <ReviewStep
            steps={STEPS}
            spec={spec}
            plan={plan.data}
            error={plan.error}
            fetching={plan.isFetching || (!vsphere && hosts.isPending && !hosts.error)}
            problems={problems}
            onGoTo={goTo}
            onRetry={() => void plan.refetch()}
          />
        );
      case 'install':
        return plan.data ? (
          <InstallStep
            steps={STEPS}
            spec={spec}
            plan={plan.data}
            busy={install.isPending}
            error={install.error}
            problems={problems}
            onGoTo={goTo}
            onResetError={install.reset}
            onInstall={() =>
              install.mutate(spec, {
                onSuccess: (run) => navigate(paths.provisioningRun(run.id)),
              })
            }
          />
        ) : null;
    }
  };

  return (
    <div>
      <PageHeader
        crumbs={<ProvisioningCrumbs>new cluster</ProvisioningCrumbs>}
        title="New cluster"
        subtitle={
          vsphere
            ? 'Plan VMs in vCenter and ZooKeeper, HDFS and HBase on them, review every value, then create the VMs and install with Ansible.'
            : 'Plan ZooKeeper, HDFS and HBase onto hosts of the inventory, review every value, then install with Ansible.'
        }
      />
      <nav aria-label="Steps">
        <ol className="wizard-steps">
          {STEPS.map((s, i) => {
            const count = problemsOfStep(problems, s.id).length;
            return (
              <li key={s.id}>
                <Button
                  size="sm"
                  aria-current={s.id === step ? 'step' : undefined}
                  disabled={s.id !== step && !reachable(s.id) && i > index}
                  onClick={() => goTo(s.id)}
                  data-testid="prov-step"
                  data-step={s.id}
                >
                  <span className="wizard-step-number">{i + 1}.</span> {s.label}
                  {count > 0 && s.id !== 'review' && (
                    <Badge tone="bad" title="Findings of the planner">
                      {count}
                    </Badge>
                  )}
                </Button>
              </li>
            );
          })}
        </ol>
      </nav>
      <Panel
        title={`Step ${index + 1}: ${STEPS[index]!.label}`}
        data-testid="prov-wizard-step"
        className={`wizard-${step}`}
      >
        {content()}
      </Panel>
      <div className="wizard-actions">
        <div>
          {previous && (
            <Button onClick={() => goTo(previous.id)} disabled={install.isPending}>
              Back: {previous.label}
            </Button>
          )}
        </div>
        <div>
          {next && (
            <Button
              variant="primary"
              onClick={() => goTo(next.id)}
              disabled={next.id === 'install' && !plan.data}
            >
              Next: {next.label}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
