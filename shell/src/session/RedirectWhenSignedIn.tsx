import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { routes } from '@murmur/config/routes';
import { sessionAtom } from '@murmur/mock-api';
import type { AuthRedirectState } from './RequireSession';

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

/** Only a path of this app: never back to /auth, never a protocol-relative "//host" that would leave it. */
function isSafeReturnPath(from: unknown): from is string {
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith(routes.auth.path);
}
