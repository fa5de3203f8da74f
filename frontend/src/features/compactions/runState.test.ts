import { compactionRunFixture } from '../../test/fixtures';
import { beforeAfter, formatLocality, runDuration, runProgress } from './runState';

const run = (over: Partial<typeof compactionRunFixture>) => ({ ...compactionRunFixture, ...over });

describe('runProgress', () => {
  it('counts done, skipped and failed regions over the total', () => {
    expect(
      runProgress(run({ regionsTotal: 4, regionsDone: 2, regionsSkipped: 1, regionsFailed: 0 })),
    ).toEqual({ finished: 3, total: 4, percent: 75, indeterminate: false });
    expect(
      runProgress(run({ regionsTotal: 4, regionsDone: 1, regionsSkipped: 1, regionsFailed: 2 }))
        .percent,
    ).toBe(100);
  });

  it('reaches 100% only once every region is finished', () => {
    const p = runProgress(
      run({ regionsTotal: 200, regionsDone: 199, regionsSkipped: 0, regionsFailed: 0 }),
    );
    expect(p.percent).toBe(99);
  });

  it('is indeterminate while a run is still selecting regions, full once it ended with none', () => {
    const none = { regionsTotal: 0, regionsDone: 0, regionsSkipped: 0, regionsFailed: 0 };
    expect(runProgress(run({ ...none, state: 'RUNNING' }))).toEqual({
      finished: 0,
      total: 0,
      percent: 0,
      indeterminate: true,
    });
    expect(runProgress(run({ ...none, state: 'SUCCEEDED' })).percent).toBe(100);
  });

  it('never goes past 100% when the counters overtake the total', () => {
    expect(runProgress(run({ regionsTotal: 2, regionsDone: 3 })).percent).toBe(100);
  });
});

describe('run formatting', () => {
  it('shows before → after with a dash for what is not measured', () => {
    expect(beforeAfter(16, 4)).toBe('16 → 4');
    expect(beforeAfter(1600, undefined)).toBe('1,600 → —');
    expect(beforeAfter(undefined, undefined)).toBe('—');
    expect(beforeAfter(0.5, 1, formatLocality)).toBe('50% → 100%');
  });

  it("uses the backend's duration, or the time since the start while running", () => {
    expect(runDuration({ durationSeconds: 125, startedAt: '2025-11-21T15:46:00Z' })).toBe('2m 5s');
    expect(
      runDuration({ startedAt: '2025-11-21T15:46:00Z' }, Date.parse('2025-11-21T15:46:42Z')),
    ).toBe('42s');
  });
});
