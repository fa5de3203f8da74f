import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, vcenterFixture } from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { VcenterFormPage } from './VcenterFormPage';

describe('VcenterFormPage', () => {
  it('adds a connection with TLS verification on unless turned off (with a warning)', async () => {
    const { requests } = mockFetch({
      'POST /api/v1/vcenters': { status: 201, body: vcenterFixture },
    });
    renderWithProviders(<VcenterFormPage />, {
      user: adminUser,
      route: '/provisioning/vcenters/new',
      path: '/provisioning/vcenters/new',
    });
    const verify = screen.getByRole('checkbox', { name: "Verify the vCenter's TLS certificate" });
    expect(verify).toBeChecked();
    expect(screen.queryByTestId('vcenter-tls-off')).toBeNull();

    // the browser's checks first
    await userEvent.click(screen.getByRole('button', { name: 'Add connection' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(/a name is required/);
    expect(requests).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Name'), 'vc-lab');
    await userEvent.type(screen.getByLabelText('URL'), 'https://127.0.0.1:24943/sdk');
    await userEvent.type(screen.getByLabelText('User'), 'administrator@vsphere.local');
    await userEvent.type(screen.getByLabelText('Password'), 'Gr4nary-vcsim!2026');
    await userEvent.click(verify);
    expect(screen.getByTestId('vcenter-tls-off')).toHaveTextContent('lab or a simulator only');
    // the password never shows in the equivalents
    expect(screen.getByRole('figure', { name: 'API equivalent' })).not.toHaveTextContent('Gr4nary');
    await userEvent.click(screen.getByRole('button', { name: 'Add connection' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toEqual({
      name: 'vc-lab',
      url: 'https://127.0.0.1:24943/sdk',
      username: 'administrator@vsphere.local',
      password: 'Gr4nary-vcsim!2026',
      tlsVerify: false,
      guestSshUser: 'root',
    });
    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
  }, 20_000);

  it("edits without retyping the password, and shows the server's refusal on the name", async () => {
    const { requests } = mockFetch({
      'GET /api/v1/vcenters/1': { body: vcenterFixture },
      'PUT /api/v1/vcenters/1': {
        status: 409,
        body: {
          type: 'about:blank',
          title: 'taken',
          status: 409,
          code: 'vcenter-name-taken',
          detail: 'a connection named vc-prod exists',
        },
      },
    });
    renderWithProviders(<VcenterFormPage />, {
      user: adminUser,
      route: '/provisioning/vcenters/1/edit',
      path: '/provisioning/vcenters/:vcenterId/edit',
    });
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('vc-lab');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/leave empty to keep it/);
    await userEvent.clear(name);
    await userEvent.type(name, 'vc-prod');
    await userEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).not.toHaveProperty('password');
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
        /a connection named vc-prod exists/,
      ),
    );
  }, 20_000);
});
