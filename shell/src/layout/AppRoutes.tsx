import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Route, Routes } from '@murmur/router';
import { remoteNames, type RemoteName } from '@murmur/config/apps';
import { routes, type RouteName } from '@murmur/config/routes';
import { RedirectWhenSignedIn } from '../session/RedirectWhenSignedIn';
import { RequireSession } from '../session/RequireSession';
import { AppCrashed } from './AppCrashed';

/** Loaded when a path no remote owns is asked for: few pages need it, so the shell's first load leaves it out. */
const NotFound = lazy(() => import('./NotFound').then((module) => ({ default: module.NotFound })));

interface AppRoutesProps {
  /** What stands for a remote: its parcel in the app, a placeholder in component tests (no federation in jsdom). */
  renderRemote: (remote: RemoteName) => ReactNode;
}

const routeNames = Object.keys(routes) as RouteName[];

/**
 * The route table of packages/config/routes.js: which remote owns which path, and which paths need a session
 * (docs/architecture.md, "Routes").
 */
export function AppRoutes({ renderRemote }: AppRoutesProps) {
  // One element per remote, so moving between the feed's three paths keeps its parcel mounted.
  const elements = new Map(remoteNames.map((remote) => [remote, renderRemote(remote)]));
  const routesNeeding = (session: 'signed-out' | 'required') =>
    routeNames
      .filter((name) => routes[name].session === session)
      .map((name) => <Route key={name} path={routes[name].path} element={elements.get(routes[name].remote)} />);
  return (
    <Routes>
      <Route element={<RedirectWhenSignedIn />}>{routesNeeding('signed-out')}</Route>
      <Route element={<RequireSession />}>{routesNeeding('required')}</Route>
      <Route
        path="*"
        element={
          // A chunk that cannot load (refused by its integrity, say) fails this page only: the top bar stays.
          <ErrorBoundary FallbackComponent={AppCrashed}>
            <Suspense>
              <NotFound />
            </Suspense>
          </ErrorBoundary>
        }
      />
    </Routes>
  );
}
