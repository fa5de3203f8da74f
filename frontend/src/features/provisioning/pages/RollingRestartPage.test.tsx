import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cluster } from '../../../api/types';
import {
  adminUser,
  clusterConfigFixture,
  operatorUser,
  overviewFixture,
  restartRunFixture,
  rollingRestartPreviewFixture,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { RollingRestartPage } from './RollingRestartPage';

// Many typed keystrokes: a busy two-core machine takes longer than the default 5 s.
const SLOW = { timeout: 15_000 };

const cluster: Cluster = { ...overviewFixture.cluster, id: 5, name: 'lab-a', kind: 'PROVISIONED' };

const base = {
  'GET /api/v1/clusters/5': { body: cluster },
  'GET /api/v1/clusters/5/config': { body: clusterConfigFixture },
};

const renderPage = (user = adminUser, route = '/clusters/5/rolling-restart') =>
  renderWithProviders(<RollingRestartPage />, {
    user,
    route,
    path: '/clusters/:clusterId/rolling-restart',
  });

const role = (id: string) =>
  screen.getAllByTestId('restart-role').find((r) => r.getAttribute('data-role') === id)!;

describe('RollingRestartPage', () => {
  it('previews the ticked roles and starts after the typed name', SLOW, async () => {
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/clusters/5/rolling-restart/preview': { body: rollingRestartPreviewFixture },
      'POST /api/v1/clusters/5/rolling-restart': { status: 202, body: restartRunFixture },
    });
    renderPage();

    // Every role the cluster runs, in restart order, all ticked.
    const roles = await screen.findAllByTestId('restart-role');
    expect(roles.map((r) => r.getAttribute('data-role'))).toEqual([
      'regionserver',
      'datanode',
      'zookeeper',
      'namenode',
      'hbase_master',
    ]);
    expect(roles.every((r) => (r as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByLabelText('RegionServer (4 hosts)')).toBeChecked();

    // All roles: no list is sent.
    await userEvent.click(screen.getByTestId('restart-preview'));
    expect(requests.at(-1)?.body).toEqual({ batchSize: 1, onlyChanged: false });

    // Some roles, two RegionServers at a time.
    await userEvent.click(role('zookeeper'));
    await userEvent.click(role('namenode'));
    expect(screen.queryByTestId('restart-preview-result')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Batch size'));
    await userEvent.type(screen.getByLabelText('Batch size'), '2');
    await userEvent.click(screen.getByTestId('restart-preview'));
    const result = await screen.findByTestId('restart-preview-result');
    expect(requests.at(-1)?.body).toEqual({
      roles: ['regionserver', 'datanode', 'hbase_master'],
      batchSize: 2,
      onlyChanged: false,
    });
    const steps = within(result).getAllByTestId('restart-plan-step');
    expect(steps.map((s) => s.textContent)).toEqual([
      '1RegionServerlab1, lab2',
      '2RegionServerlab3, lab4',
      '3DataNodelab1',
      '4HMasterlab1',
    ]);
    expect(
      screen.getByRole('figure', { name: 'Ansible equivalent, step by step' }),
    ).toHaveTextContent('rolling_restart_role=regionserver');
    expect(screen.getByRole('figure', { name: 'API equivalent of Start' })).toHaveTextContent(
      '"confirm":"lab-a"',
    );

    await userEvent.click(screen.getByTestId('restart-start'));
    const dialog = screen.getByRole('dialog', { name: 'Restart 4 steps of lab-a?' });
    expect(dialog).toHaveTextContent('starting with step 1 (RegionServer on lab1, lab2)');
    const confirm = within(dialog).getByRole('button', { name: 'Start rolling restart' });
    expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText('Type the cluster name to confirm'),
      'lab-a',
    );
    await userEvent.click(confirm);
    await screen.findByTestId('other-route');
    expect(requests.find((r) => r.path === '/api/v1/clusters/5/rolling-restart')).toMatchObject({
      method: 'POST',
      body: {
        roles: ['regionserver', 'datanode', 'hbase_master'],
        batchSize: 2,
        onlyChanged: false,
        confirm: 'lab-a',
      },
    });
  });

  it('checks the batch size and needs a role before it previews', async () => {
    mockFetch(base);
    renderPage();
    const batch = await screen.findByLabelText('Batch size');
    await userEvent.clear(batch);
    await userEvent.type(batch, '12');
    expect(batch).toHaveAccessibleDescription(/a whole number from 1 to 10/);
    expect(screen.getByTestId('restart-preview')).toBeDisabled();
    await userEvent.clear(batch);
    await userEvent.type(batch, '3');
    expect(screen.getByTestId('restart-preview')).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'None' }));
    expect(screen.getByTestId('restart-preview')).toBeDisabled();
    expect(screen.getByText('Tick at least one role.')).toBeInTheDocument();
  });

  it('asks for only the pending restarts from the link, and shows a 409 readably', async () => {
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/clusters/5/rolling-restart/preview': {
        status: 409,
        body: {
          type: 'https://granary.io/problems/nothing-to-restart',
          title: 'Nothing to restart',
          status: 409,
          code: 'nothing-to-restart',
          detail: 'No restart of lab-a is pending.',
        },
      },
    });
    renderPage(adminUser, '/clusters/5/rolling-restart?onlyChanged=true');
    expect(await screen.findByLabelText('Only what changed')).toBeChecked();
    expect(screen.getByText(/No restart is pending/)).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('restart-preview'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not preview the rolling restart');
    expect(alert).toHaveTextContent('No restart of lab-a is pending.');
    expect(alert).toHaveTextContent('code nothing-to-restart');
    expect(requests.at(-1)?.body).toEqual({ batchSize: 1, onlyChanged: true });
  });

  it('lets an OPERATOR preview but not start', async () => {
    mockFetch({
      ...base,
      'POST /api/v1/clusters/5/rolling-restart/preview': { body: rollingRestartPreviewFixture },
    });
    renderPage(operatorUser);
    await userEvent.click(await screen.findByTestId('restart-preview'));
    await screen.findByTestId('restart-preview-result');
    expect(screen.getByTestId('restart-start')).toBeDisabled();
    expect(screen.getByTestId('restart-start')).toHaveAccessibleDescription(
      'Only an ADMIN can start a rolling restart; an OPERATOR can preview one.',
    );
  });

  it('says a registered cluster has nothing Granary can restart', async () => {
    mockFetch({
      'GET /api/v1/clusters/5': { body: { ...cluster, kind: 'REGISTERED' } },
      'GET /api/v1/clusters/5/config': {
        status: 409,
        body: {
          type: 'https://granary.io/problems/not-provisioned',
          title: 'Not provisioned',
          status: 409,
          code: 'not-provisioned',
        },
      },
    });
    renderPage();
    expect(await screen.findByTestId('restart-not-provisioned')).toHaveTextContent(
      'lab-a has no installed version',
    );
  });
});
