// A rolling restart as the console shows it: the roles in restart order, each step's phases, the
// run's progress over its steps, every host's timeline with durations, and the ansible-playbook
// lines a person would run instead. The backend decides the order and the steps; this only names,
// counts and times what it reported.
import type {
  ProvisioningRun,
  RestartStepPhase,
  RollingRestartRequest,
  RollingRestartStep,
  ServiceRole,
} from '../../api/types';
import type { CountProgress } from '../../lib/progress';
import { shellWord } from '../../lib/shell';
import type { Tone } from '../../ui';
import { roleLabel } from './wizardModel';

// ---------------------------------------------------------------- roles

/**
 * The backend's restart order (RestartSteps.ORDER): RegionServers in batches first, DataNodes one
 * at a time, then the quorum and master roles, standbys and backups before the active member.
 */
export const RESTART_ORDER = [
  'regionserver',
  'datanode',
  'journalnode',
  'zookeeper',
  'namenode',
  'zkfc',
  'hbase_master',
] as const satisfies readonly ServiceRole[];

/** The step of a configuration change that writes the files (install.yml, restarts deferred). */
export const CONFIG_STEP = 'config';

const restartRank = (role: string) => {
  const i = (RESTART_ORDER as readonly string[]).indexOf(role);
  return i < 0 ? RESTART_ORDER.length : i;
};

/** Role ids in restart order; unknown ones last, by name. */
export function inRestartOrder<T extends string>(roles: Iterable<T>): T[] {
  return [...roles].sort((a, b) => restartRank(a) - restartRank(b) || a.localeCompare(b));
}

/** "RegionServer", or "Write configuration" for a configuration change's first step. */
export function stepRoleLabel(role: string): string {
  return role === CONFIG_STEP ? 'Write configuration' : roleLabel(role);
}

/** Plural for counts in sentences: "RegionServers". */
export function rolePlural(role: string): string {
  return `${roleLabel(role)}s`;
}

// ---------------------------------------------------------------- phases

/** Exhaustive over the step phases: a new phase in the contract is a compile error here. */
export const STEP_PHASE_INFO: Record<
  RestartStepPhase,
  { label: string; text: string; tone: Tone }
> = {
  PENDING: { label: 'Waiting', text: 'waits for the steps before it', tone: 'neutral' },
  WRITING_CONFIG: {
    label: 'Writing configuration',
    text: "install.yml writes every host's files; nothing restarts yet",
    tone: 'info',
  },
  UNLOADING_REGIONS: {
    label: 'Unloading regions',
    text: 'RegionMover moves its regions to the other RegionServers',
    tone: 'info',
  },
  RESTARTING: {
    label: 'Restarting',
    text: 'the service stops and starts again with the files on disk',
    tone: 'info',
  },
  WAITING_FOR_HEALTH: {
    label: 'Waiting for health',
    text: 'until the service answers its health check',
    tone: 'info',
  },
  LOADING_REGIONS: {
    label: 'Loading regions',
    text: 'RegionMover moves its regions back',
    tone: 'info',
  },
  WAITING_FOR_BLOCKS: {
    label: 'Waiting for blocks',
    text: 'until no block is missing or under-replicated',
    tone: 'info',
  },
  DONE: { label: 'Done', text: 'the step is over', tone: 'ok' },
  FAILED: { label: 'Failed', text: 'the step failed; the run stops here', tone: 'bad' },
};

/** The timeline types a phase as a string: an unknown one is shown as it is. */
export function stepPhaseLabel(phase: string): string {
  return (STEP_PHASE_INFO as Record<string, { label: string }>)[phase]?.label ?? phase;
}

export function stepPhaseTone(phase: string): Tone {
  return (STEP_PHASE_INFO as Record<string, { tone: Tone }>)[phase]?.tone ?? 'neutral';
}

const TERMINAL = new Set<string>(['DONE', 'FAILED']);

/** The phases a step of this role works through, between waiting and done. */
export function workPhases(role: string): RestartStepPhase[] {
  if (role === CONFIG_STEP) return ['WRITING_CONFIG'];
  if (role === 'regionserver')
    return ['UNLOADING_REGIONS', 'RESTARTING', 'WAITING_FOR_HEALTH', 'LOADING_REGIONS'];
  if (role === 'datanode') return ['RESTARTING', 'WAITING_FOR_HEALTH', 'WAITING_FOR_BLOCKS'];
  return ['RESTARTING', 'WAITING_FOR_HEALTH'];
}

/** Share of a step behind it: the working phases it has finished (DONE = 1, FAILED = 0). */
export function stepFraction(step: Pick<RollingRestartStep, 'role' | 'phase'>): number {
  if (step.phase === 'DONE') return 1;
  const phases = workPhases(step.role);
  const at = phases.indexOf(step.phase);
  return at < 0 ? 0 : at / phases.length;
}

/** How each working phase of a step stands: behind it, the one it is in, or still ahead. */
export function stepPhaseStates(
  step: Pick<RollingRestartStep, 'role' | 'phase'>,
): { phase: RestartStepPhase; state: 'done' | 'current' | 'failed' | 'todo' }[] {
  const phases = workPhases(step.role);
  if (step.phase === 'DONE') return phases.map((phase) => ({ phase, state: 'done' }));
  if (step.phase === 'PENDING') return phases.map((phase) => ({ phase, state: 'todo' }));
  const at = phases.indexOf(step.phase);
  return phases.map((phase, i) => ({
    phase,
    state: i < at ? 'done' : i === at ? 'current' : step.phase === 'FAILED' ? 'failed' : 'todo',
  }));
}

export const isStepActive = (s: Pick<RollingRestartStep, 'phase'>) =>
  s.phase !== 'PENDING' && !TERMINAL.has(s.phase);

/** The step the run is on: the first one past waiting and not over. */
export function currentStep(
  steps: readonly RollingRestartStep[] | undefined,
): RollingRestartStep | undefined {
  return steps?.find(isStepActive);
}

/** The next step to start (after a pause: the one Resume continues with). */
export function nextStep(
  steps: readonly RollingRestartStep[] | undefined,
): RollingRestartStep | undefined {
  return steps?.find((s) => s.phase === 'PENDING');
}

/** "step 3 (RegionServer on lab3, lab4)" */
export function stepName(step: { seq: number; role: string; hosts: readonly string[] }): string {
  const on = step.hosts.length > 0 ? ` on ${step.hosts.join(', ')}` : '';
  return `step ${step.seq} (${stepRoleLabel(step.role)}${on})`;
}

/**
 * The whole run: steps done of all steps, and a percentage that also counts the phases the
 * current step has finished, so it moves during one long step. 100% only once every step is DONE;
 * indeterminate while a running restart has not listed its steps yet.
 */
export function restartProgress(
  steps: readonly RollingRestartStep[] | undefined,
  open: boolean,
): CountProgress {
  const all = steps ?? [];
  const total = all.length;
  const finished = all.filter((s) => s.phase === 'DONE').length;
  if (total === 0) return { finished: 0, total: 0, percent: open ? 0 : 100, indeterminate: open };
  const share = all.reduce((sum, s) => sum + stepFraction(s), 0) / total;
  const percent = finished === total ? 100 : Math.min(99, Math.floor(share * 100));
  return { finished, total, percent, indeterminate: false };
}

/** Regions the run's RegionServer steps have moved off so far. */
export const regionsMoved = (steps: readonly RollingRestartStep[] | undefined) =>
  (steps ?? []).reduce((sum, s) => sum + (s.regionsMoved ?? 0), 0);

// ---------------------------------------------------------------- timelines

export interface TimedPhase {
  phase: string;
  at: string;
  /** Until the host's next phase began; undefined for DONE/FAILED (they are moments). */
  ms?: number;
  /** The phase the host is in now: its time counts up to now. */
  ongoing: boolean;
}

export interface HostTimeline {
  host: string;
  phases: TimedPhase[];
  /** From its first phase to its last moment; undefined before it started. */
  totalMs?: number;
  /** Where the host stands now: its last phase, PENDING before its first. */
  phase: string;
}

const ms = (iso: string | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * Each host of a step with its phases in time order. A phase lasts until the host's next one
 * began; the last one, unless DONE or FAILED, until the step finished, or until now while the
 * run is live (`ongoing`). Hosts the step names come first, in its order.
 */
export function hostTimelines(
  step: Pick<RollingRestartStep, 'hosts' | 'timeline' | 'finishedAt'>,
  live: boolean,
  now: number = Date.now(),
): HostTimeline[] {
  const names = [...step.hosts];
  for (const e of step.timeline) if (!names.includes(e.host)) names.push(e.host);
  const finished = ms(step.finishedAt);
  return names.map((host) => {
    const entries = step.timeline
      .filter((e) => e.host === host && Number.isFinite(ms(e.at)))
      .sort((a, b) => ms(a.at) - ms(b.at));
    const phases = entries.map((e, i): TimedPhase => {
      const next = entries[i + 1];
      if (next) return { phase: e.phase, at: e.at, ms: ms(next.at) - ms(e.at), ongoing: false };
      if (TERMINAL.has(e.phase)) return { phase: e.phase, at: e.at, ongoing: false };
      if (Number.isFinite(finished))
        return { phase: e.phase, at: e.at, ms: Math.max(0, finished - ms(e.at)), ongoing: false };
      if (live) return { phase: e.phase, at: e.at, ms: Math.max(0, now - ms(e.at)), ongoing: true };
      return { phase: e.phase, at: e.at, ongoing: false };
    });
    const first = phases[0];
    const last = phases[phases.length - 1];
    const end = last ? ms(last.at) + (last.ms ?? 0) : Number.NaN;
    return {
      host,
      phases,
      totalMs: first && last ? Math.max(0, end - ms(first.at)) : undefined,
      phase: last?.phase ?? 'PENDING',
    };
  });
}

// ---------------------------------------------------------------- equivalents

const ANSIBLE = 'ansible-playbook -i <inventory>/hosts.yml';

/** The ansible-playbook lines of a rolling restart or configuration change (as the backend runs them). */
export const restartShell = {
  /** A configuration change's first step: every host's files, nothing restarted. */
  writeConfig: () => `${ANSIBLE} install.yml -e granary_defer_restarts=true`,
  /** One step: the role on its hosts (a JSON list, so Ansible reads it as a list). */
  step: (role: string, hosts: readonly string[]) =>
    `${ANSIBLE} rolling_restart.yml -e rolling_restart_role=${shellWord(role)} -e ${shellWord(
      JSON.stringify({ rolling_restart_hosts: hosts }),
    )}`,
  /** Writing the files, then each restart step in order. */
  configChange: (restarts: readonly { role: string; hosts: readonly string[] }[]) => [
    restartShell.writeConfig(),
    ...restarts.map((s) => restartShell.step(s.role, s.hosts)),
  ],
};

// ---------------------------------------------------------------- pause and abort

const stepsWord = (n: number) => `${n} ${n === 1 ? 'step' : 'steps'}`;

/** Where a rolling restart's pause or abort stands, for runControl. */
export function restartPauseText(run: Pick<ProvisioningRun, 'state' | 'steps'>): {
  pausing?: string;
  paused?: string;
  aborting?: string;
} {
  const steps = run.steps ?? [];
  const current = currentStep(steps);
  if (run.state === 'RUNNING') {
    return {
      pausing: current
        ? `Pausing after ${stepName(current)}: the run stops once that step is done.`
        : 'Pausing before the next step.',
      aborting: current
        ? `Aborting after ${stepName(current)}: it finishes first (a RegionServer gets its regions back), then the run ends; the steps after it do not run.`
        : 'Aborting before the next step.',
    };
  }
  const left = steps.filter((s) => s.phase !== 'DONE');
  const done = steps.filter((s) => s.phase === 'DONE');
  const last = done[done.length - 1];
  const next = nextStep(steps) ?? left[0];
  const where = last ? `Paused after ${stepName(last)}` : 'Paused before the first step';
  const rest =
    left.length === 0
      ? 'no step is left.'
      : `${stepsWord(left.length)} left${next ? `; Resume continues with ${stepName(next)}` : ''}.`;
  return { paused: `${where}; ${rest}` };
}

// ---------------------------------------------------------------- the form

export const MAX_BATCH = 10;

/** The batch size typed, or why it is not one: a whole number from 1 to 10. */
export function parseBatchSize(text: string): { value?: number; error?: string } {
  const t = text.trim();
  const n = Number(t);
  if (!/^\d+$/.test(t) || n < 1 || n > MAX_BATCH)
    return { error: `a whole number from 1 to ${MAX_BATCH}` };
  return { value: n };
}

/**
 * A restart of the ticked roles in restart order; all of them ticked sends no list ("every
 * role"), so roles the backend learns later are not left out.
 */
export function restartRequest(
  ticked: ReadonlySet<string>,
  available: readonly string[],
  batchSize: number,
  onlyChanged: boolean,
): RollingRestartRequest {
  const all = available.every((r) => ticked.has(r));
  return {
    roles: all
      ? undefined
      : (inRestartOrder(available.filter((r) => ticked.has(r))) as ServiceRole[]),
    batchSize,
    onlyChanged,
  };
}
