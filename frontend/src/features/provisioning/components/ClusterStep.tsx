import type { Infrastructure, ProvisioningProfile, ProvisioningWorkload } from '../../../api/types';
import { CheckboxField, SelectField, TextField } from '../../../ui';
import {
  type ClusterInput,
  EC_POLICIES,
  HA_CHOICES,
  type HaChoice,
  INFRASTRUCTURES,
  PROFILES,
  toggleList,
  type WizardState,
  WORKLOADS,
  ZOOKEEPER_CHOICES,
  type ZookeeperChoice,
} from '../wizardModel';

const PROFILE_OPTIONS = Object.entries(PROFILES).map(([value, p]) => ({ value, label: p.label }));
const WORKLOAD_OPTIONS = Object.entries(WORKLOADS).map(([value, w]) => ({
  value,
  label: w.label,
}));

/** Step 1: the cluster's name and how it is sized; errors come from the browser or the planner. */
export function ClusterStep({
  state,
  onChange,
  errors,
}: {
  state: WizardState;
  onChange: (next: WizardState) => void;
  errors: Partial<Record<ClusterInput, string>>;
}) {
  return (
    <div className="stack">
      <fieldset className="fieldset" data-testid="prov-infrastructure">
        <legend>Infrastructure</legend>
        <div className="form-row form-row-checks" role="radiogroup" aria-label="Infrastructure">
          {(Object.keys(INFRASTRUCTURES) as Infrastructure[]).map((id) => (
            <label key={id} className="radio-card">
              <input
                type="radio"
                name="infrastructure"
                value={id}
                checked={state.infrastructure === id}
                onChange={() => onChange({ ...state, infrastructure: id })}
              />
              <span className="stack-tight">
                <strong>{INFRASTRUCTURES[id].label}</strong>
                <span className="field-hint">{INFRASTRUCTURES[id].hint}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.infrastructure && (
          <p className="field-error" role="alert">
            {errors.infrastructure}
          </p>
        )}
      </fieldset>
      <div className="form-row">
        <TextField
          label="Cluster name"
          value={state.name}
          onChange={(e) => onChange({ ...state, name: e.target.value })}
          error={errors.name}
          required
          maxLength={63}
          autoComplete="off"
          spellCheck={false}
          placeholder="prod-1"
          hint="Lowercase letters, digits and '-', starting with a letter"
        />
        <SelectField
          label="Profile"
          value={state.profile}
          onChange={(e) => onChange({ ...state, profile: e.target.value as ProvisioningProfile })}
          options={PROFILE_OPTIONS}
          error={errors.profile}
          hint={PROFILES[state.profile].hint}
        />
        <SelectField
          label="Workload"
          value={state.workload}
          onChange={(e) => onChange({ ...state, workload: e.target.value as ProvisioningWorkload })}
          options={WORKLOAD_OPTIONS}
          error={errors.workload}
          hint={WORKLOADS[state.workload].hint}
        />
        <SelectField
          label="ZooKeeper servers"
          value={state.zookeeper}
          onChange={(e) => onChange({ ...state, zookeeper: e.target.value as ZookeeperChoice })}
          options={ZOOKEEPER_CHOICES}
          error={errors.zookeeperCount}
          hint={
            state.zookeeper === 'auto'
              ? '3 on the default profile with 3+ hosts, else 1'
              : 'On the first hosts without explicit roles'
          }
        />
        <SelectField
          label="High availability"
          value={state.ha}
          onChange={(e) => onChange({ ...state, ha: e.target.value as HaChoice })}
          options={HA_CHOICES}
          error={errors.ha}
          hint={
            state.ha === 'off'
              ? 'One NameNode and one HMaster: losing either host stops every table'
              : '3 ZooKeepers, 3 JournalNodes, 2 NameNodes with automatic failover, a backup HMaster' +
                (state.ha === 'auto' ? ' — on with 3 or more hosts' : '')
          }
        />
      </div>
      <fieldset className="fieldset" aria-describedby="ec-hint">
        <legend>Erasure coding policies (optional)</legend>
        <p id="ec-hint" className="field-hint" style={{ margin: '0 0 6px' }}>
          Enabled at install. A policy needs as many DataNodes as blocks per stripe.
        </p>
        <div className="form-row form-row-checks">
          {EC_POLICIES.map((p) => (
            <CheckboxField
              key={p.name}
              label={p.name}
              hint={p.hint}
              checked={state.ecPolicies.includes(p.name)}
              onChange={(e) =>
                onChange({
                  ...state,
                  ecPolicies: toggleList(state.ecPolicies, p.name, e.target.checked),
                })
              }
            />
          ))}
        </div>
        {errors.ecPolicies && (
          <p className="field-error" role="alert" data-testid="prov-ec-error">
            {errors.ecPolicies}
          </p>
        )}
      </fieldset>
    </div>
  );
}
