import type { DrsRule, PlannedVm } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { Badge, type Column, KeyValueList, Panel, Table } from '../../../ui';
import {
  formatMemoryMb,
  settingOf,
  type VmSettingRow,
  vmSettingRows,
  vmsText,
} from '../vsphereModel';
import { SourceBadge } from './Badges';

const vmColumns: Column<PlannedVm>[] = [
  { key: 'name', header: 'VM', render: (vm) => <span className="mono">{vm.name}</span> },
  { key: 'group', header: 'Group', render: (vm) => vm.group },
  { key: 'esxi', header: 'ESXi host', render: (vm) => <span className="mono">{vm.esxiHost}</span> },
  { key: 'rack', header: 'HDFS rack', render: (vm) => <span className="mono">{vm.rack}</span> },
  {
    key: 'cpu',
    header: 'vCPU',
    numeric: true,
    render: (vm) => settingOf(vm, 'num_cpus')?.value ?? '—',
  },
  {
    key: 'memory',
    header: 'Memory',
    numeric: true,
    render: (vm) => formatMemoryMb(settingOf(vm, 'memory_mb')?.value),
  },
  {
    key: 'mtu',
    header: 'MTU',
    numeric: true,
    render: (vm) => settingOf(vm, 'mtu')?.value ?? '—',
  },
  {
    key: 'disks',
    header: 'Data disks',
    className: 'wrap',
    render: (vm) =>
      vm.disks.length === 0 ? (
        <span className="muted">none</span>
      ) : (
        <span className="stack-tight">
          {vm.disks.map((d) => (
            <span key={`${d.controller}:${d.unit}`} className="mono" data-testid="vsphere-vm-disk">
              {d.sizeGb} GB {d.type} on {d.datastore} (SCSI {d.controller}:{d.unit})
            </span>
          ))}
        </span>
      ),
  },
];

/** Every VM setting once per distinct value, with where it came from and the VMs it is on. */
function settingColumns(all: number): Column<VmSettingRow>[] {
  return [
    { key: 'key', header: 'Setting', render: (s) => <span className="mono">{s.key}</span> },
    {
      key: 'value',
      header: 'Value',
      className: 'wrap',
      render: (s) => <span className="mono">{s.value}</span>,
    },
    { key: 'source', header: 'Source', render: (s) => <SourceBadge source={s.source} /> },
    {
      key: 'rule',
      header: 'Why',
      className: 'wrap',
      render: (s) => (s.rule ? s.rule : <span className="muted">—</span>),
    },
    { key: 'vms', header: 'VMs', className: 'wrap', render: (s) => vmsText(s.vms, all) },
  ];
}

/** The VMs a vSphere plan creates, their settings with provenance, and the DRS rule. */
export function VmPlan({ vms, drsRule }: { vms: readonly PlannedVm[]; drsRule?: DrsRule }) {
  const rows = vmSettingRows(vms);
  const esxi = new Set(vms.map((v) => v.esxiHost)).size;
  return (
    <div className="stack" data-testid="vsphere-vm-plan">
      <Panel
        title={`VMs (${vms.length}) on ${esxi} ESXi ${esxi === 1 ? 'host' : 'hosts'}`}
        data-testid="vsphere-vms"
      >
        <Table
          aria-label="Planned VMs"
          columns={vmColumns}
          rows={vms}
          rowKey={(vm) => vm.name}
          rowProps={(vm) => ({
            'data-testid': 'vsphere-vm-row',
            'data-name': vm.name,
            'data-group': vm.group,
            'data-esxi': vm.esxiHost,
          })}
        />
      </Panel>
      {drsRule && (
        <Panel title="DRS rule" data-testid="vsphere-drs-rule">
          <KeyValueList
            items={[
              {
                label: 'Name',
                value: <span className="mono">{drsRule.name}</span>,
                testId: 'vsphere-drs-name',
              },
              {
                label: 'Kind',
                value: (
                  <span className="row">
                    {drsRule.kind ?? 'anti-affinity'}
                    <Badge tone={drsRule.mandatory ? 'info' : 'neutral'}>
                      {drsRule.mandatory ? 'mandatory' : 'preferred'}
                    </Badge>
                  </span>
                ),
              },
              {
                label: 'VMs',
                value: <span className="mono">{drsRule.vms.join(', ')}</span>,
                testId: 'vsphere-drs-vms',
              },
              {
                label: 'Why',
                value:
                  'Workers on distinct ESXi hosts: a host lost takes one DataNode, and its HDFS rack (the ESXi host) keeps replicas and EC stripes apart.',
              },
            ]}
          />
        </Panel>
      )}
      <Panel title={`VM settings (${formatNumber(rows.length)})`} data-testid="vsphere-vm-settings">
        <Table
          aria-label="VM settings with their provenance"
          columns={settingColumns(vms.length)}
          rows={rows}
          rowKey={(s) => `${s.key}|${s.value}|${s.source}|${s.vms.join(',')}`}
          rowProps={(s) => ({
            'data-testid': 'vsphere-vm-setting',
            'data-key': s.key,
            'data-source': s.source,
          })}
        />
      </Panel>
    </div>
  );
}
