import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../../api/types';
import { hasRole } from '../../../lib/roles';
import { paths } from '../../../lib/paths';
import { ErrorMessage, Loading } from '../../../ui';
import { useCurrentUser } from '../api';
import { ForbiddenPage } from '../pages/ForbiddenPage';

/** Route guard: login page when signed out, a 403 page when the role is too low. */
export function RequireAuth({ children, minRole }: { children: ReactNode; minRole?: Role }) {
  const location = useLocation();
  const { data: user, isPending, error } = useCurrentUser();
  if (isPending) return <Loading label="Checking session…" />;
  if (error) return <ErrorMessage error={error} title="Could not check your session" />;
  if (!user) {
    return <Navigate to={paths.login(location.pathname + location.search)} replace />;
  }
  if (minRole && !hasRole(user.role, minRole)) return <ForbiddenPage required={minRole} />;
  return <>{children}</>;
}
