import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminUser,
  hostsFixture,
  installedVersionFixture,
  operatorUser,
  planFixture,
  provisioningRunFixture,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { NewClusterPage } from './NewClusterPage';

const renderWizard = (user = adminUser) =>
  renderWithProviders(<NewClusterPage />, {
    user,
    route: '/provisioning/new',
    path: '/provisioning/new',
  });

const next = (label: string) =>
  userEvent.click(screen.getByRole('button', { name: `Next: ${label}` }));

/** Step 1 filled (lab-a, lab profile), step 2 with lab1 and lab2 selected, on to the review. */
async function toReview() {
  await userEvent.type(screen.getByLabelText('Cluster name'), 'lab-a');
  await userEvent.selectOptions(screen.getByLabelText('Profile'), 'lab');
  await next('Hosts');
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Select host 10.77.0.11' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select host 10.77.0.12' }));
  await next('Review plan');
}

describe('NewClusterPage', () => {
  it('plans the selected hosts, shows placement and provenance, and installs as an ADMIN', async () => {
    const { requests } = mockFetch({
      'GET /api/v1/hosts': { body: hostsFixture },
      'POST /api/v1/provisioning/plan': { body: planFixture },
      'POST /api/v1/provisioning/runs': {
        status: 202,
        body: { ...provisioningRunFixture, tasks: undefined },
      },
    });
    renderWizard();
    await userEvent.type(screen.getByLabelText('Cluster name'), 'lab-a');
    await userEvent.selectOptions(screen.getByLabelText('Profile'), 'lab');
    await userEvent.selectOptions(screen.getByLabelText('ZooKeeper servers'), '1');
    await userEvent.click(screen.getByLabelText('RS-3-2-1024k'));
    await next('Hosts');

    const row = await screen.findAllByTestId('prov-host-row');
    expect(row).toHaveLength(3);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every host' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select host 10.77.0.13' }));
    const roles = within(screen.getByRole('group', { name: 'Roles of 10.77.0.11' }));
    await userEvent.click(roles.getByLabelText('NameNode'));
    await userEvent.click(roles.getByLabelText('DataNode'));
    await next('Review plan');

    const placement = await screen.findByTestId('prov-placement');
    const plan = requests.find(
      (r) => r.method === 'POST' && r.path === '/api/v1/provisioning/plan',
    );
    expect(plan!.body).toEqual({
      name: 'lab-a',
      infrastructure: 'bare-metal',
      profile: 'lab',
      workload: 'balanced',
      zookeeperCount: 1,
      hosts: [
        { address: '10.77.0.11', roles: ['namenode', 'datanode'] },
        { address: '10.77.0.12' },
      ],
      erasureCodingPolicies: ['RS-3-2-1024k'],
    });
    const hosts = within(placement).getAllByTestId('prov-plan-host');
    expect(hosts[0]).toHaveAttribute(
      'data-roles',
      'zookeeper namenode hbase_master datanode regionserver',
    );
    expect(hosts[1]).toHaveAttribute('data-roles', 'datanode regionserver');
    const rs = within(hosts[0]!)
      .getAllByTestId('prov-plan-role')
      .find((c) => c.getAttribute('data-role') === 'regionserver')!;
    expect(rs).toHaveTextContent('1g');
    expect(rs).toHaveTextContent('SIZING_RULE');
    expect(rs).toHaveAttribute('title', expect.stringContaining('capped at 1 GiB'));

    expect(screen.getByTestId('prov-warning')).toHaveTextContent('Low replication');
    expect(screen.getByTestId('prov-warning')).toHaveTextContent('losing a host can lose data');

    // Config: every value, then by provenance and by file.
    const config = screen.getByTestId('prov-config');
    expect(within(config).getByTestId('prov-config-count')).toHaveTextContent('13 of 13 values');
    await userEvent.selectOptions(within(config).getByLabelText('Provenance'), 'SIZING_RULE');
    expect(within(config).getByTestId('prov-config-count')).toHaveTextContent('5 of 13 values');
    const rows = within(config).getAllByTestId('prov-config-row');
    expect(rows.every((r) => r.getAttribute('data-source') === 'SIZING_RULE')).toBe(true);
    expect(rows[0]).toHaveTextContent('dfs.replication');
    expect(rows[0]).toHaveTextContent('2 DataNodes');
    await userEvent.selectOptions(within(config).getByLabelText('File'), 'hbase-site');
    expect(
      within(config)
        .getAllByTestId('prov-config-row')
        .map((r) => r.getAttribute('data-key')),
    ).toEqual(['hfile.block.cache.size', 'hbase.regionserver.handler.count']);
    await userEvent.selectOptions(within(config).getByLabelText('Provenance'), 'USER_OVERRIDE');
    expect(within(config).getByText('No value matches the filters.')).toBeInTheDocument();

    await next('Install');
    const shells = screen.getAllByTestId('shell-command');
    expect(shells[0]).toHaveTextContent('ansible-playbook -i <inventory>/hosts.yml install.yml');
    expect(shells[1]).toHaveTextContent('"playbook":"install"');
    await userEvent.click(screen.getByRole('button', { name: 'Install cluster' }));
    const dialog = screen.getByRole('dialog', { name: 'Install lab-a on 2 hosts?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Install' }));

    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
    const run = requests.find((r) => r.method === 'POST' && r.path === '/api/v1/provisioning/runs');
    expect(run!.body).toEqual({ spec: plan!.body, playbook: 'install' });
  });

  it('shows the planner findings by step and beside the input or host they name', async () => {
    mockFetch({
      'GET /api/v1/hosts': { body: hostsFixture },
      'POST /api/v1/provisioning/plan': {
        status: 400,
        body: {
          title: 'Invalid request',
          status: 400,
          code: 'validation-failed',
          errors: [
            {
              field: 'zookeeperCount',
              message: 'zookeeper-count: 3 ZooKeepers need 3 hosts; the spec has 2',
            },
            { field: 'hosts[0].ramMb', message: 'ram-too-small: needs 2.3 GiB; lab1 has 1 GiB' },
            {
              field: 'hosts[1].address',
              message: 'unreachable-host: 10.77.0.12 is unreachable: timeout',
            },
          ],
        },
      },
    });
    renderWizard();
    await toReview();

    const invalid = await screen.findByTestId('prov-plan-invalid');
    expect(invalid).toHaveTextContent('The planner found 3 problems');
    const problems = within(invalid).getAllByTestId('prov-problem');
    expect(problems.map((p) => [p.getAttribute('data-step'), p.getAttribute('data-code')])).toEqual(
      [
        ['cluster', 'zookeeper-count'],
        ['hosts', 'ram-too-small'],
        ['hosts', 'unreachable-host'],
      ],
    );
    expect(problems[1]).toHaveTextContent('Not enough RAM');
    expect(problems[1]).toHaveTextContent('10.77.0.11 · RAM — needs 2.3 GiB; lab1 has 1 GiB');
    expect(screen.getByRole('button', { name: 'Next: Install' })).toBeDisabled();
    // The step list counts them.
    expect(screen.getAllByTestId('prov-step')[1]).toHaveTextContent('2');

    await userEvent.click(within(invalid).getByRole('button', { name: 'Go to Hosts' }));
    const lab1 = screen
      .getAllByTestId('prov-host-row')
      .find((r) => r.getAttribute('data-address') === '10.77.0.11')!;
    expect(within(lab1).getByTestId('prov-problem')).toHaveAttribute('data-code', 'ram-too-small');

    await userEvent.click(screen.getByRole('button', { name: 'Back: Cluster' }));
    expect(screen.getByLabelText('ZooKeeper servers')).toHaveAccessibleDescription(
      /zookeeper-count: 3 ZooKeepers need 3 hosts; the spec has 2/,
    );
    // An edit makes another spec: the old findings no longer apply to it.
    await userEvent.type(screen.getByLabelText('Cluster name'), 'b');
    expect(screen.getByLabelText('ZooKeeper servers')).not.toHaveAttribute('aria-invalid');
  });

  it('checks each step before moving on', async () => {
    const { requests } = mockFetch({ 'GET /api/v1/hosts': { body: hostsFixture } });
    renderWizard();
    await next('Hosts');
    expect(screen.getByLabelText('Cluster name')).toHaveAccessibleDescription(/a name is required/);
    await userEvent.type(screen.getByLabelText('Cluster name'), 'Bad_Name');
    expect(screen.getByLabelText('Cluster name')).toHaveAccessibleDescription(/lowercase letters/);
    expect(screen.getByRole('button', { name: /Review plan/ })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Cluster name'));
    await userEvent.type(screen.getByLabelText('Cluster name'), 'good');
    await next('Hosts');
    await screen.findAllByTestId('prov-host-row');
    await next('Review plan');
    expect(screen.getByTestId('prov-hosts-error')).toHaveTextContent('select at least one host');
    expect(requests.some((r) => r.path === '/api/v1/provisioning/plan')).toBe(false);
  });

  it('asks for Kerberos in the Cluster step, checks realm and KDC host, and plans it', async () => {
    const { requests } = mockFetch({
      'GET /api/v1/hosts': { body: hostsFixture },
      'POST /api/v1/provisioning/plan': { body: planFixture },
    });
    renderWizard();
    await userEvent.type(screen.getByLabelText('Cluster name'), 'lab-a');
    const security = within(screen.getByTestId('prov-security'));
    expect(security.queryByLabelText('Realm')).not.toBeInTheDocument();
    await userEvent.click(security.getByLabelText('Kerberos (a KDC managed by Granary)'));
    expect(security.getByLabelText('Realm')).toHaveValue('GRANARY.LAB-A');
    expect(security.getByLabelText('RPC protection')).toHaveValue('authentication');
    expect(security.getByLabelText('Data-transfer protection')).toHaveValue('authentication');
    expect(security.getByText('Picked after the hosts: no host is chosen yet')).toBeVisible();
    expect(security.getByTestId('prov-security-effects')).toHaveTextContent(
      'HTTPS on 9871 and 16010',
    );
    expect(security.getByTestId('shell-command')).toHaveTextContent(
      'kinit -kt /etc/granary/keytabs/hbase.keytab hbase/$(hostname -f)@GRANARY.LAB-A',
    );

    await userEvent.clear(security.getByLabelText('Realm'));
    await userEvent.type(security.getByLabelText('Realm'), 'granary.lab');
    await next('Hosts');
    expect(security.getByLabelText('Realm')).toHaveAccessibleDescription(
      /"granary.lab" is not upper case: write GRANARY.LAB/,
    );
    await userEvent.clear(security.getByLabelText('Realm'));
    await userEvent.type(security.getByLabelText('Realm'), 'GRANARY.LAB');
    await userEvent.selectOptions(security.getByLabelText('RPC protection'), 'privacy');
    await next('Hosts');

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select host 10.77.0.11' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select host 10.77.0.12' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back: Cluster' }));
    const kdc = screen.getByLabelText('KDC host');
    expect(
      within(kdc)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['First chosen host: lab1 (10.77.0.11)', 'lab1 (10.77.0.11)', 'lab2 (10.77.0.12)']);
    await userEvent.selectOptions(kdc, '10.77.0.12');
    await next('Hosts');
    // unselecting the KDC host is caught before the plan
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select host 10.77.0.12' }));
    await next('Review plan');
    expect(screen.getByTestId('prov-hosts-error')).toHaveTextContent(
      'the KDC host 10.77.0.12 is no longer among the chosen hosts',
    );
    expect(requests.some((r) => r.path === '/api/v1/provisioning/plan')).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select host 10.77.0.12' }));
    await next('Review plan');

    await screen.findByTestId('prov-placement');
    const plan = requests.find((r) => r.path === '/api/v1/provisioning/plan');
    expect(plan!.body).toMatchObject({
      name: 'lab-a',
      hosts: [{ address: '10.77.0.11' }, { address: '10.77.0.12' }],
      security: {
        kerberos: {
          realm: 'GRANARY.LAB',
          kdc: { managed: { host: '10.77.0.12' } },
          rpcProtection: 'privacy',
          dataTransferProtection: 'authentication',
        },
      },
    });
    expect(screen.getByTestId('prov-plan-security')).toHaveTextContent(
      'Security: Kerberos, realm GRANARY.LAB, KDC on lab2 (10.77.0.12), RPC privacy, data transfer authentication',
    );
  });

  it('shows the planner findings on security beside the Security fieldset', async () => {
    mockFetch({
      'GET /api/v1/hosts': { body: hostsFixture },
      'POST /api/v1/provisioning/plan': {
        status: 400,
        body: {
          title: 'Invalid request',
          status: 400,
          code: 'validation-failed',
          errors: [
            {
              field: 'spec.security.kerberos.kdc.managed.host',
              message:
                'kerberos-kdc-host-unknown: "10.77.0.11" is not a host of the spec (lab1, lab2)',
            },
          ],
        },
      },
    });
    renderWizard();
    await userEvent.click(screen.getByLabelText('Kerberos (a KDC managed by Granary)'));
    await toReview();
    const problem = within(await screen.findByTestId('prov-plan-invalid')).getByTestId(
      'prov-problem',
    );
    expect(problem).toHaveAttribute('data-step', 'cluster');
    expect(problem).toHaveTextContent('KDC host not in the spec');
    expect(problem).toHaveTextContent('KDC host — "10.77.0.11" is not a host of the spec');
    await userEvent.click(screen.getByRole('button', { name: 'Go to Cluster' }));
    expect(screen.getByLabelText('KDC host')).toHaveAccessibleDescription(
      /kerberos-kdc-host-unknown: "10.77.0.11" is not a host of the spec \(lab1, lab2\)/,
    );
  });

  it('does not offer Kerberos on vSphere', async () => {
    mockFetch({
      'GET /api/v1/hosts': { body: hostsFixture },
      'GET /api/v1/vcenters': { body: [] },
    });
    renderWizard();
    await userEvent.click(screen.getByLabelText('Kerberos (a KDC managed by Granary)'));
    await userEvent.click(screen.getByRole('radio', { name: /vSphere/ }));
    const security = screen.getByTestId('prov-security');
    expect(security).toHaveTextContent('Kerberos is for bare-metal specs for now');
    expect(within(security).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(security).queryByLabelText('Realm')).not.toBeInTheDocument();
  });

  it('lets an OPERATOR review the plan but not install', async () => {
    const { requests } = mockFetch({
      'GET /api/v1/hosts': { body: hostsFixture },
      'POST /api/v1/provisioning/plan': { body: planFixture },
    });
    renderWizard(operatorUser);
    await toReview();
    await screen.findByTestId('prov-placement');
    await next('Install');
    expect(screen.getByTestId('prov-install-admin-only')).toHaveTextContent(
      'Only an ADMIN can install',
    );
    expect(screen.queryByRole('button', { name: 'Install cluster' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('shell-command')[0]).toHaveTextContent('ansible-playbook');
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/v1/provisioning/runs')).toHaveLength(0),
    );
  });

  it('shows the diff against the installed version when the plan has one', async () => {
    mockFetch({
      'GET /api/v1/hosts': { body: hostsFixture },
      'POST /api/v1/provisioning/plan': {
        body: { ...planFixture, diff: { ...installedVersionFixture.diff, fromVersion: 2 } },
      },
    });
    renderWizard();
    await toReview();
    const diff = await screen.findByTestId('prov-plan-diff');
    expect(diff).toHaveTextContent('Changes against installed version 2');
    expect(within(diff).getByTestId('diff-host-added')).toHaveTextContent('10.77.0.14');
    const replication = within(diff)
      .getAllByTestId('diff-config-change')
      .find((r) => r.getAttribute('data-key') === 'dfs.replication');
    expect(replication).toHaveTextContent('2 → 3');
    expect(within(diff).getByTestId('diff-restarts')).toHaveTextContent(
      'RegionServer on lab1, lab2, lab3',
    );
  });

  it('shows no diff for a first install', async () => {
    mockFetch({
      'GET /api/v1/hosts': { body: hostsFixture },
      'POST /api/v1/provisioning/plan': { body: planFixture },
    });
    renderWizard();
    await toReview();
    await screen.findByTestId('prov-placement');
    expect(screen.queryByTestId('prov-plan-diff')).not.toBeInTheDocument();
  });
});
