// @ts-check
import { remoteNames } from '@murmur/config/apps';
import { openStore } from '../store/backends/openStore.js';
import { liveStateOf } from '../store/liveState.js';
import { reportFolderFor } from '../telemetry/reportLog.js';
import { figuresOf, versionKey } from './figures.js';
import { reportsSince } from './reportFiles.js';
import { healthSettingOf } from '../store/healthSetting.js';

/** @typedef {import('./figures.js').VersionFigures} VersionFigures */

/**
 * One live version of an app with its share of people and its figures over the window.
 * @typedef {{ version: string; percent: number; figures: VersionFigures }} LiveVersionHealth
 */

/**
 * An app's health: its stable version and its canary, if any, each with its figures, and the last canary the store
 * server ended on its own. `stable` is null where the app has never been promoted.
 * `previous`: the versions rollback would return to, oldest first.
 * @typedef {{ app: string; stable: LiveVersionHealth | null; canary: LiveVersionHealth | null; previous: string[];
 *   autoRollback: import('../store/liveState.js').AutoRollback | null }} AppHealth
 */

/**
 * What `status`, `status --json` and the health job's status page show: the setting, the window and each app's health.
 * @typedef {{ setting: import('../store/healthSetting.js').HealthSetting; window: { from: string; to: string };
 *   apps: AppHealth[] }} StoreHealth
 */

/**
 * Each app's live versions in `store` and their figures over the window of its health setting, from the report log
 * the edges write (telemetry/reportLog.js's `reportFolderFor`: `MURMUR_REPORT_LOG` in `env`, else one of the user's
 * state folder for the store; a store on S3 without it has none, its figures all empty). The live versions
 * are the ones each app's live state (`live.json`) names when this runs, its stable version and its canary: an event
 * for any other version (one no longer live, one never live, another app's) counts for nothing. The live state keeps
 * no time, so a report for a live version received in the window before it went live counts: figures.js's limits per
 * network bound what such reports can add as they bound any other.
 * @param {string | import('../store/backends/backend.js').StoreBackend} store
 * @param {{ apps: readonly string[]; now?: number; env?: Record<string, string | undefined> }} options `apps`: the
 *   apps to show, in order
 * @returns {Promise<StoreHealth>}
 */
export async function storeHealth(store, { apps, now = Date.now(), env = process.env }) {
  const backend = openStore(store, env);
  const setting = await healthSettingOf(backend);
  const since = now - setting.windowMinutes * 60_000;
  const lives = await Promise.all(apps.map(async (app) => ({ app, live: await liveStateOf(backend, app) })));
  const wanted = lives.flatMap(({ app, live }) =>
    live ? [versionKey(app, live.version), ...(live.canary ? [versionKey(app, live.canary.version)] : [])] : [],
  );
  const folder = reportFolderFor(backend.location, env);
  const reports = folder === null ? [] : reportsSince(folder, since);
  const figures = await figuresOf(reports, wanted, setting);
  const of = (/** @type {string} */ app, /** @type {string} */ version) =>
    figures.get(versionKey(app, version)) ?? emptyFigures;
  return {
    setting,
    window: { from: new Date(since).toISOString(), to: new Date(now).toISOString() },
    apps: lives.map(({ app, live }) => ({
      app,
      stable: live
        ? { version: live.version, percent: 100 - (live.canary?.percent ?? 0), figures: of(app, live.version) }
        : null,
      canary: live?.canary ? { ...live.canary, figures: of(app, live.canary.version) } : null,
      previous: live?.previous ?? [],
      autoRollback: live?.autoRollback ?? null,
    })),
  };
}

/**
 * The health of the remotes with a canary only (the server's automatic rollback looks at nothing else): null when
 * none has one, without reading the report log.
 * @param {import('../store/backends/backend.js').StoreBackend} backend
 * @param {number} [now]
 * @param {Record<string, string | undefined>} [env] where the report log is (`storeHealth`)
 */
export async function canariesHealth(backend, now, env = process.env) {
  const withCanary = [];
  for (const app of remoteNames) if ((await liveStateOf(backend, app))?.canary) withCanary.push(app);
  return withCanary.length === 0 ? null : storeHealth(backend, { apps: withCanary, now, env });
}

/** @type {VersionFigures} */
const emptyFigures = {
  pageLoads: 0,
  networks: 0,
  failedPageLoads: 0,
  failingNetworks: 0,
  errorRate: null,
  loadFailures: 0,
  lcpP75: null,
  inpP75: null,
  loadTimeP75: null,
};
