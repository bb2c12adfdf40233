import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isSignedIn } from './authProvider';
import { canOpen, homeFor } from './permissions';
import { loginPathFor, originState } from './redirect';
import { getRole } from './session';

/**
 * The private route guard: without a stored user and role → /login remembering the origin; a
 * role the table does not allow → /403 with the origin. The home path `/` sends a role that may
 * not open it to its own home page instead.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!isSignedIn()) {
    return <Navigate to={loginPathFor(location)} replace state={originState(location)} />;
  }
  const role = getRole();
  if (!canOpen(role, location.pathname)) {
    if (location.pathname === '/') return <Navigate to={homeFor(role)} replace />;
    return <Navigate to="/403" replace state={originState(location)} />;
  }
  return <>{children}</>;
}
