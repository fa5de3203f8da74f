import type { RollingRestartStep, ScaleInHostProgress, ScaleInPhase } from '../../api/types';
import { restartRunFixture, scaleInRunFixture } from '../../test/fixtures';
import { runControl } from './runControl';

const host = (name: string, phase: ScaleInPhase): ScaleInHostProgress => ({ host: name, phase });
const step = (
  seq: number,
  phase: RollingRestartStep['phase'],
  hosts = [`lab${seq}`],
): RollingRestartStep => ({ seq, role: 'regionserver', hosts, phase, timeline: [] });

describe('scale-in: pause, resume and abort', () => {
  const run = scaleInRunFixture;

  it('offers Pause and Abort while a scale-in runs', () => {
    expect(runControl(run)).toMatchObject({
      pausable: true,
      canPause: true,
      canResume: false,
      canAbort: true,
    });
  });

  it('says after which host a requested pause stops, and still lets it abort', () => {
    const c = runControl({ ...run, pauseRequested: true });
    expect(c.canPause).toBe(false);
    expect(c.canResume).toBe(false);
    expect(c.canAbort).toBe(true);
    expect(c.pausing).toMatch(/^Pausing after 10\.77\.0\.13:/);
    expect(
      runControl({
        ...run,
        pauseRequested: true,
        progress: [host('a', 'DONE'), host('b', 'PENDING')],
      }).pausing,
    ).toBe('Pausing before the next host.');
  });

  it('offers Resume and Abort while PAUSED and says what is left', () => {
    const c = runControl({
      ...run,
      state: 'PAUSED',
      pauseRequested: false,
      progress: [host('a', 'DONE'), host('b', 'PENDING'), host('c', 'PENDING')],
    });
    expect(c).toMatchObject({ canResume: true, canPause: false, canAbort: true });
    expect(c.paused).toBe('Paused after a; 2 hosts left; Resume continues with b.');
    expect(runControl({ ...run, state: 'PAUSED', progress: [host('a', 'PENDING')] }).paused).toBe(
      'Paused before the first host; 1 host left; Resume continues with a.',
    );
  });

  it('offers nothing once an abort is asked, and says where it stops', () => {
    const c = runControl({ ...run, abortRequested: true });
    expect(c).toMatchObject({ canPause: false, canResume: false, canAbort: false });
    expect(c.aborting).toMatch(/^Aborting after 10\.77\.0\.13: it leaves the cluster first/);
    expect(c.pausing).toBeUndefined();
  });

  it('offers nothing once the run ended, or for another playbook', () => {
    expect(runControl({ ...run, state: 'SUCCEEDED' })).toMatchObject({
      pausable: true,
      canPause: false,
      canResume: false,
      canAbort: false,
    });
    const install = runControl({ ...run, playbook: 'install' });
    expect(install.pausable).toBe(false);
    expect(install.canPause || install.canAbort).toBe(false);
  });
});

describe('rolling restart: pause, resume and abort', () => {
  const run = restartRunFixture;

  it('offers Pause and Abort while a rolling restart or a configuration change runs', () => {
    for (const playbook of ['rolling_restart', 'config_change']) {
      expect(runControl({ ...run, playbook })).toMatchObject({
        pausable: true,
        canPause: true,
        canResume: false,
        canAbort: true,
      });
    }
  });

  it('pauses after the step it is on', () => {
    const c = runControl({ ...run, pauseRequested: true });
    expect(c.canPause).toBe(false);
    expect(c.pausing).toBe(
      'Pausing after step 2 (RegionServer on lab3, lab4): the run stops once that step is done.',
    );
    expect(
      runControl({ ...run, pauseRequested: true, steps: [step(1, 'DONE'), step(2, 'PENDING')] })
        .pausing,
    ).toBe('Pausing before the next step.');
  });

  it('says where a PAUSED restart stands and what Resume does', () => {
    const c = runControl({
      ...run,
      state: 'PAUSED',
      steps: [step(1, 'DONE'), step(2, 'DONE'), step(3, 'PENDING'), step(4, 'PENDING')],
    });
    expect(c).toMatchObject({ canPause: false, canResume: true, canAbort: true });
    expect(c.paused).toBe(
      'Paused after step 2 (RegionServer on lab2); 2 steps left; Resume continues with step 3 (RegionServer on lab3).',
    );
  });

  it('says that an abort waits for the current step, which gets its regions back', () => {
    const c = runControl({ ...run, abortRequested: true, pauseRequested: true });
    expect(c).toMatchObject({ canPause: false, canResume: false, canAbort: false });
    expect(c.pausing).toBeUndefined();
    expect(c.aborting).toBe(
      'Aborting after step 2 (RegionServer on lab3, lab4): it finishes first (a RegionServer gets its regions back), then the run ends; the steps after it do not run.',
    );
    expect(c.abortText).toMatch(/^The step the run is on finishes first/);
  });

  it('offers nothing once it ended', () => {
    for (const state of ['SUCCEEDED', 'FAILED', 'CANCELLED'] as const) {
      const c = runControl({ ...run, state });
      expect(c.canPause || c.canResume || c.canAbort).toBe(false);
    }
  });
});
