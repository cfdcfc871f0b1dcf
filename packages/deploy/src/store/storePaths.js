// @ts-check
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appNames, remoteNames } from '@murmur/config/apps';
import { routeOwners } from '@murmur/config/routes';
import { overrideSettingFile } from '@murmur/release-checks/overrides';
import { versionPattern } from '@murmur/config/versions';
import { pageDataFile } from '@murmur/config/page-data';
import { Refusal } from './refusal.js';

/** The workspace root, where every app folder is. */
export const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Where the release store is: MURMUR_STORE (a folder, or `s3://bucket/prefix`), or `.murmur-store/` at the workspace
 * root (gitignored).
 * @param {Record<string, string | undefined>} [env]
 */
export function storeRoot(env = process.env) {
  const location = env.MURMUR_STORE ?? join(workspaceRoot, '.murmur-store');
  return location.startsWith('s3://') ? location : resolve(location);
}

/**
 * The folder a store in a folder held the pages' reports in, before the report log's default moved out of the store
 * (telemetry/reportLog.js): still allowed beside the apps' folders, never served, never released.
 */
export const reportFolder = 'telemetry';

/** A version id (packages/config/versions.js), as the store names its folders. */
export { versionPattern };

/**
 * What a person typed as a version, refused unless it is one: a version never names a path.
 * @param {string} text
 */
export function parseVersion(text) {
  if (!versionPattern.test(text)) {
    const shown = JSON.stringify(text.slice(0, 60)) + (text.length > 60 ? `… (${text.length} characters)` : '');
    throw new Refusal(`${shown} is not a version: 12 hex digits, then "-" and the commit's where there is one`);
  }
  return text;
}

/**
 * The files of one store. `<app>/<version>/` folders never change once written; the rest are the environment's
 * pointers, each replaced whole by a rename.
 * @param {string} store
 */
export function storeLayout(store) {
  return {
    /** @param {string} app */
    appDir: (app) => join(store, app),
    /** @param {string} app @param {string} version */
    versionDir: (app, version) => join(store, app, version),
    /** Which version of the app is live, and the ones before it, for rollback. Not served. @param {string} app */
    liveState: (app) => join(store, app, 'live.json'),
    /** The live version's page, served for the app's routes. @param {string} app */
    livePage: (app) => join(store, app, 'index.html'),
    /** The shell's live page as data (packages/config/pageData.js), beside its HTML: what a switch resolves the route
     * pages from, never reading the HTML back. Not served. */
    livePageData: join(store, 'shell', pageDataFile),
    /** A remote's live manifest: its stable version's, with the files' address inside that version's folder
     * (liveManifest.js), served at the remote's root, where a remote alone finds another. @param {string} remote */
    liveManifest: (remote) => join(store, remote, 'mf-manifest.json'),
    /** The shell's live page resolved for the addresses `remote` owns, for the stable cohort (page/routePages.js): what
     * edges that serve files (nginx, a CDN) send for those addresses. @param {string} remote */
    routePage: (remote) => join(store, 'shell', `index.${remote}.html`),
    /** The shell's pointer to every live remote's manifest. */
    remotesPointer: join(store, 'shell', 'remotes.json'),
    /** Whether a tab may override a remote here, and at which origins (`overrides`); sent at /overrides.json. */
    overrideSetting: join(store, 'shell', overrideSettingFile),
    /** When the canary health job ends a canary on its own (healthSetting.js: margin, minimum page loads, window).
     * Not served. */
    healthSetting: join(store, 'canary-health.json'),
    /** Whether the store is production's, where overrides are refused (environmentSetting.js). Not served. */
    environmentSetting: join(store, 'environment.json'),
    /** A pointer switch under way: written before its first pointer, removed after its last. Not served. */
    switchJournal: join(store, '.switch.json'),
    /** The remotes `retire` let go, whose releases stay (retiredRemotes.js). Not served. */
    retiredRemotes: join(store, 'retired.json'),
  };
}

/**
 * `key` as a backend reads or writes it (backends/backend.js), refused when it could name anything outside the store:
 * an absolute path, a `.` or `..` segment, an empty one, a backslash or a NUL. Keys come from the store's own
 * layout and from a release's record, so this refuses a bug or a hostile name before any file is touched.
 * @param {string} key
 * @param {string} location the store, for the message
 */
export function checkedKey(key, location) {
  if (/[\\\0]/.test(key) || key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'))
    throw new Error(`${JSON.stringify(key)} is not a key inside ${location}`);
  return key;
}

/** The same files as keys inside the store, "/"-separated, as a store backend takes them (backends/backend.js). */
export const storeKeys = storeLayout('');

/**
 * The pointers: the keys a pointer switch may write (switches/pointerSwitch.js), each replaced whole. Every app's live
 * page and live state, the shell's live page as data, each remote's live manifest, remotes.json, the shell's pages
 * resolved for each route's owner, and the list of retired remotes.
 */
export const pointerKeys = [
  storeKeys.remotesPointer,
  ...appNames.flatMap((app) => [storeKeys.livePage(app), storeKeys.liveState(app)]),
  storeKeys.livePageData,
  ...remoteNames.map((remote) => storeKeys.liveManifest(remote)),
  ...routeOwners.map((owner) => storeKeys.routePage(owner)),
  storeKeys.retiredRemotes,
];

/**
 * A name the store may hold an app's folder under: lower-case words joined by `-`, as packages/config/apps.js names
 * them. What `retire` takes for a remote the app table no longer lists, so that a name never names a path.
 */
export const appNamePattern = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * The pointers of one remote that `retire` removes (switches/retire.js): its route page, live manifest, live page and
 * live state, that last as a promote writes it last. Also for a remote the app table no longer lists, which
 * pointerKeys does not name.
 * @param {string} remote
 */
export const livePointersOf = (remote) => [
  storeKeys.routePage(remote),
  storeKeys.liveManifest(remote),
  storeKeys.livePage(remote),
  storeKeys.liveState(remote),
];
