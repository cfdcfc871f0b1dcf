import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from '@murmur/router';
import { routes } from '@murmur/config/routes';
import { sessionAtom } from '@murmur/data';

/** State carried to /auth so that signing in returns the person to where they were going. */
export interface AuthRedirectState {
  from: string;
}

/** Protected routes: without a token, go to /auth, remember the path, and replace the history entry. */
export function RequireSession() {
  const { token } = useAtomValue(sessionAtom);
  const location = useLocation();
  if (!token) {
    const state: AuthRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={routes.auth.path} replace state={state} />;
  }
  return <Outlet />;
}
