import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminUser,
  OPERATION_ID,
  provisioningRunFixture,
  runningOperation,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { ProvisioningRunPage } from './ProvisioningRunPage';

const base = {
  [`GET /api/v1/operations/${OPERATION_ID}`]: {
    body: {
      ...runningOperation,
      type: 'PROVISIONING',
      clusterId: undefined,
      target: 'provisioning lab-a',
    },
  },
};

const renderRun = (user = adminUser) =>
  renderWithProviders(<ProvisioningRunPage />, {
    user,
    route: '/provisioning/runs/7',
    path: '/provisioning/runs/:runId',
  });

describe('ProvisioningRunPage', () => {
  it('streams the tasks while RUNNING and links the cluster once installed', async () => {
    let calls = 0;
    mockFetch({
      ...base,
      'GET /api/v1/provisioning/runs/7': () => {
        calls += 1;
        if (calls === 1) return { body: provisioningRunFixture };
        if (calls === 2) {
          return {
            body: {
              ...provisioningRunFixture,
              tasks: [
                ...provisioningRunFixture.tasks,
                { seq: 5, host: 'lab1', task: 'zookeeper : start', status: 'changed' },
              ],
            },
          };
        }
        return {
          body: {
            ...provisioningRunFixture,
            state: 'SUCCEEDED',
            clusterId: 5,
            changed: 2,
            message: "install of 'lab-a': ok=2 changed=2; cluster #5",
            finishedAt: '2025-11-21T16:09:00Z',
            tasks: [
              ...provisioningRunFixture.tasks,
              { seq: 5, host: 'lab1', task: 'zookeeper : start', status: 'changed' },
              { seq: 6, host: 'lab1', task: 'health : wait', status: 'ok' },
            ],
          },
        };
      },
    });
    renderRun();
    expect(await screen.findByTestId('prov-run-state')).toHaveAttribute('data-state', 'RUNNING');
    const rows = screen.getAllByTestId('prov-task-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual([
      'play',
      'ok',
      'changed',
      'skipped',
    ]);
    expect(rows[0]).toHaveTextContent('PLAY Preflight');
    expect(rows[2]).toHaveTextContent('lab2');
    expect(rows[2]).toHaveTextContent('os_baseline : set swappiness');
    expect(screen.getByTestId('prov-task-counts')).toHaveTextContent(
      '1 ok · 1 changed · 0 failed · 0 unreachable · 1 skipped · 1 plays',
    );
    expect(screen.getByTestId('shell-command')).toHaveTextContent(
      'cd /opt/granary/ansible && ansible-playbook -i <inventory>/hosts.yml install.yml',
    );
    expect(screen.queryByTestId('prov-open-cluster')).not.toBeInTheDocument();

    await waitFor(() => expect(screen.getAllByTestId('prov-task-row')).toHaveLength(5), {
      timeout: 3000,
    });
    await waitFor(
      () => expect(screen.getByTestId('prov-run-state')).toHaveAttribute('data-state', 'SUCCEEDED'),
      { timeout: 3000 },
    );
    expect(screen.getAllByTestId('prov-task-row')).toHaveLength(6);
    expect(screen.getByTestId('prov-open-cluster')).toHaveAttribute('href', '/clusters/5');
    expect(screen.getByTestId('prov-run-message')).toHaveTextContent('cluster #5');
    // Finished: no more polling.
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls).toBe(after);

    // The operation's events are there too.
    expect(await screen.findByText('Balancer switch turned on')).toBeInTheDocument();
  });

  it('filters the stream and says why a failed run failed', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/provisioning/runs/7': {
        body: {
          ...provisioningRunFixture,
          state: 'FAILED',
          message: 'lab2: failed=1 unreachable=0',
          finishedAt: '2025-11-21T16:03:00Z',
          tasks: [
            ...provisioningRunFixture.tasks,
            {
              seq: 5,
              host: 'lab2',
              task: 'hdfs_datanode : start',
              status: 'failed',
              message: 'rc=1',
            },
          ],
        },
      },
    });
    renderRun(viewerUser);
    expect(await screen.findByRole('alert')).toHaveTextContent('lab2: failed=1 unreachable=0');
    expect(screen.queryByTestId('prov-open-cluster')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByTestId('prov-task-filter'), 'problems');
    const rows = screen.getAllByTestId('prov-task-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByTestId('prov-task-status')).toHaveTextContent('failed');
    expect(rows[0]).toHaveTextContent('rc=1');
  });

  it('says when the run does not exist', async () => {
    mockFetch(base);
    renderRun();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  });
});
