import { useEffect } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { Navigate, Outlet, useLocation } from '@murmur/router';
import { matchRoute, routes } from '@murmur/config/routes';
import { sessionAtom } from '@murmur/data';
import type { AuthRedirectState } from './RequireSession';
import { isSafeReturnPath } from './returnPath';
import { preloadRoute, warmRemote } from '../federation/routePreload';

/**
 * /auth with a session goes on to the remembered path, or to /. This one rule covers both a signed-in visit to
 * /auth and the moment a login succeeds inside auth-mfe, so the two roots never race to navigate. While a login is on
 * its way, the code of the screen it leads to loads, and the moment it answers, that screen's data is asked: before
 * the redirect has even rendered when that code is in by then, else as soon as it is. So after the login only one
 * round trip is waited for.
 */
export function RedirectWhenSignedIn() {
  const store = useStore();
  const { token, status } = useAtomValue(sessionAtom);
  const location = useLocation();
  const from = (location.state as Partial<AuthRedirectState> | null)?.from;
  const destination = isSafeReturnPath(from) ? from : routes.newsFeed.path;
  const loggingIn = status === 'pending' && !token;
  useEffect(() => {
    const pathname = new URL(destination, window.location.origin).pathname;
    const route = loggingIn ? matchRoute(pathname) : null;
    if (!route) return;
    const remote = routes[route.name].remote;
    warmRemote(remote);
    // Called by the store as the session is set, ahead of React's render of it.
    return store.sub(sessionAtom, () => {
      if (store.get(sessionAtom).token) void preloadRoute(remote, { store, pathname });
    });
  }, [loggingIn, destination, store]);
  if (token) return <Navigate to={destination} replace />;
  return <Outlet />;
}
