import { NavLink, Outlet, useNavigate } from 'react-router';
import { paths } from '../lib/paths';
import { Badge, Button } from '../ui';
import { useLogout } from '../features/auth/api';
import { useAuth } from '../features/auth/useAuth';

export function Layout() {
  const { user, can } = useAuth();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <div className="app-shell">
      <header className="topbar">
        <NavLink to={paths.home()} className="brand">
          <img src="/favicon.svg" alt="" />
          Granary
        </NavLink>
        <nav className="nav" aria-label="Main">
          <NavLink to={paths.clusters()}>Clusters</NavLink>
          <NavLink to={paths.hosts()}>Hosts</NavLink>
          {can('OPERATOR') && <NavLink to={paths.vcenters()}>vCenters</NavLink>}
          {can('OPERATOR') && <NavLink to={paths.provisioningNew()}>Provision</NavLink>}
          <NavLink to={paths.operations()}>Operations</NavLink>
          {can('OPERATOR') && <NavLink to={paths.audit()}>Audit log</NavLink>}
          {can('ADMIN') && <NavLink to={paths.users()}>Users</NavLink>}
          <NavLink to={paths.tokens()}>API tokens</NavLink>
        </nav>
        {user && (
          <div className="user-menu">
            <span data-testid="current-user">{user.username}</span>
            <Badge tone="info" data-testid="current-role">
              {user.role}
            </Badge>
            <Button
              size="sm"
              variant="ghost"
              busy={logout.isPending}
              onClick={() =>
                logout.mutate(undefined, {
                  onSettled: () => navigate(paths.login(), { replace: true }),
                })
              }
            >
              Sign out
            </Button>
          </div>
        )}
      </header>
      <main className="main">
        <Outlet />
      </main>
    </div>
  );
}
