import type { ReactNode } from 'react';
import type { Role } from '../../../api/types';
import { useAuth } from '../useAuth';

/** Renders children only for users with at least `min` role (VIEWER < OPERATOR < ADMIN). */
export function RoleGate({
  min,
  children,
  fallback = null,
}: {
  min: Role;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const { can } = useAuth();
  return <>{can(min) ? children : fallback}</>;
}
