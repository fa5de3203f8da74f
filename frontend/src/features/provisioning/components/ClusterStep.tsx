import type {
  Host,
  Infrastructure,
  KerberosProtection,
  ProvisioningProfile,
  ProvisioningWorkload,
} from '../../../api/types';
import { CheckboxField, SelectField, ShellCommand, TextField } from '../../../ui';
import {
  chosenHosts,
  type ClusterInput,
  EC_POLICIES,
  HA_CHOICES,
  type HaChoice,
  INFRASTRUCTURES,
  kerberosCheckCommand,
  PROFILES,
  PROTECTIONS,
  renameCluster,
  type SecurityForm,
  setKerberos,
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
const PROTECTION_OPTIONS = Object.entries(PROTECTIONS).map(([value, p]) => ({
  value,
  label: `${p.label} (${p.meaning})`,
}));

const hostLabel = (h: Host) => (h.hostname ? `${h.hostname} (${h.address})` : h.address);

interface ClusterStepProps {
  state: WizardState;
  onChange: (next: WizardState) => void;
  errors: Partial<Record<ClusterInput, string>>;
  /** The host inventory: the KDC host is one of its chosen hosts. */
  inventory: readonly Host[];
}

/** Step 1: the cluster's name and how it is sized; errors come from the browser or the planner. */
export function ClusterStep({ state, onChange, errors, inventory }: ClusterStepProps) {
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
          onChange={(e) => onChange(renameCluster(state, e.target.value))}
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
      <SecurityFieldset state={state} onChange={onChange} errors={errors} inventory={inventory} />
    </div>
  );
}

/** Kerberos with a managed KDC; the API refuses it on vSphere, so it is not offered there. */
function SecurityFieldset({ state, onChange, errors, inventory }: ClusterStepProps) {
  const k = state.security;
  const set = (patch: Partial<SecurityForm>) =>
    onChange({ ...state, security: { ...k, ...patch } });
  const shown = state.infrastructure === 'bare-metal' && k.kerberos;
  // Findings of inputs not on screen (or of the section as a whole) still show, on the fieldset.
  const hidden = shown
    ? []
    : [errors.realm, errors.kdcHost, errors.rpcProtection, errors.dataTransferProtection];
  const general = [errors.security, ...hidden].filter((t): t is string => !!t);
  const chosen = chosenHosts(state, inventory);
  const stale = k.kdcHost !== '' && !chosen.some((h) => h.address === k.kdcHost);
  const kdcOptions = [
    {
      value: '',
      label: chosen[0] ? `First chosen host: ${hostLabel(chosen[0])}` : 'The first chosen host',
    },
    ...chosen.map((h) => ({ value: h.address, label: hostLabel(h) })),
    ...(stale ? [{ value: k.kdcHost, label: `${k.kdcHost} (not chosen)` }] : []),
  ];

  return (
    <fieldset className="fieldset" data-testid="prov-security">
      <legend>Security</legend>
      {state.infrastructure === 'vsphere' ? (
        <p className="field-hint" style={{ margin: 0 }} data-testid="prov-security-vsphere">
          Kerberos is for bare-metal specs for now: create the VMs, add them to the host inventory,
          then install a bare-metal spec with Kerberos.
        </p>
      ) : (
        <div className="stack">
          <CheckboxField
            label="Kerberos (a KDC managed by Granary)"
            checked={k.kerberos}
            onChange={(e) => onChange(setKerberos(state, e.target.checked))}
            hint={
              k.kerberos
                ? 'Granary runs MIT krb5 on one of the hosts and creates every principal and keytab'
                : 'Off: simple authentication, a client is whoever it says it is'
            }
          />
          {k.kerberos && (
            <>
              <p className="field-hint" style={{ margin: 0 }} data-testid="prov-security-effects">
                Clients then need a ticket (kinit) for HDFS, HBase and ZooKeeper; the NameNode and
                HMaster UIs move to HTTPS on 9871 and 16010; HBase enforces grants
                (AccessController); the control plane logs in with its own keytab, kept sealed.
              </p>
              <div className="form-row">
                <TextField
                  label="Realm"
                  value={k.realm}
                  onChange={(e) => set({ realm: e.target.value })}
                  error={errors.realm}
                  required
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="GRANARY.TEST"
                  hint="Upper case: letters, digits, '.' and '-'"
                />
                <SelectField
                  label="KDC host"
                  value={k.kdcHost}
                  onChange={(e) => set({ kdcHost: e.target.value })}
                  options={kdcOptions}
                  error={errors.kdcHost}
                  hint={
                    chosen.length === 0
                      ? 'Picked after the hosts: no host is chosen yet'
                      : 'One of the chosen hosts; the KDC listens on port 88'
                  }
                />
                <SelectField
                  label="RPC protection"
                  value={k.rpcProtection}
                  onChange={(e) => set({ rpcProtection: e.target.value as KerberosProtection })}
                  options={PROTECTION_OPTIONS}
                  error={errors.rpcProtection}
                  hint="hadoop.rpc.protection and hbase.rpc.protection"
                />
                <SelectField
                  label="Data-transfer protection"
                  value={k.dataTransferProtection}
                  onChange={(e) =>
                    set({ dataTransferProtection: e.target.value as KerberosProtection })
                  }
                  options={PROTECTION_OPTIONS}
                  error={errors.dataTransferProtection}
                  hint="dfs.data.transfer.protection: the DataNodes' block traffic"
                />
              </div>
              <ShellCommand command={kerberosCheckCommand(k.realm)} label="Check on a host" />
            </>
          )}
        </div>
      )}
      {general.map((text) => (
        <p key={text} className="field-error" role="alert" data-testid="prov-security-error">
          {text}
        </p>
      ))}
    </fieldset>
  );
}
