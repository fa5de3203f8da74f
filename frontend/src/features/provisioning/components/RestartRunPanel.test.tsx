import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProvisioningRunDetail } from '../../../api/types';
import { adminUser, restartRunFixture, viewerUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { ProvisioningRunPage } from '../pages/ProvisioningRunPage';

// Many typed keystrokes: a busy two-core machine takes longer than the default 5 s.
const SLOW = { timeout: 15_000 };

const renderRun = (user = adminUser) =>
  renderWithProviders(<ProvisioningRunPage />, {
    user,
    route: '/provisioning/runs/12',
    path: '/provisioning/runs/:runId',
  });

const step = (seq: number) =>
  screen.getAllByTestId('restart-step').find((s) => s.getAttribute('data-seq') === String(seq))!;
const hostRow = (seq: number, host: string) =>
  within(step(seq))
    .getAllByTestId('timeline-host')
    .find((h) => h.getAttribute('data-host') === host)!;
const durations = (row: HTMLElement) =>
  within(row)
    .getAllByTestId('timeline-phase')
    .map((p) => [
      p.getAttribute('data-phase'),
      within(p).queryByTestId('timeline-duration')?.textContent?.replace(' · ', '') ?? null,
    ]);

// A pause, resume or abort answers with the run without its tasks.
const bare = { ...restartRunFixture, tasks: undefined };
const stepsAfterFirst: ProvisioningRunDetail['steps'] = restartRunFixture.steps!.map((s) =>
  s.seq === 2
    ? {
        ...s,
        phase: 'DONE',
        finishedAt: '2025-11-22T11:07:00Z',
        timeline: [...s.timeline, { host: 'lab3', phase: 'DONE', at: '2025-11-22T11:07:00Z' }],
      }
    : s,
);

describe('a rolling restart on its run page', () => {
  it('shows each step, its hosts timed phase by phase, the progress and the regions moved', async () => {
    mockFetch({ 'GET /api/v1/provisioning/runs/12': { body: restartRunFixture } });
    renderRun();
    expect(await screen.findByTestId('prov-run-state')).toHaveAttribute('data-state', 'RUNNING');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Rolling restart of lab-a');
    const steps = screen.getAllByTestId('restart-step');
    expect(steps.map((s) => [s.getAttribute('data-role'), s.getAttribute('data-phase')])).toEqual([
      ['regionserver', 'DONE'],
      ['regionserver', 'RESTARTING'],
      ['datanode', 'PENDING'],
      ['hbase_master', 'PENDING'],
    ]);
    expect(within(step(1)).getByTestId('restart-step-phase')).toHaveTextContent('Done');
    expect(within(step(1)).getByTestId('restart-step-regions')).toHaveTextContent(
      '12 regions moved',
    );
    expect(within(step(1)).getByTestId('restart-step-regions-back')).toHaveTextContent('12 back');
    expect(within(step(1)).getByTestId('restart-step-took')).toHaveTextContent('3m 30s');
    expect(within(step(3)).getByText('not started')).toBeInTheDocument();
    // (1 + 1/4) of 4 steps
    expect(screen.getByRole('progressbar', { name: 'Steps done' })).toHaveAttribute(
      'aria-valuenow',
      '31',
    );
    expect(screen.getByTestId('restart-regions-moved')).toHaveTextContent('21');
    expect(screen.getByTestId('restart-now')).toHaveTextContent(
      'Now on step 2 (RegionServer on lab3, lab4): restarting.',
    );

    // Each phase lasts until the host's next one; DONE is a moment.
    const lab1 = hostRow(1, 'lab1');
    expect(lab1).toHaveAttribute('data-phase', 'DONE');
    expect(durations(lab1)).toEqual([
      ['UNLOADING_REGIONS', '1m'],
      ['RESTARTING', '20s'],
      ['WAITING_FOR_HEALTH', '40s'],
      ['LOADING_REGIONS', '1m 30s'],
      ['DONE', null],
    ]);
    expect(within(lab1).getByTestId('timeline-total')).toHaveTextContent('3m 30s');
    expect(within(hostRow(1, 'lab2')).getByTestId('timeline-total')).toHaveTextContent('3m 15s');
    // The step under way counts its open phase up to now.
    const lab3 = hostRow(2, 'lab3');
    expect(durations(lab3)[0]).toEqual(['UNLOADING_REGIONS', '1m']);
    expect(durations(lab3)[1]![1]).toMatch(/ so far$/);
    expect(within(step(3)).getByTestId('timeline-host')).toHaveTextContent('Not started');
    // The task stream stays as for any run.
    expect(screen.getAllByTestId('prov-task-row')).toHaveLength(2);
  });

  it('pauses after the step it is on and resumes', SLOW, async () => {
    let state: 'RUNNING' | 'PAUSING' | 'PAUSED' | 'RESUMED' = 'RUNNING';
    const paused = { ...restartRunFixture, state: 'PAUSED' as const, steps: stepsAfterFirst };
    const { requests } = mockFetch({
      'GET /api/v1/provisioning/runs/12': () => {
        if (state === 'RUNNING') return { body: restartRunFixture };
        if (state === 'PAUSING') {
          state = 'PAUSED';
          return { body: { ...restartRunFixture, pauseRequested: true } };
        }
        if (state === 'PAUSED') return { body: paused };
        return { body: { ...paused, state: 'RUNNING' } };
      },
      'POST /api/v1/provisioning/runs/12/pause': () => {
        state = 'PAUSING';
        return { status: 202, body: { ...bare, pauseRequested: true } };
      },
      'POST /api/v1/provisioning/runs/12/resume': () => {
        state = 'RESUMED';
        return { status: 202, body: { ...paused, state: 'RUNNING', tasks: undefined } };
      },
    });
    renderRun();
    await userEvent.click(await screen.findByTestId('restart-pause'));
    expect(await screen.findByTestId('restart-pausing')).toHaveTextContent(
      'Pausing after step 2 (RegionServer on lab3, lab4): the run stops once that step is done.',
    );
    expect(requests.some((r) => r.path === '/api/v1/provisioning/runs/12/pause')).toBe(true);
    expect(screen.queryByTestId('restart-pause')).not.toBeInTheDocument();
    // Abort stays offered while a pause waits.
    expect(screen.getByTestId('restart-abort')).toBeEnabled();
    await waitFor(
      () => expect(screen.getByTestId('prov-run-state')).toHaveAttribute('data-state', 'PAUSED'),
      { timeout: 10_000 },
    );
    expect(screen.getByTestId('restart-paused')).toHaveTextContent(
      'Paused after step 2 (RegionServer on lab3, lab4); 2 steps left; Resume continues with step 3 (DataNode on lab1).',
    );
    await userEvent.click(screen.getByTestId('restart-resume'));
    await waitFor(() =>
      expect(screen.getByTestId('prov-run-state')).toHaveAttribute('data-state', 'RUNNING'),
    );
    expect(requests.some((r) => r.path === '/api/v1/provisioning/runs/12/resume')).toBe(true);
    expect(screen.getByTestId('restart-pause')).toBeInTheDocument();
  });

  it('aborts only after a confirmation that says the current step finishes first', async () => {
    let aborted = false;
    const { requests } = mockFetch({
      'GET /api/v1/provisioning/runs/12': () => ({
        body: { ...restartRunFixture, abortRequested: aborted },
      }),
      'POST /api/v1/provisioning/runs/12/abort': () => {
        aborted = true;
        return { status: 202, body: { ...bare, abortRequested: true } };
      },
    });
    renderRun();
    await userEvent.click(await screen.findByTestId('restart-abort'));
    const dialog = screen.getByRole('dialog', { name: 'Abort this run of lab-a?' });
    expect(within(dialog).getByTestId('run-abort-text')).toHaveTextContent(
      'The step the run is on finishes first (a RegionServer being restarted gets its regions back)',
    );
    expect(within(dialog).getByRole('figure')).toHaveTextContent('/provisioning/runs/12/abort');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.path.endsWith('/abort'))).toBe(false);

    await userEvent.click(screen.getByTestId('restart-abort'));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Abort run' }),
    );
    expect(await screen.findByTestId('restart-aborting')).toHaveTextContent(
      'Aborting after step 2 (RegionServer on lab3, lab4): it finishes first',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('restart-pause')).not.toBeInTheDocument();
    expect(screen.queryByTestId('restart-abort')).not.toBeInTheDocument();
  });

  it('shows a failed configuration change readably, without controls for a VIEWER', async () => {
    mockFetch({
      'GET /api/v1/provisioning/runs/12': {
        body: {
          ...restartRunFixture,
          playbook: 'config_change',
          state: 'FAILED',
          message: 'rolling_restart.yml for regionserver on lab3, lab4 failed: lab4 unreachable',
          finishedAt: '2025-11-22T11:06:00Z',
          steps: restartRunFixture.steps!.map((s) =>
            s.seq === 2
              ? { ...s, phase: 'FAILED' as const, finishedAt: '2025-11-22T11:06:00Z' }
              : s,
          ),
        },
      },
    });
    renderRun(viewerUser);
    expect(await screen.findByTestId('prov-run-state')).toHaveAttribute('data-state', 'FAILED');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Configuration change of lab-a',
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('lab4 unreachable. The steps done stay done');
    expect(within(alert).getByRole('link', { name: 'Configuration' })).toHaveAttribute(
      'href',
      '/clusters/5/config',
    );
    expect(screen.getByTestId('restart-now')).toHaveTextContent(
      'The run is failed: step 2 (RegionServer on lab3, lab4) failed.',
    );
    expect(step(2)).toHaveAttribute('data-phase', 'FAILED');
    // a finished step's open phase lasts until the step ended
    expect(durations(hostRow(2, 'lab3'))[1]).toEqual(['RESTARTING', '1m 30s']);
    expect(screen.getByText('install.yml, then rolling_restart.yml')).toBeInTheDocument();
    expect(screen.queryByTestId('restart-abort')).not.toBeInTheDocument();
    expect(screen.queryByTestId('restart-control-role')).not.toBeInTheDocument();
  });

  it('tells a VIEWER who can pause, resume or abort a running restart', async () => {
    mockFetch({ 'GET /api/v1/provisioning/runs/12': { body: restartRunFixture } });
    renderRun(viewerUser);
    expect(await screen.findByTestId('restart-control-role')).toHaveTextContent(
      'An ADMIN can pause the run between steps, resume it, or abort it.',
    );
    expect(screen.queryByTestId('restart-pause')).not.toBeInTheDocument();
  });
});
