import { ApiError } from '../../api/problem';
import type { ScaleInHostProgress, ScaleInPhase } from '../../api/types';
import { installedPlanFixture } from '../../test/fixtures';
import {
  currentHost,
  findingHost,
  groupFindings,
  hostFraction,
  nextHost,
  orderedSelection,
  PHASE_INFO,
  phaseIndex,
  phaseLabel,
  phaseStep,
  phaseSteps,
  SCALE_IN_PHASES,
  scaleInCandidates,
  scaleInProgress,
  scaleInRefusals,
  WORK_PHASES,
} from './scaleInModel';

const host = (name: string, phase: ScaleInPhase, extra: Partial<ScaleInHostProgress> = {}) => ({
  host: name,
  phase,
  ...extra,
});

describe('scale-in phases', () => {
  it('orders the phases as scale_in.yml runs them, waiting first and done last', () => {
    expect(SCALE_IN_PHASES).toEqual([
      'PENDING',
      'UNLOADING_REGIONS',
      'STOPPING_REGIONSERVER',
      'DECOMMISSIONING',
      'WAITING_FOR_REDUNDANCY',
      'STOPPING_DATANODE',
      'FORGETTING',
      'DONE',
    ]);
    expect(WORK_PHASES).toHaveLength(6);
    expect(SCALE_IN_PHASES.map(phaseIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // every phase has a label and a text
    for (const p of SCALE_IN_PHASES) {
      expect(PHASE_INFO[p].label).not.toBe('');
      expect(PHASE_INFO[p].text).not.toBe('');
    }
  });

  it('labels phases, an unknown one as it is', () => {
    expect(phaseLabel('UNLOADING_REGIONS')).toBe('Unloading regions');
    expect(phaseLabel('WAITING_FOR_REDUNDANCY')).toBe('Waiting for redundancy');
    expect(phaseLabel('DONE')).toBe('Done');
    expect(phaseLabel('REBALANCING' as ScaleInPhase)).toBe('REBALANCING');
    expect(phaseIndex('REBALANCING' as ScaleInPhase)).toBe(0);
  });

  it('says which step of six a host is on', () => {
    expect(phaseStep('PENDING')).toEqual({ step: 0, of: 6 });
    expect(phaseStep('UNLOADING_REGIONS')).toEqual({ step: 1, of: 6 });
    expect(phaseStep('DECOMMISSIONING')).toEqual({ step: 3, of: 6 });
    expect(phaseStep('FORGETTING')).toEqual({ step: 6, of: 6 });
    expect(phaseStep('DONE')).toEqual({ step: 6, of: 6 });
  });

  it('marks the steps behind, at and ahead of a host', () => {
    const states = (p: ScaleInPhase) => phaseSteps(p).map((s) => s.state);
    expect(states('PENDING')).toEqual(['todo', 'todo', 'todo', 'todo', 'todo', 'todo']);
    expect(states('DECOMMISSIONING')).toEqual(['done', 'done', 'current', 'todo', 'todo', 'todo']);
    expect(states('DONE')).toEqual(['done', 'done', 'done', 'done', 'done', 'done']);
  });

  it('counts a host as the share of phases it has finished', () => {
    expect(hostFraction('PENDING')).toBe(0);
    expect(hostFraction('UNLOADING_REGIONS')).toBe(0);
    expect(hostFraction('DECOMMISSIONING')).toBeCloseTo(2 / 6);
    expect(hostFraction('FORGETTING')).toBeCloseTo(5 / 6);
    expect(hostFraction('DONE')).toBe(1);
  });
});

describe('scale-in progress', () => {
  it('is hosts done of hosts leaving, moving with the current host’s phases', () => {
    const p = scaleInProgress(
      [host('a', 'DONE'), host('b', 'WAITING_FOR_REDUNDANCY'), host('c', 'PENDING')],
      true,
    );
    // (1 + 3/6 + 0) / 3 = 50%
    expect(p).toEqual({ finished: 1, total: 3, percent: 50, indeterminate: false });
  });

  it('reaches 100% only when every host is done', () => {
    expect(scaleInProgress([host('a', 'DONE'), host('b', 'FORGETTING')], true).percent).toBe(91);
    expect(scaleInProgress([host('a', 'DONE'), host('b', 'DONE')], false)).toEqual({
      finished: 2,
      total: 2,
      percent: 100,
      indeterminate: false,
    });
  });

  it('is indeterminate while a running scale-in has not listed its hosts', () => {
    expect(scaleInProgress(undefined, true)).toEqual({
      finished: 0,
      total: 0,
      percent: 0,
      indeterminate: true,
    });
    expect(scaleInProgress([], false).indeterminate).toBe(false);
  });

  it('finds the host the run is on and the next one', () => {
    const progress = [host('a', 'DONE'), host('b', 'STOPPING_DATANODE'), host('c', 'PENDING')];
    expect(currentHost(progress)?.host).toBe('b');
    expect(nextHost(progress)?.host).toBe('c');
    expect(currentHost([host('a', 'DONE'), host('c', 'PENDING')])).toBeUndefined();
    expect(currentHost(undefined)).toBeUndefined();
  });
});

describe('hosts to pick', () => {
  const candidates = scaleInCandidates(installedPlanFixture);

  it('lets only DataNode + RegionServer hosts be picked, saying why not for the others', () => {
    expect(candidates.map((c) => [c.hostname, c.eligible])).toEqual([
      ['lab1', true],
      ['lab2', true],
      ['lab3', true],
      ['lab4', true],
      ['lab5', false],
    ]);
    expect(candidates[4]!.reason).toBe(
      'Runs no DataNode and no RegionServer: a scale-in removes DataNode + RegionServer hosts.',
    );
  });

  it('names the other roles a host runs, in the planner’s order', () => {
    expect(candidates[0]!.otherRoles).toEqual(['ZooKeeper', 'NameNode', 'HMaster']);
    expect(candidates[1]!.otherRoles).toEqual([]);
  });

  it('keeps the picked hosts in plan order, dropping those that cannot leave', () => {
    expect(
      orderedSelection(candidates, new Set(['10.77.0.14', '10.77.0.15', '10.77.0.12', 'gone'])),
    ).toEqual(['10.77.0.12', '10.77.0.14']);
  });
});

describe('findings', () => {
  const hosts = ['10.77.0.13', '10.77.0.14'];

  it('reads the host a finding names from its field', () => {
    expect(findingHost('hosts[1]', hosts)).toBe('10.77.0.14');
    expect(findingHost('hosts[0].regions', hosts)).toBe('10.77.0.13');
    expect(findingHost('body.hosts[0]', hosts)).toBe('10.77.0.13');
    expect(findingHost('10.77.0.14', hosts)).toBe('10.77.0.14');
    expect(findingHost('hosts', hosts)).toBeUndefined();
    expect(findingHost('hosts[7]', hosts)).toBeUndefined();
  });

  it('puts refusals before warnings, cluster-wide first, then host by host', () => {
    const groups = groupFindings(
      [
        { code: 'scale-in-dead-datanode', severity: 'WARNING', field: 'hosts[1]', message: 'w1' },
        { code: 'scale-in-ec-policy', severity: 'ERROR', field: 'hosts', message: 'e1' },
        { code: 'scale-in-namenode', severity: 'ERROR', field: 'hosts[1]', message: 'e2' },
        { code: 'scale-in-from-later', severity: 'ERROR', field: 'hosts[0]', message: 'e3' },
        { code: 'scale-in-custom', severity: 'WARNING', field: 'hosts', message: 'w2' },
      ],
      hosts,
    );
    expect(groups.errors.map((f) => [f.where, f.code, f.text])).toEqual([
      ['cluster', 'scale-in-ec-policy', 'e1'],
      ['10.77.0.13', 'scale-in-from-later', 'e3'],
      ['10.77.0.14', 'scale-in-namenode', 'e2'],
    ]);
    expect(groups.warnings.map((f) => f.text)).toEqual(['w2', 'w1']);
    expect(groups.errors[0]!.title).toBe('EC policy too wide');
    // a code this console does not know yet keeps its severity's word
    expect(groups.errors[1]!.title).toBe('Refused');
    expect(groups.errors[2]!.title).toBe('Runs a NameNode');
    expect(groups.warnings[0]!.title).toBe('Warning');
    expect(groups.warnings[1]!.title).toBe('DataNode dead');
  });

  it('reads a 409 scale-in-unsafe as its refusals, each with its code', () => {
    const error = ApiError.from(409, {
      type: 'https://granary.io/problems/scale-in-unsafe',
      title: 'The scale-in is unsafe',
      status: 409,
      code: 'scale-in-unsafe',
      errors: [
        { field: 'hosts[1]', message: 'scale-in-last-regionserver: no RegionServer would be left' },
        {
          field: 'hosts',
          message: 'scale-in-ec-policy: RS-3-2-1024k needs 5 DataNodes, 3 would remain',
        },
        { field: 'hosts', message: 'something without a code' },
      ],
    });
    const refusals = scaleInRefusals(error, hosts)!;
    expect(refusals.map((r) => [r.where, r.code, r.text])).toEqual([
      ['cluster', undefined, 'something without a code'],
      ['cluster', 'scale-in-ec-policy', 'RS-3-2-1024k needs 5 DataNodes, 3 would remain'],
      ['10.77.0.14', 'scale-in-last-regionserver', 'no RegionServer would be left'],
    ]);
    expect(refusals.every((r) => r.severity === 'ERROR')).toBe(true);
  });

  it('leaves other errors to the usual problem display', () => {
    expect(
      scaleInRefusals(
        ApiError.from(409, { title: 'Busy', status: 409, code: 'provisioning-run-active' }),
        hosts,
      ),
    ).toBeUndefined();
    expect(scaleInRefusals(new Error('boom'), hosts)).toBeUndefined();
  });
});
