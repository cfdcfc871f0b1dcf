import type { ComponentType } from 'react';
import { localManifestUrl, remoteNames } from '@murmur/config/apps';
import { loginAtom, sessionAtom } from '@murmur/data';
import { DEMO_ACCOUNT } from '@murmur/mock-api';
import { AppScope } from './AppScope';
import { bootPage } from './bootPage';
import { createRemoteLoader } from './remoteLoader';
import { RemoteRoot } from './RemoteRoot';
import { StandaloneBanner } from './StandaloneBanner';

interface StandaloneOptions {
  App: ComponentType;
  appName: string;
  /** Screens that need a session sign in as the demo user when no session is stored. */
  signInAsDemoUser: boolean;
}

/**
 * Runs a remote on its own page, as its dev server and its built dist/ serve it: the remote starts the back end
 * itself, because no shell is there to do it, and finds other remotes on their local ports.
 */
export async function runStandalone({ App, appName, signInAsDemoUser }: StandaloneOptions) {
  const { root, store } = bootPage();
  if (signInAsDemoUser && !store.get(sessionAtom).token) {
    root.render(
      <AppScope app={appName}>
        <p role="status" className="p-8 text-center text-slate-600">
          {appName} is running alone: signing in as the demo user…
        </p>
      </AppScope>,
    );
    await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  }
  const localLocations = Object.fromEntries(remoteNames.map((remote) => [remote, localManifestUrl(remote)]));
  const loadRemoteModule = createRemoteLoader(() => Promise.resolve(localLocations));
  root.render(
    <RemoteRoot appName={appName} loadRemoteModule={loadRemoteModule} store={store}>
      <StandaloneBanner appName={appName} />
      <App />
    </RemoteRoot>,
  );
}
