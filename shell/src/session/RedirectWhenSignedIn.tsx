import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from '@murmur/router';
import { matchRoute, routes } from '@murmur/config/routes';
import { sessionAtom } from '@murmur/mock-api';
import type { AuthRedirectState } from './RequireSession';
import { isSafeReturnPath } from './returnPath';
import { warmRemote } from '../federation/routePreload';

/**
 * /auth with a session goes on to the remembered path, or to /. This one rule covers both a signed-in visit to
 * /auth and the moment a login succeeds inside auth-mfe, so the two roots never race to navigate. While a login is on
 * its way, the code of the screen it leads to loads, so that after it only that screen's data is waited for.
 */
export function RedirectWhenSignedIn() {
  const { token, status } = useAtomValue(sessionAtom);
  const location = useLocation();
  const from = (location.state as Partial<AuthRedirectState> | null)?.from;
  const destination = isSafeReturnPath(from) ? from : routes.newsFeed.path;
  const loggingIn = status === 'pending' && !token;
  useEffect(() => {
    const route = loggingIn ? matchRoute(new URL(destination, window.location.origin).pathname) : null;
    if (route) warmRemote(routes[route.name].remote);
  }, [loggingIn, destination]);
  if (token) return <Navigate to={destination} replace />;
  return <Outlet />;
}
