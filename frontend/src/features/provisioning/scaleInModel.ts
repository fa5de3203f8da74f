// A scale-in as the console shows it: which installed hosts may be picked, the preflight's
// findings (and a 409's refusals) grouped for reading, and a running scale-in's phases and progress.
// The backend decides what is safe; this only orders, counts and names what it reported.
import { isApiError } from '../../api/problem';
import type {
  Finding,
  FindingSeverity,
  ProvisioningPlan,
  ProvisioningRun,
  ScaleInHostProgress,
  ScaleInPhase,
} from '../../api/types';
import type { CountProgress } from '../../lib/progress';
import type { Tone } from '../../ui';
import { parseFinding, roleLabel, ROLES } from './wizardModel';

// ---------------------------------------------------------------- phases

/** A leaving host's phases, in the order scale_in.yml goes through them. */
export const SCALE_IN_PHASES = [
  'PENDING',
  'UNLOADING_REGIONS',
  'STOPPING_REGIONSERVER',
  'DECOMMISSIONING',
  'WAITING_FOR_REDUNDANCY',
  'STOPPING_DATANODE',
  'FORGETTING',
  'DONE',
] as const satisfies readonly ScaleInPhase[];

/** Exhaustive over ScaleInPhase: a new phase in the contract is a compile error here. */
export const PHASE_INFO: Record<ScaleInPhase, { label: string; text: string; tone: Tone }> = {
  PENDING: { label: 'Waiting', text: 'waits for the hosts before it', tone: 'neutral' },
  UNLOADING_REGIONS: {
    label: 'Unloading regions',
    text: 'RegionMover moves its regions to the other RegionServers',
    tone: 'info',
  },
  STOPPING_REGIONSERVER: {
    label: 'Stopping RegionServer',
    text: 'its RegionServer stops, holding no region',
    tone: 'info',
  },
  DECOMMISSIONING: {
    label: 'Decommissioning DataNode',
    text: 'in the exclude file; hdfs dfsadmin -refreshNodes starts copying its blocks away',
    tone: 'info',
  },
  WAITING_FOR_REDUNDANCY: {
    label: 'Waiting for redundancy',
    text: 'until no block is under-replicated or missing',
    tone: 'info',
  },
  STOPPING_DATANODE: {
    label: 'Stopping DataNode',
    text: 'its DataNode stops, decommissioned',
    tone: 'info',
  },
  FORGETTING: {
    label: 'Forgetting host',
    text: 'the installed version and the configuration no longer name it',
    tone: 'info',
  },
  DONE: { label: 'Done', text: 'the host has left the cluster', tone: 'ok' },
};

/** The phases a host works through, between waiting and done: its timeline's steps. */
export const WORK_PHASES = SCALE_IN_PHASES.slice(1, -1) as readonly ScaleInPhase[];

/** 0 for PENDING … 7 for DONE; an unknown phase (a newer backend) counts as PENDING. */
export function phaseIndex(phase: ScaleInPhase): number {
  return Math.max(0, SCALE_IN_PHASES.indexOf(phase));
}

/** "Unloading regions" */
export function phaseLabel(phase: ScaleInPhase): string {
  return PHASE_INFO[phase]?.label ?? phase;
}

/** Where a host is on its timeline: "step 3 of 6" (0 while waiting, 6 once done). */
export function phaseStep(phase: ScaleInPhase): { step: number; of: number } {
  return { step: Math.min(phaseIndex(phase), WORK_PHASES.length), of: WORK_PHASES.length };
}

/** How each working phase of a host stands: behind it, the one it is in, or still ahead. */
export type StepState = 'done' | 'current' | 'todo';

export function phaseSteps(phase: ScaleInPhase): { phase: ScaleInPhase; state: StepState }[] {
  const at = phaseIndex(phase);
  return WORK_PHASES.map((p) => {
    const i = phaseIndex(p);
    return { phase: p, state: i < at ? 'done' : i === at ? 'current' : 'todo' };
  });
}

/** Share of a host's work behind it: the phases it has finished, over all of them (DONE = 1). */
export function hostFraction(phase: ScaleInPhase): number {
  if (phase === 'DONE') return 1;
  const at = phaseIndex(phase);
  return at === 0 ? 0 : (at - 1) / WORK_PHASES.length;
}

export const isHostActive = (p: ScaleInHostProgress) => p.phase !== 'PENDING' && p.phase !== 'DONE';

/** The host the run is on: the first one past waiting and not done. */
export function currentHost(
  progress: readonly ScaleInHostProgress[] | undefined,
): ScaleInHostProgress | undefined {
  return progress?.find(isHostActive);
}

/** The next host to start (after a pause: the one Resume continues with). */
export function nextHost(
  progress: readonly ScaleInHostProgress[] | undefined,
): ScaleInHostProgress | undefined {
  return progress?.find((p) => p.phase === 'PENDING');
}

/**
 * The whole run: hosts done of hosts leaving, and a percentage that also counts the phases the
 * current host has finished, so it moves while one long host decommissions. 100% only once every
 * host is DONE; indeterminate while a running scale-in has not listed its hosts yet.
 */
export function scaleInProgress(
  progress: readonly ScaleInHostProgress[] | undefined,
  open: boolean,
): CountProgress {
  const hosts = progress ?? [];
  const total = hosts.length;
  const finished = hosts.filter((p) => p.phase === 'DONE').length;
  if (total === 0) return { finished: 0, total: 0, percent: open ? 0 : 100, indeterminate: open };
  const share = hosts.reduce((sum, p) => sum + hostFraction(p.phase), 0) / total;
  const percent = finished === total ? 100 : Math.min(99, Math.floor(share * 100));
  return { finished, total, percent, indeterminate: false };
}

const hostsWord = (n: number) => `${n} ${n === 1 ? 'host' : 'hosts'}`;

/** Where a scale-in's pause stands, for runControl: pausing after the current host, or paused. */
export function scaleInPauseText(run: Pick<ProvisioningRun, 'state' | 'progress'>): {
  pausing?: string;
  paused?: string;
  aborting?: string;
} {
  const progress = run.progress ?? [];
  const current = currentHost(progress);
  if (run.state === 'RUNNING') {
    return {
      pausing: current
        ? `Pausing after ${current.host}: the run stops once it has left (a decommission is not interrupted half way).`
        : 'Pausing before the next host.',
      aborting: current
        ? `Aborting after ${current.host}: it leaves the cluster first, then the run ends; the hosts after it stay.`
        : 'Aborting before the next host.',
    };
  }
  const left = progress.filter((p) => p.phase !== 'DONE');
  const done = progress.filter((p) => p.phase === 'DONE');
  const last = done[done.length - 1];
  const next = nextHost(progress) ?? left[0];
  const where = last ? `Paused after ${last.host}` : 'Paused before the first host';
  const rest =
    left.length === 0
      ? 'no host is left.'
      : `${hostsWord(left.length)} left${next ? `; Resume continues with ${next.host}` : ''}.`;
  return { paused: `${where}; ${rest}` };
}

// ---------------------------------------------------------------- hosts to pick

/** The roles a scale-in removes; a host must run both to be picked. */
export const LEAVING_ROLES = ['datanode', 'regionserver'] as const;

export interface ScaleInCandidate {
  address: string;
  hostname: string;
  rack: string;
  roles: string[];
  /** Runs a DataNode and a RegionServer. */
  eligible: boolean;
  /** Why it cannot be picked. */
  reason?: string;
  /** Roles besides DataNode and RegionServer, by label: the check says whether it can leave. */
  otherRoles: string[];
}

const roleOrder = (role: string) => {
  const i = (ROLES as readonly string[]).indexOf(role);
  return i < 0 ? ROLES.length : i;
};

/** Every host of the installed plan, in plan order, with whether a scale-in can pick it. */
export function scaleInCandidates(plan: Pick<ProvisioningPlan, 'hosts'>): ScaleInCandidate[] {
  return plan.hosts.map((h) => {
    const missing = LEAVING_ROLES.filter((r) => !h.roles.includes(r));
    const otherRoles = h.roles
      .filter((r) => !(LEAVING_ROLES as readonly string[]).includes(r))
      .sort((a, b) => roleOrder(a) - roleOrder(b) || a.localeCompare(b))
      .map(roleLabel);
    return {
      address: h.address,
      hostname: h.hostname,
      rack: h.rack,
      roles: h.roles,
      eligible: missing.length === 0,
      reason:
        missing.length === 0
          ? undefined
          : `Runs no ${missing.map(roleLabel).join(' and no ')}: a scale-in removes DataNode + RegionServer hosts.`,
      otherRoles,
    };
  });
}

/** The picked addresses in plan order (the order the run takes them in), unknown ones dropped. */
export function orderedSelection(
  candidates: readonly ScaleInCandidate[],
  selected: ReadonlySet<string>,
): string[] {
  return candidates.filter((c) => c.eligible && selected.has(c.address)).map((c) => c.address);
}

// ---------------------------------------------------------------- findings and refusals

/**
 * Titles of the preflight's finding codes (the planner's FindingCode `scale-in-*`); the contract
 * types the code as a string, so a code added later shows as "Refused" / "Warning" with its code.
 */
export const SCALE_IN_FINDING_TITLE: Record<string, string> = {
  'scale-in-no-hosts': 'No host named',
  'scale-in-unknown-host': 'Not an installed host',
  'scale-in-duplicate-host': 'Host named twice',
  'scale-in-breaks-quorum': 'Breaks the ZooKeeper quorum',
  'scale-in-namenode': 'Runs a NameNode',
  'scale-in-master': 'Runs an HMaster',
  'scale-in-replication': 'Too few DataNodes for replication',
  'scale-in-ec-policy': 'EC policy too wide',
  'scale-in-last-regionserver': 'Last RegionServer',
  'scale-in-space': 'Not enough space left',
  'scale-in-missing-blocks': 'Missing blocks',
  'scale-in-ec-racks': 'Fewer racks than the stripe',
  'scale-in-under-replicated': 'Under-replicated blocks',
  'scale-in-dead-datanode': 'DataNode dead',
};

export interface FindingView {
  code?: string;
  severity: FindingSeverity;
  field: string;
  /** The leaving host it names, when its field is `hosts[i]` (or the host itself). */
  host?: string;
  /** "10.77.0.13", or "cluster" for a finding about the cluster as a whole. */
  where: string;
  title: string;
  text: string;
}

/** `hosts[1]`, `hosts[1].roles` → the second requested host; a bare address that was asked → itself. */
export function findingHost(field: string, hosts: readonly string[]): string | undefined {
  const m = /^(?:body\.|request\.)?hosts\[(\d+)\]/.exec(field);
  if (m) return hosts[Number(m[1])];
  return hosts.includes(field) ? field : undefined;
}

function view(
  f: { code?: string; severity: FindingSeverity; field: string; text: string },
  hosts: readonly string[],
): FindingView {
  const host = findingHost(f.field, hosts);
  const title =
    (f.code && SCALE_IN_FINDING_TITLE[f.code]) || (f.severity === 'ERROR' ? 'Refused' : 'Warning');
  return { ...f, host, where: host ?? 'cluster', title };
}

export interface FindingGroups {
  /** Refusals: any one of them stops the scale-in. */
  errors: FindingView[];
  warnings: FindingView[];
}

/**
 * Findings about the cluster first, then host by host in the order the hosts were asked, then by
 * code; the backend's order is kept among equals.
 */
function sortViews(views: readonly FindingView[], hosts: readonly string[]): FindingView[] {
  const rank = (v: FindingView) => (v.host == null ? -1 : hosts.indexOf(v.host));
  return views
    .map((v, i) => ({ v, i }))
    .sort(
      (a, b) =>
        rank(a.v) - rank(b.v) || (a.v.code ?? '').localeCompare(b.v.code ?? '') || a.i - b.i,
    )
    .map((x) => x.v);
}

/** The preflight's findings: refusals, then warnings, each sorted as `sortViews` says. */
export function groupFindings(
  findings: readonly Finding[],
  hosts: readonly string[],
): FindingGroups {
  const sorted = sortViews(
    findings.map((f) =>
      view(
        { code: f.code || undefined, severity: f.severity, field: f.field, text: f.message },
        hosts,
      ),
    ),
    hosts,
  );
  return {
    errors: sorted.filter((v) => v.severity === 'ERROR'),
    warnings: sorted.filter((v) => v.severity !== 'ERROR'),
  };
}

export const SCALE_IN_UNSAFE = 'scale-in-unsafe';

/**
 * A start refused with 409 `scale-in-unsafe`: each refusal of its `errors[]` ("scale-in-ec-policy:
 * …") as a finding, sorted like the preflight's. Undefined for any other error.
 */
export function scaleInRefusals(
  error: unknown,
  hosts: readonly string[],
): FindingView[] | undefined {
  if (!isApiError(error) || error.code !== SCALE_IN_UNSAFE) return undefined;
  return sortViews(
    error.fieldErrors.map((e) => {
      const { code, text } = parseFinding(e.message);
      return view({ code, severity: 'ERROR', field: e.field, text }, hosts);
    }),
    hosts,
  );
}
