import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from '@murmur/router';
import { routes } from '@murmur/config/routes';
import { sessionAtom } from '@murmur/mock-api';
import type { AuthRedirectState } from './RequireSession';
import { isSafeReturnPath } from './returnPath';

/**
 * /auth with a session goes on to the remembered path, or to /. This one rule covers both a signed-in visit to
 * /auth and the moment a login succeeds inside auth-mfe, so the two roots never race to navigate.
 */
export function RedirectWhenSignedIn() {
  const { token } = useAtomValue(sessionAtom);
  const location = useLocation();
  if (token) {
    const from = (location.state as Partial<AuthRedirectState> | null)?.from;
    return <Navigate to={isSafeReturnPath(from) ? from : routes.newsFeed.path} replace />;
  }
  return <Outlet />;
}
