import type { Role } from '../../api/types';
import { hasRole } from '../../lib/roles';
import { useCurrentUser } from './api';

/** The signed-in user and role checks. The backend enforces permissions; the UI only hides controls. */
export function useAuth() {
  const { data: user } = useCurrentUser();
  return {
    user: user ?? null,
    role: user?.role ?? null,
    can: (min: Role) => hasRole(user?.role, min),
  };
}
