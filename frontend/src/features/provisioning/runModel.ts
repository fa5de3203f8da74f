// How a provisioning run and its Ansible task stream are shown: state and status colours, counts,
// the task filter, and the ansible-playbook line when the backend has not given one yet.
import type { ProvisioningRunState, ProvisioningTask } from '../../api/types';
import type { Tone } from '../../ui';

/** Exhaustive over ProvisioningRunState. */
export const RUN_STATE_TONE: Record<ProvisioningRunState, Tone> = {
  RUNNING: 'info',
  PAUSED: 'warn',
  SUCCEEDED: 'ok',
  FAILED: 'bad',
  CANCELLED: 'neutral',
};

export const isRunLive = (state: ProvisioningRunState | undefined) => state === 'RUNNING';

/** A run that has not ended: RUNNING, or a scale-in PAUSED between hosts (it can be resumed). */
export const isRunOpen = (state: ProvisioningRunState | undefined) =>
  state === 'RUNNING' || state === 'PAUSED';

/** Ansible's results as the backend names them, plus `play` for a play's start. */
export const TASK_STATUSES = ['ok', 'changed', 'failed', 'skipped', 'unreachable', 'play'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const TASK_TONE: Record<TaskStatus, Tone> = {
  ok: 'ok',
  changed: 'warn',
  failed: 'bad',
  skipped: 'neutral',
  unreachable: 'bad',
  play: 'info',
};

/** The contract types status as a string: an unknown one is shown neutral. */
export function taskTone(status: string): Tone {
  return (TASK_TONE as Record<string, Tone>)[status] ?? 'neutral';
}

export type TaskCounts = Record<TaskStatus, number> & { total: number };

/** Task results by status; plays are counted apart from `total` (they are not results). */
export function taskCounts(tasks: readonly ProvisioningTask[]): TaskCounts {
  const counts: TaskCounts = {
    ok: 0,
    changed: 0,
    failed: 0,
    skipped: 0,
    unreachable: 0,
    play: 0,
    total: 0,
  };
  for (const t of tasks) {
    if ((TASK_STATUSES as readonly string[]).includes(t.status))
      counts[t.status as TaskStatus] += 1;
    if (t.status !== 'play') counts.total += 1;
  }
  return counts;
}

export type TaskFilter = 'all' | 'no-skipped' | 'changes' | 'problems';

export const TASK_FILTERS: readonly { value: TaskFilter; label: string }[] = [
  { value: 'all', label: 'Every task' },
  { value: 'no-skipped', label: 'Without skipped' },
  { value: 'changes', label: 'Changes and problems' },
  { value: 'problems', label: 'Failed and unreachable' },
];

const PROBLEM = new Set(['failed', 'unreachable']);

/** Plays stay in every view but `problems`: they say which part of the install a task is in. */
export function filterTasks(
  tasks: readonly ProvisioningTask[],
  filter: TaskFilter,
): ProvisioningTask[] {
  switch (filter) {
    case 'all':
      return [...tasks];
    case 'no-skipped':
      return tasks.filter((t) => t.status !== 'skipped');
    case 'changes':
      return tasks.filter(
        (t) => t.status === 'play' || t.status === 'changed' || PROBLEM.has(t.status),
      );
    case 'problems':
      return tasks.filter((t) => PROBLEM.has(t.status));
  }
}

/** The last play started before `seq`, for a task's context. */
export function playOf(tasks: readonly ProvisioningTask[], seq: number): string | undefined {
  let play: string | undefined;
  for (const t of tasks) {
    if (t.seq > seq) break;
    if (t.status === 'play') play = t.task;
  }
  return play;
}

/**
 * What the backend runs (ProvisioningService): ansible-playbook from Granary's ansible/ directory
 * with the inventory it renders for the plan. Run pages show the backend's own `command`.
 * `config_change` is a run, not a playbook: install.yml with restarts deferred, then
 * rolling_restart.yml per step.
 */
export type Playbook =
  | 'install'
  | 'scale_out'
  | 'scale_in'
  | 'rolling_restart'
  | 'config_change'
  | 'vsphere_install'
  | 'vsphere_destroy';

const PLAYBOOKS: readonly string[] = [
  'install',
  'scale_out',
  'scale_in',
  'rolling_restart',
  'config_change',
  'vsphere_install',
  'vsphere_destroy',
] satisfies Playbook[];

/** Runs that create or remove VMs in vCenter before (or instead of) touching the guests. */
export const isVsphereRun = (playbook: string) =>
  playbook === 'vsphere_install' || playbook === 'vsphere_destroy';

/** The contract types a run's playbook as a string: an unknown one is shown as an install's. */
export function knownPlaybook(playbook: string): Playbook {
  return PLAYBOOKS.includes(playbook) ? (playbook as Playbook) : 'install';
}

/** Runs that restart roles step by step (and have `steps`). */
export const isRestartRun = (playbook: string) =>
  playbook === 'rolling_restart' || playbook === 'config_change';

const ANSIBLE = 'ansible-playbook -i <inventory>/hosts.yml';

export function ansiblePlaybookCommand(playbook: Playbook = 'install'): string {
  switch (playbook) {
    case 'config_change':
      return `cd <granary>/ansible && ${ANSIBLE} install.yml -e granary_defer_restarts=true && ${ANSIBLE} rolling_restart.yml`;
    case 'vsphere_install':
      return `cd <granary>/ansible && GRANARY_VCENTER_PASSWORD=<password> ansible-playbook vsphere_vms.yml -e @<run dir>/vsphere.yml && ${ANSIBLE} install.yml`;
    case 'vsphere_destroy':
      return `cd <granary>/ansible && GRANARY_VCENTER_PASSWORD=<password> ansible-playbook vsphere_destroy.yml -e @<run dir>/vsphere.yml -e granary_confirm=<cluster>`;
    default:
      return `cd <granary>/ansible && ${ANSIBLE} ${playbook}.yml`;
  }
}

export const PLAYBOOK_LABEL: Record<Playbook, string> = {
  install: 'Install',
  scale_out: 'Scale-out',
  scale_in: 'Scale-in',
  rolling_restart: 'Rolling restart',
  config_change: 'Configuration change',
  vsphere_install: 'VMs and install',
  vsphere_destroy: 'VM removal',
};

/** The playbook files a run runs: a configuration change runs two. */
export const playbookFiles = (playbook: string) =>
  playbook === 'config_change'
    ? 'install.yml, then rolling_restart.yml'
    : playbook === 'vsphere_install'
      ? 'vsphere_vms.yml, then install.yml'
      : `${playbook}.yml`;

/** The backend's messages come without a full stop; a notice goes on after them. */
export const sentence = (text: string) => (/[.!?:]$/.test(text.trim()) ? text : `${text}.`);

export const playbookLabel = (playbook: string) =>
  (PLAYBOOK_LABEL as Record<string, string>)[playbook] ?? playbook;
