import type { ProvisioningTask } from '../../api/types';
import { provisioningRunFixture } from '../../test/fixtures';
import {
  ansiblePlaybookCommand,
  filterTasks,
  isRestartRun,
  isRunLive,
  isRunOpen,
  knownPlaybook,
  playbookFiles,
  playbookLabel,
  playOf,
  sentence,
  taskCounts,
  taskTone,
} from './runModel';

const tasks: ProvisioningTask[] = [
  ...provisioningRunFixture.tasks,
  { seq: 5, task: 'HDFS', status: 'play' },
  { seq: 6, host: 'lab1', task: 'namenode : format', status: 'failed', message: 'rc=1' },
  { seq: 7, host: 'lab3', task: 'Gathering Facts', status: 'unreachable' },
  { seq: 8, host: 'lab1', task: 'weird', status: 'rescued' },
];

describe('task stream', () => {
  it('counts results by status; plays are not results', () => {
    expect(taskCounts(tasks)).toEqual({
      ok: 1,
      changed: 1,
      failed: 1,
      skipped: 1,
      unreachable: 1,
      play: 2,
      total: 6,
    });
    expect(taskCounts([]).total).toBe(0);
  });

  it('filters, keeping plays for context except among problems', () => {
    const seqs = (f: Parameters<typeof filterTasks>[1]) => filterTasks(tasks, f).map((t) => t.seq);
    expect(seqs('all')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(seqs('no-skipped')).toEqual([1, 2, 3, 5, 6, 7, 8]);
    expect(seqs('changes')).toEqual([1, 3, 5, 6, 7]);
    expect(seqs('problems')).toEqual([6, 7]);
  });

  it('colours statuses, unknown ones neutral', () => {
    expect(taskTone('failed')).toBe('bad');
    expect(taskTone('unreachable')).toBe('bad');
    expect(taskTone('changed')).toBe('warn');
    expect(taskTone('ok')).toBe('ok');
    expect(taskTone('rescued')).toBe('neutral');
  });

  it('finds the play a task belongs to', () => {
    expect(playOf(tasks, 3)).toBe('Preflight');
    expect(playOf(tasks, 6)).toBe('HDFS');
    expect(playOf([], 1)).toBeUndefined();
  });
});

describe('runs', () => {
  it('is live only while RUNNING', () => {
    expect(isRunLive('RUNNING')).toBe(true);
    expect(isRunLive('SUCCEEDED')).toBe(false);
    expect(isRunLive(undefined)).toBe(false);
    expect(isRunLive('PAUSED')).toBe(false);
  });

  it('is open while RUNNING or PAUSED (a paused scale-in can be resumed)', () => {
    expect(isRunOpen('RUNNING')).toBe(true);
    expect(isRunOpen('PAUSED')).toBe(true);
    expect(isRunOpen('FAILED')).toBe(false);
    expect(isRunOpen(undefined)).toBe(false);
  });

  it('names playbooks and builds the ansible-playbook line', () => {
    expect(playbookLabel('install')).toBe('Install');
    expect(playbookLabel('scale_out')).toBe('Scale-out');
    expect(playbookLabel('reset')).toBe('reset');
    expect(ansiblePlaybookCommand()).toBe(
      'cd <granary>/ansible && ansible-playbook -i <inventory>/hosts.yml install.yml',
    );
    expect(ansiblePlaybookCommand('scale_out')).toContain(' scale_out.yml');
    expect(playbookLabel('scale_in')).toBe('Scale-in');
    expect(ansiblePlaybookCommand(knownPlaybook('scale_in'))).toContain(' scale_in.yml');
    expect(knownPlaybook('reset')).toBe('install');
  });

  it('knows the restart runs: a configuration change runs two playbooks', () => {
    expect(knownPlaybook('rolling_restart')).toBe('rolling_restart');
    expect(playbookLabel('config_change')).toBe('Configuration change');
    expect(isRestartRun('config_change') && isRestartRun('rolling_restart')).toBe(true);
    expect(isRestartRun('scale_in')).toBe(false);
    expect(playbookFiles('config_change')).toBe('install.yml, then rolling_restart.yml');
    expect(playbookFiles('rolling_restart')).toBe('rolling_restart.yml');
    expect(ansiblePlaybookCommand('config_change')).toBe(
      'cd <granary>/ansible && ansible-playbook -i <inventory>/hosts.yml install.yml -e granary_defer_restarts=true && ansible-playbook -i <inventory>/hosts.yml rolling_restart.yml',
    );
  });

  it('ends a backend message as a sentence', () => {
    expect(sentence('aborted after 2 step(s)')).toBe('aborted after 2 step(s).');
    expect(sentence('lab3 is unreachable.')).toBe('lab3 is unreachable.');
  });
});
