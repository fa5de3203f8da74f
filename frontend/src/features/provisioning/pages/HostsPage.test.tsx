import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Host, ProvisioningRun } from '../../../api/types';
import {
  adminUser,
  hostsFixture,
  provisioningRunFixture,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { HostsPage } from './HostsPage';

const KEY =
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk=\n-----END OPENSSH PRIVATE KEY-----\n';

// A run as the list gives it: the detail without its tasks.
const runSummary: ProvisioningRun = {
  id: provisioningRunFixture.id,
  cluster: provisioningRunFixture.cluster,
  playbook: provisioningRunFixture.playbook,
  state: provisioningRunFixture.state,
  createdAt: provisioningRunFixture.createdAt,
};
const runs: ProvisioningRun[] = [
  {
    ...runSummary,
    id: 8,
    state: 'SUCCEEDED',
    clusterId: 5,
    changed: 112,
    finishedAt: '2025-11-21T16:09:00Z',
  },
  { ...runSummary, id: 7, state: 'FAILED', message: 'lab2: failed=1' },
];

const base = {
  'GET /api/v1/hosts': { body: hostsFixture },
  'GET /api/v1/provisioning/runs': { body: runs },
};

const renderPage = (user = adminUser) =>
  renderWithProviders(<HostsPage />, { user, route: '/hosts', path: '/hosts' });

describe('HostsPage', () => {
  it('lists the inventory with reachability and the runs', async () => {
    mockFetch(base);
    renderPage();
    const rows = await screen.findAllByTestId('host-row');
    expect(rows.map((r) => r.getAttribute('data-address'))).toEqual([
      '10.77.0.11',
      '10.77.0.12',
      '10.77.0.13',
    ]);
    expect(rows[0]).toHaveTextContent('lab1');
    expect(rows[0]).toHaveTextContent('sha256:0a1b2c3d4e5f6010');
    expect(rows[0]).toHaveTextContent('6 GiB');
    expect(rows[0]).toHaveTextContent('/data/1');
    expect(within(rows[0]!).getByTestId('host-reachable')).toHaveTextContent('reachable');
    expect(within(rows[2]!).getByTestId('host-reachable')).toHaveTextContent('unreachable');
    expect(rows[2]).toHaveTextContent('connect timed out after 2s');

    const runRows = await screen.findAllByTestId('prov-run-row');
    expect(runRows.map((r) => r.getAttribute('data-state'))).toEqual(['SUCCEEDED', 'FAILED']);
    expect(within(runRows[0]!).getByRole('link', { name: 'lab-a' })).toHaveAttribute(
      'href',
      '/clusters/5',
    );
    expect(runRows[0]).toHaveTextContent('112');
    expect(runRows[1]).toHaveTextContent('lab2: failed=1');
    expect(screen.getByRole('link', { name: 'New cluster' })).toHaveAttribute(
      'href',
      '/provisioning/new',
    );
  });

  it('adds a host, showing the server field errors on the inputs, then clears the key', async () => {
    let posts = 0;
    const added: Host = { ...hostsFixture[0]!, id: 9, address: '10.77.0.14', hostname: 'lab4' };
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/hosts': () => {
        posts += 1;
        if (posts === 1) {
          return {
            status: 400,
            body: {
              title: 'Invalid request',
              status: 400,
              code: 'validation-failed',
              errors: [
                { field: 'sshUser', message: 'a Unix user name, e.g. root or ansible' },
                { field: 'dataDisks[1]', message: 'an absolute path' },
              ],
            },
          };
        }
        return { status: 201, body: added };
      },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Add host' });
    expect(within(form).getByLabelText('SSH user')).toHaveValue('root');
    expect(within(form).getByLabelText('Rack')).toHaveValue('/default-rack');

    await userEvent.type(within(form).getByLabelText('Address'), '10.77.0.14');
    await userEvent.type(within(form).getByLabelText('Host name'), 'lab4');
    await userEvent.clear(within(form).getByLabelText('SSH user'));
    await userEvent.type(within(form).getByLabelText('SSH user'), 'Root');
    await userEvent.type(within(form).getByLabelText('Cores'), '4');
    await userEvent.type(within(form).getByLabelText('RAM (MiB)'), '6144');
    await userEvent.type(within(form).getByLabelText('Data disks'), '/data/1, /data/2');
    // Pasted, not typed: the key has newlines.
    await userEvent.click(within(form).getByLabelText('Private key'));
    await userEvent.paste(KEY);
    expect(screen.getByTestId('shell-command')).toHaveTextContent('"privateKey":"<private key>"');
    expect(screen.getByTestId('shell-command')).not.toHaveTextContent('b3BlbnNzaC1rZXk');
    await userEvent.click(within(form).getByRole('button', { name: 'Add host' }));

    const user = within(form).getByLabelText('SSH user');
    await waitFor(() => expect(user).toHaveAttribute('aria-invalid', 'true'));
    expect(user).toHaveAccessibleDescription(/a Unix user name/);
    expect(within(form).getByLabelText('Data disks')).toHaveAccessibleDescription(
      /\/data\/2: an absolute path/,
    );
    expect(within(form).getByLabelText('Address')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not add the host');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      address: '10.77.0.14',
      hostname: 'lab4',
      sshUser: 'Root',
      privateKey: KEY,
      cores: 4,
      ramMb: 6144,
      dataDisks: ['/data/1', '/data/2'],
      rack: '/default-rack',
    });

    await userEvent.clear(user);
    await userEvent.type(user, 'root');
    await userEvent.click(within(form).getByRole('button', { name: 'Add host' }));
    expect(await screen.findByTestId('host-added')).toHaveTextContent(
      'Added 10.77.0.14: its SSH port answered.',
    );
    const fresh = screen.getByRole('form', { name: 'Add host' });
    expect(within(fresh).getByLabelText('Private key')).toHaveValue('');
    expect(within(fresh).getByLabelText('Address')).toHaveValue('');
  });

  it('checks the form before sending', async () => {
    const { requests } = mockFetch(base);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Add host' });
    await userEvent.type(within(form).getByLabelText('Address'), '10.77.0.14');
    await userEvent.type(within(form).getByLabelText('Private key'), 'ssh-ed25519 AAAA');
    await userEvent.click(within(form).getByRole('button', { name: 'Add host' }));
    expect(within(form).getByLabelText('Private key')).toHaveAccessibleDescription(
      /OpenSSH or PEM private key/,
    );
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('removes a host after a confirmation that says nothing on the host changes', async () => {
    const { requests } = mockFetch({
      ...base,
      'DELETE /api/v1/hosts/3': { status: 204 },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove host 10.77.0.13' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Remove lab3 (10.77.0.13) from the inventory?',
    });
    expect(dialog).toHaveTextContent('Nothing on the host changes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove host' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/v1/hosts/3')).toBe(true);
  });

  it('gives a VIEWER the inventory and runs, without add, remove or New cluster', async () => {
    mockFetch(base);
    renderPage(viewerUser);
    expect(await screen.findAllByTestId('host-row')).toHaveLength(3);
    expect(await screen.findAllByTestId('prov-run-row')).toHaveLength(2);
    expect(screen.queryByRole('form', { name: 'Add host' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New cluster' })).not.toBeInTheDocument();
  });
});
