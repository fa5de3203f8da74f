import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminUser,
  provisioningRunFixture,
  vcenterFixture,
  vcenterInventoryFixture,
  vspherePlanFixture,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { NewClusterPage } from './NewClusterPage';

const renderWizard = () =>
  renderWithProviders(<NewClusterPage />, {
    user: adminUser,
    route: '/provisioning/new',
    path: '/provisioning/new',
  });

const base = {
  'GET /api/v1/hosts': { body: [] },
  'GET /api/v1/vcenters': { body: [vcenterFixture] },
  'GET /api/v1/vcenters/1/inventory': { body: vcenterInventoryFixture },
};

/** vSphere, cluster vm1, the connection picked (the single choices fill themselves). */
async function toVms() {
  await userEvent.click(screen.getByRole('radio', { name: /vSphere/ }));
  await userEvent.type(screen.getByLabelText('Cluster name'), 'vm1');
  await userEvent.click(screen.getByRole('button', { name: 'Next: VMs' }));
  await userEvent.selectOptions(await screen.findByLabelText('vCenter connection'), 'vc-lab');
  await waitFor(() => expect(screen.getByLabelText('Compute cluster')).toHaveValue('DC0_C0'));
}

describe('NewClusterPage on vSphere', () => {
  it('picks from the live inventory, checks it, reviews the VMs with provenance and creates them', async () => {
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/provisioning/plan': { body: vspherePlanFixture },
      'POST /api/v1/provisioning/runs': {
        status: 202,
        body: { ...provisioningRunFixture, playbook: 'vsphere_install', tasks: undefined },
      },
    });
    renderWizard();
    await toVms();
    expect(screen.getByLabelText('Datacenter')).toHaveValue('DC0');
    expect(screen.getByLabelText('Template')).toHaveValue('granary-template');
    expect(screen.getByText(/3 of 3 ESXi hosts usable · 24 cores/)).toBeVisible();
    // the network and a datastore are left to pick: the browser says so
    await userEvent.click(screen.getByRole('button', { name: 'Next: Review plan' }));
    expect(screen.getByLabelText('Network')).toHaveAccessibleDescription(/pick the network/);
    // 4 workers on 3 ESXi hosts: refused before asking the planner
    await userEvent.clear(screen.getByLabelText('Count of group 2'));
    await userEvent.type(screen.getByLabelText('Count of group 2'), '4');
    await userEvent.selectOptions(screen.getByLabelText('Network'), 'VM Network');
    await userEvent.click(screen.getByLabelText('LocalDS_0'));
    expect(screen.getByLabelText('Compute cluster')).toHaveAccessibleDescription(
      /too-few-esxi-hosts: 4 worker VMs/,
    );
    await userEvent.clear(screen.getByLabelText('Count of group 2'));
    await userEvent.type(screen.getByLabelText('Count of group 2'), '2');
    expect(screen.getByTestId('vsphere-vm-names')).toHaveTextContent(
      '3 VMs: vm1-master-1, vm1-worker-1, vm1-worker-2',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next: Review plan' }));

    await screen.findByTestId('vsphere-vm-plan');
    const plan = requests.find((r) => r.path === '/api/v1/provisioning/plan');
    expect(plan!.body).toMatchObject({
      name: 'vm1',
      infrastructure: 'vsphere',
      vsphere: {
        connection: 'vc-lab',
        datacenter: 'DC0',
        cluster: 'DC0_C0',
        folder: 'granary/vm1',
        network: 'VM Network',
        datastores: ['LocalDS_0'],
        nodeGroups: [
          { name: 'master', kind: 'master', count: 1 },
          { name: 'worker', kind: 'worker', count: 2, dataDiskGb: 200 },
        ],
      },
    });
    expect(plan!.body).not.toHaveProperty('hosts');
    const vms = screen.getAllByTestId('vsphere-vm-row');
    expect(vms.map((r) => r.getAttribute('data-esxi'))).toEqual([
      'DC0_C0_H0',
      'DC0_C0_H0',
      'DC0_C0_H1',
    ]);
    expect(vms[1]).toHaveTextContent('200 GB eagerzeroedthick on LocalDS_0 (SCSI 1:0)');
    expect(screen.getByTestId('vsphere-drs-vms')).toHaveTextContent('vm1-worker-1, vm1-worker-2');
    const mtu = screen
      .getAllByTestId('vsphere-vm-setting')
      .filter((r) => r.getAttribute('data-key') === 'mtu');
    expect(mtu).toHaveLength(1);
    expect(mtu[0]).toHaveAttribute('data-source', 'SIZING_RULE');
    expect(mtu[0]).toHaveTextContent('every VM (3)');
    expect(screen.getByTestId('prov-placement')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next: Install' }));
    expect(screen.getByRole('figure', { name: 'govc and Ansible equivalent' })).toHaveTextContent(
      'govc cluster.rule.create',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create VMs and install' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Create 3 VMs and install vm1?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create VMs and install' }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/v1/provisioning/runs')).toBe(true),
    );
    expect(requests.find((r) => r.path === '/api/v1/provisioning/runs')!.body).toMatchObject({
      playbook: 'vsphere_install',
      spec: { infrastructure: 'vsphere' },
    });
  }, 30_000);

  it("puts the planner's vSphere findings on the step and input they name", async () => {
    mockFetch({
      ...base,
      'POST /api/v1/provisioning/plan': {
        status: 400,
        body: {
          type: 'about:blank',
          title: 'Invalid spec',
          status: 400,
          code: 'validation-failed',
          errors: [
            {
              field: 'vsphere.template',
              message: 'unknown-template: no template granary-template in DC0',
            },
            {
              field: 'vsphere.nodeGroups[1].memoryGb',
              message: 'vm-exceeds-esxi-host: 64 GiB > 32 GiB',
            },
          ],
        },
      },
    });
    renderWizard();
    await toVms();
    await userEvent.selectOptions(screen.getByLabelText('Network'), 'VM Network');
    await userEvent.click(screen.getByLabelText('LocalDS_0'));
    await userEvent.click(screen.getByRole('button', { name: 'Next: Review plan' }));
    const problems = await screen.findAllByTestId('prov-problem');
    expect(problems.map((p) => p.getAttribute('data-code'))).toEqual([
      'unknown-template',
      'vm-exceeds-esxi-host',
    ]);
    expect(problems[0]).toHaveTextContent('Unknown template');
    expect(problems[1]).toHaveTextContent('node group 2 · memory');
    await userEvent.click(screen.getByRole('button', { name: 'Go to VMs' }));
    expect(screen.getByLabelText('Template')).toHaveAccessibleDescription(/unknown-template/);
    const row = screen.getAllByTestId('vsphere-group-row')[1]!;
    expect(within(row).getByTestId('vsphere-group-error')).toHaveTextContent(
      'vm-exceeds-esxi-host: 64 GiB > 32 GiB',
    );
  }, 30_000);
});
