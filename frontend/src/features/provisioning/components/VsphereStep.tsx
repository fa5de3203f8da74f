import { useEffect } from 'react';
import { Link } from 'react-router';
import type {
  DiskProvisioning,
  LatencySensitivity,
  NodeGroupKind,
  Vcenter,
  VcenterInventory,
} from '../../../api/types';
import { formatBytes } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Button, CheckboxField, Loading, SelectField } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { VcenterProblem } from '../../vcenters/components/VcenterProblem';
import { clusterOf, clusterTotals, datacenterOf, networkMtu } from '../../vcenters/inventoryModel';
import {
  defaultFolder,
  DISK_PROVISIONING,
  LATENCY_SENSITIVITY,
  NODE_KINDS,
  nodeGroup,
  type NodeGroupForm,
  pickConnection,
  pickDatacenter,
  vmNames,
  type VsphereForm,
  withSingleChoices,
} from '../vsphereModel';
import type { VsphereErrors } from '../wizardModel';
import { toggleList } from '../wizardModel';

export interface VsphereStepProps {
  clusterName: string;
  form: VsphereForm;
  onChange: (next: VsphereForm) => void;
  vcenters: readonly Vcenter[] | undefined;
  vcentersLoading: boolean;
  vcentersError: unknown;
  inventory: VcenterInventory | undefined;
  inventoryLoading: boolean;
  inventoryError: unknown;
  onRereadInventory: () => void;
  errors: VsphereErrors;
  /** Findings the inputs cannot show (about the spec's vSphere part as a whole). */
  general?: string[];
}

const NONE = '';
const options = (names: readonly string[], placeholder: string) => [
  { value: NONE, label: placeholder },
  ...names.map((n) => ({ value: n, label: n })),
];

const KIND_OPTIONS = Object.entries(NODE_KINDS).map(([value, k]) => ({
  value,
  label: `${k.label} (${k.roles})`,
}));
const DISK_OPTIONS = Object.entries(DISK_PROVISIONING).map(([value, d]) => ({
  value,
  label: d.label,
}));
const LATENCY_OPTIONS = Object.entries(LATENCY_SENSITIVITY).map(([value, l]) => ({
  value,
  label: l.label,
}));

/** Step 2 on vSphere: where the VMs go (picked from the live inventory) and how many of what. */
export function VsphereStep({
  clusterName,
  form,
  onChange,
  vcenters,
  vcentersLoading,
  vcentersError,
  inventory,
  inventoryLoading,
  inventoryError,
  onRereadInventory,
  errors,
  general = [],
}: VsphereStepProps) {
  // a level with one choice (a simulator has one of each) is taken once the inventory is read
  useEffect(() => {
    const filled = withSingleChoices(form, inventory);
    if (filled !== form) onChange(filled);
  }, [form, inventory, onChange]);

  if (vcentersLoading) return <Loading label="Loading vCenter connections…" />;
  const connections = vcenters ?? [];
  const dc = datacenterOf(inventory, form.datacenter);
  const cluster = clusterOf(dc, form.cluster);
  const totals = cluster ? clusterTotals(cluster) : undefined;
  const e = errors.inputs;
  const setGroup = (index: number, patch: Partial<NodeGroupForm>) =>
    onChange({
      ...form,
      nodeGroups: form.nodeGroups.map((g, i) => (i === index ? { ...g, ...patch } : g)),
    });
  const names = vmNames(clusterName, form);
  const folderDefault = defaultFolder(clusterName);
  const folders = [...new Set(dc?.folders ?? [])].filter((f) => f !== folderDefault);

  return (
    <div className="stack" data-testid="vsphere-step">
      <VcenterProblem error={vcentersError} title="Could not load the vCenter connections" />
      {connections.length === 0 ? (
        <div className="notice notice-warn" role="status">
          No vCenter connection yet.{' '}
          <RoleGate min="ADMIN" fallback="An ADMIN adds one under vCenters.">
            <Link to={paths.vcenterNew()}>Add one</Link> first.
          </RoleGate>
        </div>
      ) : (
        <div className="form-row">
          <SelectField
            label="vCenter connection"
            value={form.connection}
            onChange={(ev) => onChange(pickConnection(form, ev.target.value))}
            options={options(
              connections.map((c) => c.name),
              'Pick a connection…',
            )}
            error={e.connection}
            hint={
              form.connection
                ? connections.find((c) => c.name === form.connection)?.url
                : 'A stored connection (vCenters page)'
            }
          />
          {form.connection && (
            <div className="field">
              <span className="field-hint" style={{ marginTop: 22 }}>
                {inventoryLoading ? (
                  'Reading the inventory…'
                ) : inventory ? (
                  <>
                    Inventory read from {inventory.fullName ?? 'vCenter'}.{' '}
                    <Button size="sm" variant="ghost" onClick={onRereadInventory}>
                      Read again
                    </Button>
                  </>
                ) : null}
              </span>
            </div>
          )}
        </div>
      )}
      {form.connection && inventoryLoading && <Loading label="Reading the vCenter inventory…" />}
      {form.connection && !inventoryLoading && (
        <VcenterProblem error={inventoryError} title="Could not read the vCenter inventory" />
      )}

      {inventory && (
        <>
          <div className="form-row">
            <SelectField
              label="Datacenter"
              value={form.datacenter}
              onChange={(ev) => onChange(pickDatacenter(form, ev.target.value))}
              options={options(
                inventory.datacenters.map((d) => d.name),
                'Pick a datacenter…',
              )}
              error={e.datacenter}
            />
            <SelectField
              label="Compute cluster"
              value={form.cluster}
              onChange={(ev) => onChange({ ...form, cluster: ev.target.value })}
              options={options(
                (dc?.clusters ?? []).map((c) => c.name),
                dc ? 'Pick a cluster…' : 'Pick a datacenter first',
              )}
              disabled={!dc}
              error={e.cluster}
              hint={
                totals
                  ? `${totals.usable} of ${totals.hosts} ESXi hosts usable · ${totals.cores} cores · ${formatBytes(totals.memoryBytes)}`
                  : 'Workers go one per ESXi host'
              }
            />
            <SelectField
              label="Folder"
              value={form.folder}
              onChange={(ev) => onChange({ ...form, folder: ev.target.value })}
              disabled={!dc}
              error={e.folder}
              options={[
                { value: NONE, label: `${folderDefault} (created)` },
                ...folders.map((f) => ({ value: f, label: f })),
              ]}
              hint="Under the datacenter's VM folder"
            />
          </div>
          <div className="form-row">
            <SelectField
              label="Template"
              value={form.template}
              onChange={(ev) => onChange({ ...form, template: ev.target.value })}
              options={[
                { value: NONE, label: dc ? 'Pick a template…' : 'Pick a datacenter first' },
                ...(dc?.templates ?? []).map((t) => ({
                  value: t.name,
                  label: `${t.name}${t.nicTypes.length ? ` (${t.nicTypes.join(', ')})` : ''}`,
                })),
              ]}
              disabled={!dc}
              error={e.template}
              hint={
                dc && dc.templates.length === 0
                  ? 'This datacenter has no template'
                  : 'The VMs are cloned from it; its NIC must be vmxnet3'
              }
            />
            <SelectField
              label="Network"
              value={form.network}
              onChange={(ev) => onChange({ ...form, network: ev.target.value })}
              options={[
                { value: NONE, label: dc ? 'Pick a network…' : 'Pick a datacenter first' },
                ...(dc?.networks ?? []).map((n) => ({
                  value: n.name,
                  label: `${n.name} (MTU ${networkMtu(n).text})`,
                })),
              ]}
              disabled={!dc}
              error={e.network}
              hint="Jumbo frames in the guests only where its MTU is 9000 or more"
            />
          </div>
          <fieldset className="fieldset" data-testid="vsphere-datastores">
            <legend>Datastores for the data disks</legend>
            <p className="field-hint" style={{ margin: '0 0 6px' }}>
              One data disk per datastore on each VM of a group with a data disk size.
            </p>
            <div className="form-row form-row-checks">
              {(dc?.datastores ?? []).map((d) => (
                <CheckboxField
                  key={d.name}
                  label={d.name}
                  hint={`${formatBytes(d.freeBytes)} free of ${formatBytes(d.capacityBytes)}`}
                  checked={form.datastores.includes(d.name)}
                  onChange={(ev) =>
                    onChange({
                      ...form,
                      datastores: toggleList(form.datastores, d.name, ev.target.checked),
                    })
                  }
                />
              ))}
              {dc && dc.datastores.length === 0 && <span className="muted">No datastore.</span>}
            </div>
            {e.datastores && (
              <p className="field-error" role="alert" data-testid="vsphere-datastores-error">
                {e.datastores}
              </p>
            )}
          </fieldset>
          <div className="form-row">
            <SelectField
              label="Disk provisioning"
              value={form.diskProvisioning}
              onChange={(ev) =>
                onChange({ ...form, diskProvisioning: ev.target.value as DiskProvisioning })
              }
              options={DISK_OPTIONS}
              error={e.diskProvisioning}
              hint={DISK_PROVISIONING[form.diskProvisioning].hint}
            />
            <SelectField
              label="Latency sensitivity"
              value={form.latencySensitivity}
              onChange={(ev) =>
                onChange({
                  ...form,
                  latencySensitivity: ev.target.value as LatencySensitivity,
                })
              }
              options={LATENCY_OPTIONS}
              error={e.latencySensitivity}
              hint={LATENCY_SENSITIVITY[form.latencySensitivity].hint}
            />
          </div>
        </>
      )}

      <fieldset className="fieldset" data-testid="vsphere-node-groups">
        <legend>Node groups</legend>
        <div className="table-wrap">
          <table className="table" aria-label="Node groups">
            <thead>
              <tr>
                <th>Name</th>
                <th>Kind</th>
                <th className="num">Count</th>
                <th className="num">vCPU</th>
                <th className="num">Memory (GB)</th>
                <th className="num">Data disk (GB)</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {form.nodeGroups.map((g, i) => {
                const ge = errors.groups[i] ?? {};
                const cell = (
                  part: 'name' | 'count' | 'vcpu' | 'memoryGb' | 'dataDiskGb',
                  label: string,
                  numeric: boolean,
                ) => (
                  <td className={numeric ? 'num' : undefined}>
                    <input
                      className={`input-cell${numeric ? ' input-num' : ''}`}
                      aria-label={`${label} of group ${i + 1}`}
                      value={g[part]}
                      inputMode={numeric ? 'decimal' : undefined}
                      spellCheck={false}
                      autoComplete="off"
                      aria-invalid={ge[part] ? true : undefined}
                      placeholder={
                        part === 'dataDiskGb' && g.kind === 'master' ? 'none' : undefined
                      }
                      onChange={(ev) => setGroup(i, { [part]: ev.target.value })}
                    />
                    {ge[part] && (
                      <span
                        className="field-error"
                        data-testid="vsphere-group-error"
                        data-part={part}
                      >
                        {ge[part]}
                      </span>
                    )}
                  </td>
                );
                return (
                  <tr key={g.key} data-testid="vsphere-group-row" data-index={i}>
                    {cell('name', 'Name', false)}
                    <td>
                      <select
                        aria-label={`Kind of group ${i + 1}`}
                        value={g.kind}
                        onChange={(ev) => setGroup(i, { kind: ev.target.value as NodeGroupKind })}
                      >
                        {KIND_OPTIONS.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                      {ge.group && (
                        <span
                          className="field-error"
                          data-testid="vsphere-group-error"
                          data-part="group"
                        >
                          {ge.group}
                        </span>
                      )}
                    </td>
                    {cell('count', 'Count', true)}
                    {cell('vcpu', 'vCPU', true)}
                    {cell('memoryGb', 'Memory', true)}
                    {cell('dataDiskGb', 'Data disk', true)}
                    <td>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Remove group ${i + 1}`}
                        disabled={form.nodeGroups.length <= 1}
                        onClick={() =>
                          onChange({
                            ...form,
                            nodeGroups: form.nodeGroups.filter((_, j) => j !== i),
                          })
                        }
                      >
                        Remove
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="row" style={{ marginTop: 8 }}>
          <Button
            size="sm"
            onClick={() =>
              onChange({
                ...form,
                nodeGroups: [
                  ...form.nodeGroups,
                  nodeGroup('worker', { name: `worker${form.nodeGroups.length}`, count: '1' }),
                ],
              })
            }
            disabled={form.nodeGroups.length >= 16}
          >
            Add group
          </Button>
          <span className="muted" data-testid="vsphere-vm-names">
            {names.length} {names.length === 1 ? 'VM' : 'VMs'}
            {names.length > 0 && (
              <>
                : <span className="mono">{names.slice(0, 6).join(', ')}</span>
                {names.length > 6 && ` and ${names.length - 6} more`}
              </>
            )}
          </span>
        </div>
        {e.nodeGroups && (
          <p className="field-error" role="alert" data-testid="vsphere-groups-error">
            {e.nodeGroups}
          </p>
        )}
      </fieldset>
      {general.length > 0 && (
        <ul className="findings" data-testid="vsphere-general-errors">
          {general.map((g) => (
            <li key={g} className="field-error">
              {g}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
