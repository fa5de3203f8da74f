import { vcenterInventoryFixture, vsphereVmsFixture } from '../../test/fixtures';
import {
  initialVsphere,
  isOnVsphere,
  nodeGroup,
  pickConnection,
  pickDatacenter,
  validateVsphere,
  vmNames,
  vmSettingRows,
  vmsText,
  type VsphereForm,
  vsphereSpec,
  withSingleChoices,
} from './vsphereModel';

const picked = (): VsphereForm => ({
  ...initialVsphere(),
  connection: 'vc-lab',
  datacenter: 'DC0',
  cluster: 'DC0_C0',
  template: 'granary-template',
  network: 'VM Network',
  datastores: ['LocalDS_0'],
  nodeGroups: [
    nodeGroup('master', { count: '1', vcpu: '2', memoryGb: '4' }),
    nodeGroup('worker', { count: '2', vcpu: '2', memoryGb: '4', dataDiskGb: '10' }),
  ],
});

describe('vSphere spec', () => {
  it('sends the picks, the default folder and the node groups as numbers', () => {
    expect(vsphereSpec(picked(), 'vm1')).toEqual({
      connection: 'vc-lab',
      datacenter: 'DC0',
      cluster: 'DC0_C0',
      folder: 'granary/vm1',
      template: 'granary-template',
      network: 'VM Network',
      datastores: ['LocalDS_0'],
      diskProvisioning: 'eagerZeroedThick',
      latencySensitivity: 'high',
      nodeGroups: [
        { name: 'master', kind: 'master', count: 1, vcpu: 2, memoryGb: 4 },
        { name: 'worker', kind: 'worker', count: 2, vcpu: 2, memoryGb: 4, dataDiskGb: 10 },
      ],
    });
    expect(vmNames('vm1', picked())).toEqual(['vm1-master-1', 'vm1-worker-1', 'vm1-worker-2']);
  });

  it('takes the single choices of the inventory and clears what a new pick invalidates', () => {
    const filled = withSingleChoices(
      { ...initialVsphere(), connection: 'vc-lab' },
      vcenterInventoryFixture,
    );
    // one datacenter, one cluster, one template; two networks and datastores stay to pick
    expect(filled).toMatchObject({
      datacenter: 'DC0',
      cluster: 'DC0_C0',
      template: 'granary-template',
      network: '',
      datastores: [],
    });
    expect(withSingleChoices(filled, vcenterInventoryFixture)).toBe(filled);
    expect(pickDatacenter(picked(), 'DC1')).toMatchObject({ cluster: '', datastores: [] });
    expect(pickConnection(picked(), 'other')).toMatchObject({ datacenter: '', template: '' });
    const same = picked();
    expect(pickConnection(same, 'vc-lab')).toBe(same);
  });

  it('passes a complete form and names each missing pick by its spec field', () => {
    expect(validateVsphere(picked(), vcenterInventoryFixture)).toEqual([]);
    expect(validateVsphere(initialVsphere()).map((e) => e.field)).toEqual([
      'vsphere.connection',
      'vsphere.datacenter',
      'vsphere.cluster',
      'vsphere.template',
      'vsphere.network',
      'vsphere.datastores',
    ]);
  });

  it('checks the node groups: names, bounds, a worker disk, a master and a worker', () => {
    const f = picked();
    f.nodeGroups = [
      nodeGroup('worker', {
        name: 'Worker',
        count: '0',
        vcpu: '1.5',
        memoryGb: '',
        dataDiskGb: '',
      }),
      nodeGroup('worker', { name: 'w', dataDiskGb: '10', count: '1' }),
      nodeGroup('worker', { name: 'w', dataDiskGb: '10', count: '1' }),
    ];
    expect(validateVsphere(f).map((e) => e.field)).toEqual([
      'vsphere.nodeGroups[0].name',
      'vsphere.nodeGroups[0].count',
      'vsphere.nodeGroups[0].vcpu',
      'vsphere.nodeGroups[0].memoryGb',
      'vsphere.nodeGroups[0].dataDiskGb',
      'vsphere.nodeGroups[2].name',
      'vsphere.nodeGroups',
    ]);
  });

  it('refuses more workers than usable ESXi hosts, and data disks larger than a datastore has free', () => {
    const f = picked();
    f.nodeGroups[1]!.count = '4';
    f.datastores = ['LocalDS_0', 'LocalDS_1'];
    f.nodeGroups[1]!.dataDiskGb = '20';
    const errors = validateVsphere(f, vcenterInventoryFixture);
    expect(errors).toEqual([
      {
        field: 'vsphere.cluster',
        message: expect.stringMatching(/^too-few-esxi-hosts: 4 worker VMs .* DC0_C0 has 3$/),
      },
      {
        field: 'vsphere.datastores[1]',
        message: 'datastore-too-small: LocalDS_1 has 50 GB free, the data disks need 80 GB',
      },
    ]);
  });
});

describe('the plan of VMs', () => {
  it('shows each setting once per distinct value, with the VMs that have it', () => {
    const rows = vmSettingRows(vsphereVmsFixture);
    const cpus = rows.filter((r) => r.key === 'num_cpus');
    expect(cpus.map((r) => [r.value, r.vms])).toEqual([
      ['4', ['vm1-master-1']],
      ['8', ['vm1-worker-1', 'vm1-worker-2']],
    ]);
    const mtu = rows.filter((r) => r.key === 'mtu');
    expect(mtu).toHaveLength(1);
    expect(mtu[0]).toMatchObject({
      source: 'SIZING_RULE',
      rule: expect.stringContaining('MTU 1500'),
    });
    expect(vmsText(mtu[0]!.vms, 3)).toBe('every VM (3)');
    // keys keep the planner's order
    expect([...new Set(rows.map((r) => r.key))].slice(0, 3)).toEqual([
      'num_cpus',
      'cores_per_socket',
      'memory_mb',
    ]);
  });

  it('tells a vSphere cluster by its installed versions', () => {
    expect(isOnVsphere([{ playbook: 'install' }])).toBe(false);
    expect(isOnVsphere([{ playbook: 'scale_out' }, { playbook: 'vsphere_install' }])).toBe(true);
  });
});
