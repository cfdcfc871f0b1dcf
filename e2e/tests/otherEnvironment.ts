import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { appEnvName, appNames, type AppName } from '@murmur/config/apps';
import { serveStore } from './serveStore';
import { copyRelease, liveVersion, storeCommand } from './store';

/**
 * Another environment of the run's releases: the live version folders of `apps` copied into a store of its own (as a
 * CDN would hold them), promoted there in this order under its own pointers, each app at
 * `http://localhost:<firstPort + its index in the apps table>/`, and served by this run's server. The apps left out
 * have never been promoted there. What a test does to it disturbs no other test. `served`, where given, are the only
 * apps whose ports the embedded server takes, leaving the others' free.
 */
export async function otherEnvironment(apps: readonly AppName[], firstPort: number, served?: AppName[]) {
  const store = mkdtempSync(join(tmpdir(), 'murmur-other-environment-'));
  const port = (app: AppName) => firstPort + appNames.indexOf(app);
  const origin = (app: AppName) => `http://localhost:${port(app)}`;
  const env = Object.fromEntries(appNames.map((app) => [appEnvName(app, 'PUBLIC_URL'), `${origin(app)}/`]));
  /** The versions copied, live there whatever the other suites promote in the run's store. */
  const versions = new Map<AppName, string>();
  for (const app of apps) {
    const version = liveVersion(app);
    versions.set(app, version);
    await copyRelease(app, version, join(store, app, version));
    const promoted = storeCommand(['promote', app, version], { ...env, MURMUR_STORE: store });
    expect(promoted.status, promoted.stderr).toBe(0);
  }
  const server = await serveStore(store, port, served);
  return {
    store,
    port,
    origin,
    /** The variables a store command needs for its pointers to name this environment's origins. */
    env: { ...env, MURMUR_STORE: store },
    versions,
    close: async () => {
      await server.close();
      rmSync(store, { recursive: true, force: true });
    },
  };
}
