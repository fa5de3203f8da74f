import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminUser,
  OPERATION_ID,
  provisioningRunFixture,
  runningOperation,
  scaleInRunFixture,
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
      timeout: 10_000,
    });
    await waitFor(
      () => expect(screen.getByTestId('prov-run-state')).toHaveAttribute('data-state', 'SUCCEEDED'),
      { timeout: 10_000 },
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

  describe('a scale-in', () => {
    const renderScaleIn = (user = adminUser) =>
      renderWithProviders(<ProvisioningRunPage />, {
        user,
        route: '/provisioning/runs/11',
        path: '/provisioning/runs/:runId',
      });
    // A pause or resume answers with the run without its tasks.
    const bare = { ...scaleInRunFixture, tasks: undefined };

    it('follows each leaving host, pauses after the current one and resumes', async () => {
      let state: 'RUNNING' | 'PAUSING' | 'PAUSED' | 'RESUMED' = 'RUNNING';
      const paused = {
        ...scaleInRunFixture,
        state: 'PAUSED' as const,
        pauseRequested: false,
        progress: [
          {
            ...scaleInRunFixture.progress![0]!,
            phase: 'DONE' as const,
            blocksLeft: 0,
            finishedAt: '2025-11-22T10:20:00Z',
          },
          scaleInRunFixture.progress![1]!,
        ],
      };
      const { requests } = mockFetch({
        'GET /api/v1/provisioning/runs/11': () => {
          if (state === 'RUNNING') return { body: scaleInRunFixture };
          if (state === 'PAUSING') {
            state = 'PAUSED';
            return { body: { ...scaleInRunFixture, pauseRequested: true } };
          }
          if (state === 'PAUSED') return { body: paused };
          return { body: { ...paused, state: 'RUNNING' } };
        },
        'POST /api/v1/provisioning/runs/11/pause': () => {
          state = 'PAUSING';
          return { status: 202, body: { ...bare, pauseRequested: true } };
        },
        'POST /api/v1/provisioning/runs/11/resume': () => {
          state = 'RESUMED';
          return { status: 202, body: { ...paused, state: 'RUNNING', tasks: undefined } };
        },
      });
      renderScaleIn();

      expect(await screen.findByTestId('prov-run-state')).toHaveAttribute('data-state', 'RUNNING');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Scale-in of lab-a');
      const hosts = screen.getAllByTestId('scale-in-host-progress');
      expect(hosts.map((h) => [h.getAttribute('data-host'), h.getAttribute('data-phase')])).toEqual(
        [
          ['10.77.0.13', 'WAITING_FOR_REDUNDANCY'],
          ['10.77.0.14', 'PENDING'],
        ],
      );
      expect(within(hosts[0]!).getByTestId('scale-in-phase')).toHaveTextContent(
        'Waiting for redundancy',
      );
      expect(hosts[0]).toHaveTextContent('4 / 6');
      expect(within(hosts[0]!).getByTestId('scale-in-blocks-left')).toHaveTextContent('1,200');
      expect(within(hosts[0]!).getByTestId('scale-in-regions-left')).toHaveTextContent('0');
      // (3/6 + 0) / 2 = 25%
      expect(screen.getByRole('progressbar', { name: 'Hosts removed' })).toHaveAttribute(
        'aria-valuenow',
        '25',
      );
      expect(screen.getByTestId('scale-in-now')).toHaveTextContent(
        'Now on 10.77.0.13: waiting for redundancy.',
      );
      // The task stream stays as for any run.
      expect(screen.getAllByTestId('prov-task-row')).toHaveLength(2);
      expect(screen.queryByTestId('scale-in-resume')).not.toBeInTheDocument();

      await userEvent.click(screen.getByTestId('scale-in-pause'));
      expect(await screen.findByTestId('scale-in-pausing')).toHaveTextContent(
        'Pausing after 10.77.0.13',
      );
      expect(requests.some((r) => r.path === '/api/v1/provisioning/runs/11/pause')).toBe(true);
      // The pause answer has no tasks: the stream shown is kept.
      expect(screen.getAllByTestId('prov-task-row')).toHaveLength(2);
      expect(screen.queryByTestId('scale-in-pause')).not.toBeInTheDocument();

      await waitFor(
        () => expect(screen.getByTestId('prov-run-state')).toHaveAttribute('data-state', 'PAUSED'),
        { timeout: 10_000 },
      );
      expect(screen.getByTestId('scale-in-paused')).toHaveTextContent(
        'Paused after 10.77.0.13; 1 host left; Resume continues with 10.77.0.14.',
      );
      await userEvent.click(screen.getByTestId('scale-in-resume'));
      await waitFor(() =>
        expect(screen.getByTestId('prov-run-state')).toHaveAttribute('data-state', 'RUNNING'),
      );
      expect(requests.some((r) => r.path === '/api/v1/provisioning/runs/11/resume')).toBe(true);
      expect(screen.getByTestId('scale-in-pause')).toBeInTheDocument();
    });

    it('shows a VIEWER the timeline without Pause, and the hosts that left once done', async () => {
      mockFetch({
        'GET /api/v1/provisioning/runs/11': {
          body: {
            ...scaleInRunFixture,
            state: 'SUCCEEDED',
            finishedAt: '2025-11-22T10:40:00Z',
            progress: scaleInRunFixture.progress!.map((p) => ({ ...p, phase: 'DONE' })),
          },
        },
      });
      renderScaleIn(viewerUser);
      expect(await screen.findByTestId('prov-run-state')).toHaveAttribute(
        'data-state',
        'SUCCEEDED',
      );
      expect(screen.getByTestId('prov-open-cluster')).toHaveAttribute('href', '/clusters/5');
      expect(screen.getByText(/10\.77\.0\.13, 10\.77\.0\.14 have left/)).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Hosts removed' })).toHaveAttribute(
        'aria-valuenow',
        '100',
      );
      expect(screen.queryByTestId('scale-in-pause')).not.toBeInTheDocument();
      expect(screen.queryByTestId('scale-in-control-role')).not.toBeInTheDocument();
    });

    it('tells a VIEWER who can pause a running scale-in', async () => {
      mockFetch({ 'GET /api/v1/provisioning/runs/11': { body: scaleInRunFixture } });
      renderScaleIn(viewerUser);
      expect(await screen.findByTestId('scale-in-control-role')).toHaveTextContent(
        'An ADMIN can pause the scale-in between hosts, and resume it.',
      );
      expect(screen.queryByTestId('scale-in-pause')).not.toBeInTheDocument();
    });
  });
});
