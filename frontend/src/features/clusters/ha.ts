// What the High availability panel derives from the overview's `ha` (the backend decides the
// states; this only counts them and says which action can run and why not).
import type { HaState, MasterHaState, NameNodeHaState, ZooKeeperHaState } from '../../api/types';
import type { Tone } from '../../ui';

/** Badge tone per state; the badge always carries the state's word too. */
export const NAMENODE_STATE_TONE: Record<NameNodeHaState['state'], Tone> = {
  active: 'ok',
  standby: 'info',
  down: 'bad',
};
export const MASTER_STATE_TONE: Record<MasterHaState['state'], Tone> = {
  active: 'ok',
  backup: 'info',
  down: 'bad',
};
export const ZOOKEEPER_MODE_TONE: Record<ZooKeeperHaState['mode'], Tone> = {
  leader: 'ok',
  follower: 'info',
  standalone: 'neutral',
  down: 'bad',
};

export interface QuorumSummary {
  serving: number;
  total: number;
  /** More than half serve: the ensemble accepts writes. */
  hasQuorum: boolean;
  /** "2 of 3 serving" */
  text: string;
  tone: Tone;
}

/** How many ZooKeeper servers serve (any mode but down) and whether they still form a quorum. */
export function quorumSummary(zookeepers: readonly ZooKeeperHaState[]): QuorumSummary {
  const total = zookeepers.length;
  const serving = zookeepers.filter((z) => z.mode !== 'down').length;
  const hasQuorum = total > 0 && serving > total / 2;
  const tone: Tone = !hasQuorum ? 'bad' : serving < total ? 'warn' : 'ok';
  return { serving, total, hasQuorum, text: `${serving} of ${total} serving`, tone };
}

/** An HA action the console offers: enabled, or disabled with the reason shown beside it. */
export type Availability<T> = ({ enabled: true } & T) | { enabled: false; reason: string };

export type FailoverPlan = Availability<{ from: string; to: string }>;

/**
 * "Fail over NameNode": makes the standby active (the first standby when there are several).
 * Needs an active NameNode to hand over from and a standby to take over.
 */
export function failoverPlan(ha: HaState): FailoverPlan {
  const active = ha.namenodes.find((n) => n.state === 'active');
  const standby = ha.namenodes.find((n) => n.state === 'standby');
  if (!standby) {
    const down = ha.namenodes.filter((n) => n.state === 'down').map((n) => n.id);
    return {
      enabled: false,
      reason:
        down.length > 0
          ? `No standby NameNode to take over: ${down.join(', ')} ${down.length === 1 ? 'is' : 'are'} down.`
          : 'No standby NameNode to take over.',
    };
  }
  if (!active) {
    return {
      enabled: false,
      reason: `No NameNode is active, so there is nothing to fail over from; the ZKFCs make ${standby.id} active by themselves.`,
    };
  }
  return { enabled: true, from: active.id, to: standby.id };
}

export type MasterMovePlan = Availability<{ from: string; to: string }>;

/** "Move active HMaster": stops the active one so that a backup takes over. */
export function masterMovePlan(ha: HaState): MasterMovePlan {
  if (ha.masters.length === 0) {
    return {
      enabled: false,
      reason:
        'The cluster was registered without HMaster web URLs, so Granary cannot tell its backup HMasters.',
    };
  }
  const active = ha.masters.find((m) => m.state === 'active');
  const backup = ha.masters.find((m) => m.state === 'backup');
  if (!backup) {
    return {
      enabled: false,
      reason: 'No backup HMaster runs to take over; start one first.',
    };
  }
  if (!active) {
    return {
      enabled: false,
      reason: 'No HMaster is active: there is nothing to move; a backup takes over by itself.',
    };
  }
  return { enabled: true, from: active.webUrl, to: backup.webUrl };
}

/** The host of a member's web URL (http://host:port/…), or the URL when it does not parse. */
export function webHost(webUrl: string): string {
  try {
    return new URL(webUrl).hostname || webUrl;
  } catch {
    return webUrl;
  }
}

/** host:port of a member's web URL, shorter to read in a table than the whole URL. */
export function webAddress(webUrl: string): string {
  try {
    return new URL(webUrl).host || webUrl;
  } catch {
    return webUrl;
  }
}
