import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminUser,
  operatorUser,
  vcenterFixture,
  vcenterInventoryFixture,
  vcenterTestFixture,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { VcenterPage } from './VcenterPage';

const renderPage = (user = adminUser) =>
  renderWithProviders(<VcenterPage />, {
    user,
    route: '/provisioning/vcenters/1',
    path: '/provisioning/vcenters/:vcenterId',
  });

const base = {
  'GET /api/v1/vcenters/1': { body: vcenterFixture },
  'GET /api/v1/vcenters/1/inventory': { body: vcenterInventoryFixture },
};

describe('VcenterPage', () => {
  it('tests the connection: the API version and round trip, and the govc line', async () => {
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/vcenters/1/test': { body: vcenterTestFixture },
    });
    renderPage();
    expect(await screen.findByTestId('vcenter-tls-off')).toHaveTextContent('lab or a simulator');
    expect(screen.getAllByRole('figure', { name: 'govc equivalent' })[0]).toHaveTextContent(
      'export GOVC_INSECURE=1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const result = await screen.findByTestId('vcenter-test-result');
    expect(within(result).getByTestId('vcenter-api-version')).toHaveTextContent('8.0.3.0');
    expect(within(result).getByTestId('vcenter-latency')).toHaveTextContent('12 ms');
    expect(
      within(screen.getByTestId('vcenter-test')).getByRole('figure', { name: 'govc equivalent' }),
    ).toHaveTextContent('govc about -json');
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/vcenters/1/test')).toBe(
      true,
    );
  });

  it("shows a refused sign-in in words, with vCenter's own message", async () => {
    mockFetch({
      ...base,
      'POST /api/v1/vcenters/1/test': {
        status: 409,
        body: {
          type: 'about:blank',
          title: 'The vCenter refused the user name or password',
          status: 409,
          code: 'vcenter-auth',
          detail:
            'ServerFaultCode: Cannot complete login due to an incorrect user name or password.',
        },
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    const problem = await screen.findByTestId('vcenter-problem');
    expect(problem).toHaveAttribute('data-code', 'vcenter-auth');
    expect(problem).toHaveTextContent('vCenter refused the user name or password');
    expect(problem).toHaveTextContent('type the password again with Edit');
    expect(problem).toHaveTextContent('incorrect user name or password');
  });

  it('browses datacenters, ESXi hosts, datastores with their use, networks and templates', async () => {
    const { requests } = mockFetch(base);
    renderPage(operatorUser);
    // an OPERATOR browses, but neither tests nor edits
    expect(await screen.findByText('An ADMIN tests the connection (it signs in).')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(requests.some((r) => r.path.endsWith('/inventory'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Browse' }));
    const cluster = await screen.findByTestId('vcenter-cluster');
    expect(cluster).toHaveTextContent('DRS on');
    expect(cluster).toHaveTextContent('3 of 3 hosts usable · 24 cores · 192.0 GiB');
    expect(within(cluster).getAllByTestId('esxi-host')).toHaveLength(3);
    expect(within(cluster).getAllByTestId('esxi-state')[0]).toHaveTextContent('connected');

    await userEvent.click(screen.getByRole('tab', { name: 'Datastores (2)' }));
    const ds = screen.getAllByTestId('datastore-row');
    expect(within(ds[1]!).getByRole('progressbar', { name: 'LocalDS_1 used' })).toHaveAttribute(
      'aria-valuenow',
      '95',
    );
    expect(ds[1]).toHaveTextContent('50.0 GiB / 1000.0 GiB');

    await userEvent.click(screen.getByRole('tab', { name: 'Networks (2)' }));
    const nets = screen.getAllByTestId('network-row');
    expect(nets[0]).toHaveTextContent('1500');
    expect(nets[1]).toHaveTextContent('9000jumbo frames');

    await userEvent.click(screen.getByRole('tab', { name: 'Templates (1)' }));
    expect(screen.getByTestId('template-row')).toHaveTextContent(
      'granary-templatedebian12_64Guestvmxnet3',
    );
    expect(screen.getAllByRole('figure', { name: 'govc equivalent' }).at(-1)).toHaveTextContent(
      'govc datastore.info -json',
    );
  });
});
