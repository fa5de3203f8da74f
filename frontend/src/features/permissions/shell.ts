import type { PermissionGrant } from '../../api/types';

/** R W X C A, the shell's order and what each lets a principal do. */
export const ACTIONS = [
  { code: 'R', label: 'Read', hint: 'get, scan' },
  { code: 'W', label: 'Write', hint: 'put, delete' },
  { code: 'X', label: 'Exec', hint: 'coprocessor endpoints' },
  { code: 'C', label: 'Create', hint: 'create, alter, drop tables' },
  { code: 'A', label: 'Admin', hint: 'balance, assign, grant' },
] as const;

export type ScopeKind = 'GLOBAL' | 'NAMESPACE' | 'TABLE';

/** The scope part of a grant or revoke: nothing, '@ns', or 'table'[, 'family'[, 'qualifier']]. */
export function scopeArgs(g: Omit<PermissionGrant, 'principal' | 'actions'>): string {
  const q = (s: string) => `'${s.replace(/'/g, "\\'")}'`;
  if (g.table) {
    return [g.table, g.family, g.family ? g.qualifier : undefined]
      .filter((s): s is string => !!s)
      .map((s) => `, ${q(s)}`)
      .join('');
  }
  return g.namespace ? `, ${q(`@${g.namespace}`)}` : '';
}

/** What the shell needs for the same grant (actions in RWXCA order, as HBase keeps them). */
export function grantCommand(g: PermissionGrant): string {
  const actions = ACTIONS.map((a) => a.code)
    .filter((c) => g.actions.includes(c))
    .join('');
  return `grant '${g.principal}', '${actions}'${scopeArgs(g)}`;
}
