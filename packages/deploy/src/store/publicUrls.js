// @ts-check
import { apps, appEnvName, appNames } from '@murmur/config/apps';
import { parseRemotesPointer } from './remotesPointer.js';
import { storeKeys } from './storePaths.js';
import { liveStateOf, readLiveState } from './liveState.js';
import { Refusal } from './refusal.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {Record<string, string | undefined>} Env */

/**
 * Where `env` says an app's store folder is served, ending in "/", or null where it says nothing:
 * `MURMUR_<APP>_PUBLIC_URL` (for example MURMUR_FEED_MFE_PUBLIC_URL=https://cdn.example.org/feed-mfe/).
 * @param {AppName} app
 * @param {Env} env
 */
function configuredPublicUrl(app, env) {
  const configured = env[appEnvName(app, 'PUBLIC_URL')];
  if (configured === undefined || configured === '') return null;
  let url;
  try {
    url = new URL(configured);
  } catch {
    throw new Refusal(`${appEnvName(app, 'PUBLIC_URL')} is not a URL: ${configured}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Refusal(`${appEnvName(app, 'PUBLIC_URL')} is not an http(s) URL: ${configured}`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/** Where an app is served on this machine: its own port (`npm start`). */
const localPublicUrl = (/** @type {AppName} */ app) => `http://localhost:${apps[app].port}/`;

/**
 * Where each app's store folder is served, for a switch of `switched` (docs/releasing.md, "Where each app is
 * served"). Each app keeps the folder recorded in its live state when it was last switched, so that a switch run
 * from anywhere (a pipeline that knows only its own remote, the health job, a laptop) leaves every other app where it
 * is. The switched app takes its variable where one is set (that is how an app moves), else its record. A variable
 * that would move another app is refused: that app moves by a switch of its own. A store from before the records
 * gives a remote's folder from remotes.json; where nothing is known, the variable or this machine's port.
 * @param {{ stateOf: (app: AppName) => import('./liveState.js').LiveState | null; remotes: string | null }} live
 *   each app's live state and remotes.json's text, as the switch read them
 * @param {AppName} switched
 * @param {Env} env
 * @returns {Record<AppName, string>}
 */
export function publicUrlsForSwitch(live, switched, env) {
  const pointed = pointedFolders(live.remotes);
  /** @type {Partial<Record<AppName, string>>} */
  const urls = {};
  for (const app of appNames) {
    const recorded = live.stateOf(app)?.publicUrl ?? pointed[app] ?? null;
    const configured = configuredPublicUrl(app, env);
    if (app !== switched && recorded !== null && configured !== null && configured !== recorded)
      throw new Refusal(
        `${appEnvName(app, 'PUBLIC_URL')} would move ${app} from ${recorded} to ${configured}: ` +
          `switch ${app} itself to move it, or unset the variable`,
      );
    urls[app] = (app === switched ? (configured ?? recorded) : (recorded ?? configured)) ?? localPublicUrl(app);
  }
  return /** @type {Record<AppName, string>} */ (urls);
}

/**
 * Where each app's store folder is served now: the folder recorded at its last switch, else where its first switch
 * would put it (its variable, else this machine's port). What an edge's configuration names as the remotes' origins
 * (edge/nginx/config.js), which a promote or rollback therefore never changes.
 * @param {import('./backends/backend.js').StoreBackend} backend
 * @param {Env} env
 * @returns {Promise<Record<AppName, string>>}
 */
export async function servedPublicUrls(backend, env) {
  const pointed = pointedFolders(await backend.read(storeKeys.remotesPointer));
  /** @type {Partial<Record<AppName, string>>} */
  const urls = {};
  for (const app of appNames)
    urls[app] = servedPublicUrl(app, (await liveStateOf(backend, app))?.publicUrl ?? pointed[app] ?? null, env);
  return /** @type {Record<AppName, string>} */ (urls);
}

/**
 * Where an app's folder is served now, given where the store says it is (`known`, or null): that, else where its
 * first switch would put it.
 * @param {AppName} app
 * @param {string | null} known
 * @param {Env} env
 */
const servedPublicUrl = (app, known, env) => known ?? configuredPublicUrl(app, env) ?? localPublicUrl(app);

/**
 * The shell's public URL in a store in a folder, as servedPublicUrls gives it, read as the embedded server reads its
 * pointers: per request, so a move of the shell reaches it with no restart.
 * @param {string} store
 * @param {Env} env
 * @throws {Error} naming the file when the shell's live.json is damaged
 */
export function servedShellUrl(store, env) {
  return servedPublicUrl('shell', readLiveState(store, 'shell')?.publicUrl ?? null, env);
}

/** This machine's names: a page on one of them is on this machine, whatever a DNS record says of another name. */
const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins an app at `publicUrl` is its own at: the URL's origin, and where that is on this machine (`localhost`,
 * `127.0.0.1`, `[::1]`), the same scheme and port under each of its names. What a page of the app sends as its
 * `Origin`, and the host names its edge answers to (edge/nginx/config.js's `server_name`). A site whose name a DNS
 * record points at the edge (rebinding) keeps its own name in both, so it is none of these.
 * @param {string} publicUrl
 */
export function ownOriginsOf(publicUrl) {
  const url = new URL(publicUrl);
  if (!loopbackHosts.includes(url.hostname)) return [url.origin];
  return loopbackHosts.map((host) => {
    const alias = new URL(url.origin);
    alias.hostname = host;
    return alias.origin;
  });
}

/**
 * Each remote's folder as remotes.json names it (its manifest's URL less `<version>/mf-manifest.json`): where a
 * store from before the recorded folders has its remotes. A remotes.json that cannot be read gives none.
 * @param {string | null} remotes remotes.json's text, null where there is none
 * @returns {Partial<Record<AppName, string>>}
 */
function pointedFolders(remotes) {
  /** @type {Record<string, string>} */
  let locations;
  try {
    locations = remotes === null ? {} : parseRemotesPointer(remotes, storeKeys.remotesPointer).locations;
  } catch {
    return {}; // verify-store names a damaged remotes.json; the switch rewrites it
  }
  /** @type {Partial<Record<AppName, string>>} */
  const folders = {};
  for (const [app, manifest] of Object.entries(locations)) {
    const folder = manifest.replace(/[^/]+\/mf-manifest\.json$/, '');
    if (folder !== manifest) folders[/** @type {AppName} */ (app)] = folder;
  }
  return folders;
}
