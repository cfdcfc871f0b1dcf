import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appEnvName, appNames, type AppName } from '@murmur/config/apps';
import { openStore, promote } from '@murmur/deploy';
import { serveStore } from './serveStore';
import { copyRelease, liveVersion, runStore } from './store';

/**
 * Another environment of the run's releases: the live version folders of `apps` copied into a store of its own (as a
 * CDN would hold them), promoted there in this order under its own pointers, each app at
 * `http://localhost:<firstPort + its index in the apps table>/`, and served by this run's server. The apps left out
 * have never been promoted there. What a test does to it disturbs no other test. `served`, where given, are the only
 * apps whose ports the embedded server takes, leaving the others' free.
 *
 * The store is a temporary folder, which a test may change behind the store's back; or, with `beside: true`, kept
 * where this run's store is: on a run through nginx over S3, a prefix of the same bucket. Either way the report log
 * the edge writes is in a temporary folder of its own (`MURMUR_REPORT_LOG`, in `env`), as production keeps it.
 */
export async function otherEnvironment(
  apps: readonly AppName[],
  firstPort: number,
  { served, beside = false }: { served?: AppName[]; beside?: boolean } = {},
) {
  const folder = mkdtempSync(join(tmpdir(), 'murmur-other-environment-'));
  // Its store, or its report log, reached by nginx's worker: a user of its own (www-data) where root starts nginx.
  chmodSync(folder, 0o755);
  const reports = mkdtempSync(join(tmpdir(), 'murmur-other-reports-'));
  chmodSync(reports, 0o755);
  const onS3 = beside && runStore.startsWith('s3://');
  const store = onS3 ? `${runStore.replace(/[^/]+$/, '')}other-${firstPort}-${randomUUID()}` : folder;
  const port = (app: AppName) => firstPort + appNames.indexOf(app);
  const origin = (app: AppName) => `http://localhost:${port(app)}`;
  const env: Record<string, string> = {
    ...Object.fromEntries(appNames.map((app) => [appEnvName(app, 'PUBLIC_URL'), `${origin(app)}/`])),
    MURMUR_STORE: store,
    MURMUR_REPORT_LOG: reports,
  };
  /** The versions copied, live there whatever the other suites promote in the run's store. */
  const versions = new Map<AppName, string>(apps.map((app) => [app, liveVersion(app)]));
  // The apps' files side by side (on S3, each file a request), then their promotes in the order given.
  await Promise.all(
    [...versions].map(async ([app, version]) => {
      if (!onS3) return copyRelease(app, version, join(store, app, version));
      // A release's folder, its record among its files, is what the store takes whole.
      const staged = join(folder, 'staged', app);
      await copyRelease(app, version, staged);
      await openStore(store).addRelease(app, version, staged);
    }),
  );
  // Through the library the `promote` command runs: the pointers it writes are what this environment is about.
  for (const [app, version] of versions) await promote({ store, app, version, env: { ...process.env, ...env } });
  rmSync(join(folder, 'staged'), { recursive: true, force: true });
  const server = await serveStore(store, port, served, env);
  return {
    store,
    port,
    origin,
    /** The variables a store command needs for its pointers to name this environment's origins. */
    env,
    versions,
    close: async () => {
      await server.close();
      rmSync(folder, { recursive: true, force: true });
      rmSync(reports, { recursive: true, force: true });
    },
  };
}
