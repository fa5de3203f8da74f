import type { Role } from '../api/types';

/** VIEWER < OPERATOR < ADMIN. Exhaustive: a new role is a compile error here. */
const RANK: Record<Role, number> = { VIEWER: 0, OPERATOR: 1, ADMIN: 2 };

export const ROLES: readonly Role[] = ['VIEWER', 'OPERATOR', 'ADMIN'];

export function hasRole(role: Role | null | undefined, min: Role): boolean {
  if (!role) return false;
  return RANK[role] >= RANK[min];
}
