import type { RollingRestartStep } from '../../api/types';
import { restartRunFixture } from '../../test/fixtures';
import {
  CONFIG_STEP,
  currentStep,
  hostTimelines,
  inRestartOrder,
  nextStep,
  parseBatchSize,
  regionsMoved,
  restartProgress,
  restartRequest,
  restartShell,
  STEP_PHASE_INFO,
  stepFraction,
  stepName,
  stepPhaseLabel,
  stepPhaseStates,
  stepRoleLabel,
  workPhases,
} from './restartModel';

const steps = restartRunFixture.steps!;
const [done, restarting] = steps as [RollingRestartStep, RollingRestartStep];
const T0 = Date.parse('2025-11-22T11:00:00Z');
const sec = (s: number) => s * 1000;

describe('roles and phases', () => {
  it('orders roles as the backend restarts them, unknown ones last', () => {
    expect(
      inRestartOrder(['hbase_master', 'zookeeper', 'datanode', 'regionserver', 'custom', 'zkfc']),
    ).toEqual(['regionserver', 'datanode', 'zookeeper', 'zkfc', 'hbase_master', 'custom']);
  });

  it('names steps, the configuration write included', () => {
    expect(stepRoleLabel('regionserver')).toBe('RegionServer');
    expect(stepRoleLabel(CONFIG_STEP)).toBe('Write configuration');
    expect(stepName(restarting)).toBe('step 2 (RegionServer on lab3, lab4)');
    expect(stepPhaseLabel('WAITING_FOR_BLOCKS')).toBe('Waiting for blocks');
    expect(stepPhaseLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(Object.keys(STEP_PHASE_INFO)).toHaveLength(9);
  });

  it('gives each role its working phases', () => {
    expect(workPhases('regionserver')).toEqual([
      'UNLOADING_REGIONS',
      'RESTARTING',
      'WAITING_FOR_HEALTH',
      'LOADING_REGIONS',
    ]);
    expect(workPhases('datanode')).toEqual([
      'RESTARTING',
      'WAITING_FOR_HEALTH',
      'WAITING_FOR_BLOCKS',
    ]);
    expect(workPhases('zookeeper')).toEqual(['RESTARTING', 'WAITING_FOR_HEALTH']);
    expect(workPhases(CONFIG_STEP)).toEqual(['WRITING_CONFIG']);
  });

  it('counts the phases a step has behind it', () => {
    expect(stepFraction(done)).toBe(1);
    expect(stepFraction(restarting)).toBe(0.25);
    expect(stepFraction({ role: 'datanode', phase: 'WAITING_FOR_BLOCKS' })).toBeCloseTo(2 / 3);
    expect(stepFraction({ role: 'datanode', phase: 'PENDING' })).toBe(0);
    expect(stepFraction({ role: 'datanode', phase: 'FAILED' })).toBe(0);
    expect(stepPhaseStates(restarting).map((s) => s.state)).toEqual([
      'done',
      'current',
      'todo',
      'todo',
    ]);
    expect(stepPhaseStates({ role: 'zookeeper', phase: 'DONE' }).map((s) => s.state)).toEqual([
      'done',
      'done',
    ]);
  });
});

describe('progress', () => {
  it('moves with the current step and reaches 100% only when every step is done', () => {
    // (1 + 0.25 + 0 + 0) / 4
    expect(restartProgress(steps, true)).toEqual({
      finished: 1,
      total: 4,
      percent: 31,
      indeterminate: false,
    });
    const allButLast = steps.map((s, i) => ({
      ...s,
      phase: i < 3 ? 'DONE' : 'WAITING_FOR_HEALTH',
    }));
    expect(restartProgress(allButLast as RollingRestartStep[], true).percent).toBe(87);
    expect(
      restartProgress(
        steps.map((s) => ({ ...s, phase: 'DONE' as const })),
        false,
      ).percent,
    ).toBe(100);
  });

  it('is indeterminate while a running restart has listed no step', () => {
    expect(restartProgress([], true).indeterminate).toBe(true);
    expect(restartProgress(undefined, false)).toMatchObject({ percent: 100, indeterminate: false });
  });

  it('finds the current and the next step, and adds up the regions moved', () => {
    expect(currentStep(steps)?.seq).toBe(2);
    expect(nextStep(steps)?.seq).toBe(3);
    expect(currentStep([done])).toBeUndefined();
    expect(regionsMoved(steps)).toBe(21);
  });
});

describe('host timelines', () => {
  it('times each phase until the next one began and ends at DONE', () => {
    const [lab1, lab2] = hostTimelines(done, false);
    expect(lab1!.host).toBe('lab1');
    expect(lab1!.phases.map((p) => [p.phase, p.ms])).toEqual([
      ['UNLOADING_REGIONS', sec(60)],
      ['RESTARTING', sec(20)],
      ['WAITING_FOR_HEALTH', sec(40)],
      ['LOADING_REGIONS', sec(90)],
      ['DONE', undefined],
    ]);
    expect(lab1!.totalMs).toBe(sec(210));
    expect(lab1!.phase).toBe('DONE');
    expect(lab2!.phases[0]!.ms).toBe(sec(70));
    expect(lab2!.totalMs).toBe(sec(195));
  });

  it('counts the phase a host is in up to now while the run is live', () => {
    const now = T0 + sec(5 * 60);
    const [lab3, lab4] = hostTimelines(restarting, true, now);
    expect(lab3!.phases.map((p) => [p.phase, p.ms, p.ongoing])).toEqual([
      ['UNLOADING_REGIONS', sec(60), false],
      ['RESTARTING', sec(30), true],
    ]);
    expect(lab3!.totalMs).toBe(sec(90));
    expect(lab4!.phases).toHaveLength(1);
    expect(lab4!.phases[0]).toMatchObject({ ms: sec(90), ongoing: true });
  });

  it('leaves an open phase untimed once the run stopped, and timed to the step end when it finished', () => {
    const [lab3] = hostTimelines(restarting, false);
    expect(lab3!.phases[1]).toMatchObject({ phase: 'RESTARTING', ongoing: false });
    expect(lab3!.phases[1]!.ms).toBeUndefined();
    const [ended] = hostTimelines({ ...restarting, finishedAt: '2025-11-22T11:04:45Z' }, false);
    expect(ended!.phases[1]!.ms).toBe(sec(15));
  });

  it('lists hosts the step names before it reached them, and hosts only the timeline names', () => {
    const pending = hostTimelines({ hosts: ['lab1'], timeline: [] }, true);
    expect(pending).toEqual([{ host: 'lab1', phases: [], totalMs: undefined, phase: 'PENDING' }]);
    const extra = hostTimelines(
      { hosts: ['a'], timeline: [{ host: 'b', phase: 'RESTARTING', at: '2025-11-22T11:00:00Z' }] },
      false,
    );
    expect(extra.map((h) => h.host)).toEqual(['a', 'b']);
  });
});

describe('equivalent commands', () => {
  it('writes the files with restarts deferred, then restarts each step with a JSON host list', () => {
    expect(
      restartShell.configChange([
        { role: 'regionserver', hosts: ['lab1', 'lab2'] },
        { role: 'datanode', hosts: ['lab1'] },
      ]),
    ).toEqual([
      'ansible-playbook -i <inventory>/hosts.yml install.yml -e granary_defer_restarts=true',
      `ansible-playbook -i <inventory>/hosts.yml rolling_restart.yml -e rolling_restart_role=regionserver -e '{"rolling_restart_hosts":["lab1","lab2"]}'`,
      `ansible-playbook -i <inventory>/hosts.yml rolling_restart.yml -e rolling_restart_role=datanode -e '{"rolling_restart_hosts":["lab1"]}'`,
    ]);
  });
});

describe('the form', () => {
  it('takes a batch size from 1 to 10', () => {
    expect(parseBatchSize('3')).toEqual({ value: 3 });
    expect(parseBatchSize(' 10 ')).toEqual({ value: 10 });
    for (const bad of ['0', '11', '2.5', '', 'two'])
      expect(parseBatchSize(bad).error).toBe('a whole number from 1 to 10');
  });

  it('sends no role list when every role is ticked, else the ticked ones in restart order', () => {
    const available = ['zookeeper', 'datanode', 'regionserver'];
    expect(restartRequest(new Set(available), available, 2, false)).toEqual({
      roles: undefined,
      batchSize: 2,
      onlyChanged: false,
    });
    expect(restartRequest(new Set(['zookeeper', 'regionserver']), available, 1, true)).toEqual({
      roles: ['regionserver', 'zookeeper'],
      batchSize: 1,
      onlyChanged: true,
    });
  });
});
