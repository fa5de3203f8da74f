// How a plan's diff against the installed version is shown: counts for the headline, config changes
// by file with old → new, and roles and restarts by name.
import type {
  PlanConfigChange,
  PlanDiff,
  PlanRestart,
  PlanRoleChange,
  ProvisioningPlan,
} from '../../api/types';
import type { Tone } from '../../ui';
import { configFiles } from './planModel';
import { roleLabel, ROLES } from './wizardModel';

/** Nothing added, removed, changed or restarted (the summary lines are the backend's prose). */
export function isEmptyDiff(diff: PlanDiff): boolean {
  return (
    diff.hostsAdded.length === 0 &&
    diff.hostsRemoved.length === 0 &&
    diff.roleChanges.length === 0 &&
    diff.configChanges.length === 0 &&
    diff.restarts.length === 0
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "1 host added · 2 hosts removed · 3 config changes · 2 roles restart", or "No change". */
export function diffHeadline(diff: PlanDiff): string {
  const parts = [
    diff.hostsAdded.length > 0 && plural(diff.hostsAdded.length, 'host added', 'hosts added'),
    diff.hostsRemoved.length > 0 &&
      plural(diff.hostsRemoved.length, 'host removed', 'hosts removed'),
    diff.roleChanges.length > 0 &&
      plural(diff.roleChanges.length, 'host changes roles', 'hosts change roles'),
    diff.configChanges.length > 0 &&
      plural(diff.configChanges.length, 'config change', 'config changes'),
    diff.restarts.length > 0 && plural(diff.restarts.length, 'role restarts', 'roles restart'),
  ].filter((p): p is string => typeof p === 'string');
  return parts.length > 0 ? parts.join(' · ') : 'No change';
}

/** "against installed version 3", or "first install" when there is nothing to compare with. */
export function diffBase(diff: PlanDiff): string {
  return diff.fromVersion != null
    ? `against installed version ${diff.fromVersion}`
    : 'first install: nothing installed to compare with';
}

export type ConfigChangeKind = 'added' | 'removed' | 'changed';

/** A key without an old value is new; without a new value it is removed. */
export function configChangeKind(c: PlanConfigChange): ConfigChangeKind {
  if (c.oldValue == null) return 'added';
  if (c.newValue == null) return 'removed';
  return 'changed';
}

export const CONFIG_CHANGE_TONE: Record<ConfigChangeKind, Tone> = {
  added: 'ok',
  removed: 'bad',
  changed: 'warn',
};

const UNSET = '(unset)';

/** "30 → 60", "(unset) → 60", "30 → (unset)". */
export function formatValueChange(c: PlanConfigChange): string {
  return `${c.oldValue ?? UNSET} → ${c.newValue ?? UNSET}`;
}

export interface ConfigChangeGroup {
  file: string;
  changes: PlanConfigChange[];
}

/**
 * By file (the planner's file order), then cluster-wide before role groups before per-host, then
 * by role, host and key.
 */
export function groupConfigChanges(changes: readonly PlanConfigChange[]): ConfigChangeGroup[] {
  const scope = (c: PlanConfigChange) => (c.host != null ? 2 : c.role != null ? 1 : 0);
  return configFiles(changes).map((file) => ({
    file,
    changes: changes
      .filter((c) => c.file === file)
      .sort(
        (a, b) =>
          scope(a) - scope(b) ||
          roleOrder(a.role ?? '') - roleOrder(b.role ?? '') ||
          (a.role ?? '').localeCompare(b.role ?? '') ||
          (a.host ?? '').localeCompare(b.host ?? '') ||
          a.key.localeCompare(b.key),
      ),
  }));
}

const roleOrder = (role: string) => {
  const i = (ROLES as readonly string[]).indexOf(role);
  return i < 0 ? ROLES.length : i;
};

/** Role ids → labels in the planner's order ("DataNode, RegionServer"). */
export function roleList(roles: readonly string[]): string {
  return [...roles]
    .sort((a, b) => roleOrder(a) - roleOrder(b) || a.localeCompare(b))
    .map(roleLabel)
    .join(', ');
}

/** "+ DataNode, RegionServer · − ZooKeeper" for one host. */
export function roleChangeText(c: PlanRoleChange): string {
  return [
    c.added.length > 0 ? `+ ${roleList(c.added)}` : '',
    c.removed.length > 0 ? `− ${roleList(c.removed)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Restarts in the planner's role order: "RegionServer on lab1, lab2". */
export function restartLines(restarts: readonly PlanRestart[]): string[] {
  return [...restarts]
    .sort((a, b) => roleOrder(a.role) - roleOrder(b.role) || a.role.localeCompare(b.role))
    .map((r) =>
      r.hosts.length > 0 ? `${roleLabel(r.role)} on ${r.hosts.join(', ')}` : roleLabel(r.role),
    );
}

/**
 * The value changes a revert makes: role-group values, and cluster-wide values that either
 * version holds as an override. Values the planner derived from the hosts (sizing rules, heaps,
 * per-host values) follow the hosts, which a revert leaves as they are.
 */
export function revertedChanges(
  changes: readonly PlanConfigChange[],
  plans: readonly Pick<ProvisioningPlan, 'config'>[],
): PlanConfigChange[] {
  const overridden = new Set(
    plans.flatMap((p) =>
      p.config
        .filter((e) => e.source === 'USER_OVERRIDE' && e.host == null)
        .map((e) => `${e.file}|${e.key}`),
    ),
  );
  return changes.filter(
    (c) => c.role != null || (c.host == null && overridden.has(`${c.file}|${c.key}`)),
  );
}
