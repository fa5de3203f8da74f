import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InstalledVersion } from '../../../api/types';
import {
  adminUser,
  installedVersionFixture,
  installedVersionsFixture,
  overviewFixture,
  provisioningRunFixture,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { VsphereDestroyPage } from './VsphereDestroyPage';

const cluster = { ...overviewFixture.cluster, id: 4, name: 'vm1', kind: 'PROVISIONED' as const };
const vsphereVersion: InstalledVersion = {
  ...installedVersionsFixture[1]!,
  cluster: 'vm1',
  playbook: 'vsphere_install',
  hosts: ['vm1-master-1', 'vm1-worker-1', 'vm1-worker-2'],
};

const renderPage = () =>
  renderWithProviders(<VsphereDestroyPage />, {
    user: adminUser,
    route: '/clusters/4/vsphere/destroy',
    path: '/clusters/:clusterId/vsphere/destroy',
  });

describe('VsphereDestroyPage', () => {
  it('lists the VMs and destroys them only once the cluster name is typed', async () => {
    const { requests } = mockFetch({
      'GET /api/v1/clusters/4': { body: cluster },
      'GET /api/v1/clusters/4/installs': { body: [vsphereVersion] },
      // as the API answers an installed version: its plan's VM list is empty, its hosts are the VMs
      'GET /api/v1/clusters/4/installs/1': {
        body: {
          ...installedVersionFixture,
          ...vsphereVersion,
          plan: { ...installedVersionFixture.plan, vms: [] },
        },
      },
      'POST /api/v1/clusters/4/vsphere/destroy': {
        status: 202,
        body: { ...provisioningRunFixture, id: 12, playbook: 'vsphere_destroy', tasks: undefined },
      },
    });
    renderPage();
    const vms = await screen.findAllByTestId('vsphere-destroy-vm');
    expect(vms.map((v) => v.textContent)).toEqual(['vm1-master-1', 'vm1-worker-1', 'vm1-worker-2']);
    // still listed once the installed version's detail (with its empty VM list) has arrived
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/installs/1'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByTestId('vsphere-destroy-vm')).toHaveLength(3);
    expect(screen.getByRole('figure', { name: 'govc and Ansible equivalent' })).toHaveTextContent(
      'govc vm.destroy vm1-worker-2',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Destroy VMs…' }));
    const dialog = screen.getByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Destroy VMs' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Type the cluster name to confirm'), 'vm');
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Type the cluster name to confirm'), '1');
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ confirm: 'vm1' }),
    );
    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
  }, 20_000);

  it('says there is nothing to destroy on a cluster Granary did not create VMs for', async () => {
    mockFetch({
      'GET /api/v1/clusters/4': { body: cluster },
      'GET /api/v1/clusters/4/installs': { body: installedVersionsFixture },
      'GET /api/v1/clusters/4/installs/2': { body: installedVersionFixture },
    });
    renderPage();
    expect(await screen.findByTestId('vsphere-destroy-not-vsphere')).toHaveTextContent(
      'nothing to destroy',
    );
    expect(screen.queryByRole('button', { name: 'Destroy VMs…' })).toBeNull();
  });
});
