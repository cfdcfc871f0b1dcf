// @ts-check
import { consumedOf, federationNameOf, remoteNames } from '@murmur/config/apps';
import { refusalOfRemote } from './promotion.js';

/**
 * Session-only overrides of a remote's manifest (docs/deploying.md, "Overrides of one remote"), written once: the
 * store server reflects the environment's setting in the page's Content-Security-Policy, the shell's page decides
 * whether an override asked for may load. Browser code reads this too, so it imports nothing from Node.
 */

/** The page's address parameter that asks for an override: `?override=feed-mfe=http://localhost:4002/mf-manifest.json`. */
export const overrideParameter = 'override';

/** Where the store keeps an environment's setting, beside remotes.json; the shell's server sends it at `/overrides.json`. */
export const overrideSettingFile = 'overrides.json';

/**
 * An environment's setting: whether a tab may point a remote elsewhere, and which origins besides this machine's
 * (`localhost`, `127.0.0.1`, any port) it may point one at, each exactly. Off where there is no setting (production).
 * @typedef {{ enabled: boolean; origins: string[] }} OverrideSetting
 */

/** @type {OverrideSetting} */
export const overridesOff = { enabled: false, origins: [] };

/** The hosts an override may always name, when overrides are on: the developer's own machine. */
const localHosts = ['localhost', '127.0.0.1'];

/**
 * The setting from its file's content: anything but `{ "enabled": true, "origins": [...] }` with each origin an
 * http(s) origin is refused, naming what is wrong.
 * @param {unknown} value
 * @returns {OverrideSetting}
 */
export function parseOverrideSetting(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${overrideSettingFile} must be an object`);
  const { enabled, origins = [] } = /** @type {{ enabled?: unknown; origins?: unknown }} */ (value);
  if (typeof enabled !== 'boolean') throw new Error(`${overrideSettingFile} must say whether overrides are enabled`);
  if (!Array.isArray(origins)) throw new Error(`${overrideSettingFile}'s origins must be a list`);
  return { enabled, origins: origins.map((origin) => exactOrigin(origin)) };
}

/**
 * `value` as an origin, such as `https://dev.example.org` (or `http://host:8080`): scheme, host and port, nothing else.
 * @param {unknown} value
 */
export function exactOrigin(value) {
  let url;
  try {
    url = new URL(String(value));
  } catch {
    throw new Error(`"${String(value)}" is not an origin`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== String(value).replace(/\/$/, ''))
    throw new Error(`"${String(value)}" is not an http(s) origin (scheme, host and port only)`);
  return url.origin;
}

/**
 * What the page's Content-Security-Policy adds to script-src, style-src and connect-src where overrides are on: any
 * port of this machine (a remote's dev server, with its hot-update socket) and the setting's origins; nothing where
 * they are off.
 * @param {OverrideSetting} setting
 */
export function overrideSources(setting) {
  if (!setting.enabled) return [];
  const local = localHosts.flatMap((host) => ['http', 'https', 'ws', 'wss'].map((scheme) => `${scheme}://${host}:*`));
  return [...local, ...setting.origins];
}

/**
 * The overrides an address asks for (each `override` parameter is `<remote>=<manifest URL>`), and whether it asks to
 * clear them (`override=off`). A parameter that names no remote is left out.
 * @param {string} search the address's query, such as `?override=feed-mfe=http://localhost:4002/mf-manifest.json`
 */
export function overridesAsked(search) {
  /** @type {Partial<Record<import('@murmur/config/apps').RemoteName, string>>} */
  const asked = {};
  let clear = false;
  for (const value of new URLSearchParams(search).getAll(overrideParameter)) {
    if (value === 'off') {
      clear = true;
      continue;
    }
    const separator = value.indexOf('=');
    const remote = remoteNames.find((name) => name === value.slice(0, separator));
    if (remote) asked[remote] = value.slice(separator + 1);
  }
  return { asked, clear };
}

/**
 * Why the override may not point at `location`, or null when its address may be loaded: an http(s) URL, without
 * credentials, on this machine or at one of the setting's origins exactly.
 * @param {string} location
 * @param {OverrideSetting} setting
 * @returns {string | null}
 */
export function refusalOfOverrideUrl(location, setting) {
  if (!setting.enabled) return 'overrides are off in this environment';
  let url;
  try {
    url = new URL(location);
  } catch {
    return `"${location}" is not a URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} is not http(s)`;
  if (url.username || url.password) return 'a URL with credentials is not allowed';
  if (!localHosts.includes(url.hostname) && !setting.origins.includes(url.origin))
    return `${url.origin} is not allowed: only localhost, 127.0.0.1 and the environment's listed origins are`;
  return null;
}

/**
 * Why the manifest an override points at cannot stand in for `remote` on this page, or null when it can: checked as
 * a promotion is (promotion.js), against the live shell's manifest.
 * @param {import('@murmur/config/apps').RemoteName} remote
 * @param {unknown} manifest the override's mf-manifest.json, parsed
 * @param {import('./promotion.js').Manifest} shell
 * @returns {string | null}
 */
export function refusalOfOverrideManifest(remote, manifest, shell) {
  const expectedName = federationNameOf(remote);
  if (!isManifest(manifest)) return 'its mf-manifest.json is not a federation manifest';
  // Where its chunks are does not matter here: a release must be servable from any folder of the store, while an
  // override is served from where it says (a dev server names its own origin as its public path).
  const servedWhereItSays = { ...manifest, metaData: { ...manifest.metaData, publicPath: 'auto' } };
  return refusalOfRemote(servedWhereItSays, { expectedName, consumed: consumedOf(remote), shell });
}

/**
 * @param {unknown} value
 * @returns {value is import('./promotion.js').Manifest}
 */
function isManifest(value) {
  if (typeof value !== 'object' || value === null) return false;
  const { name, metaData, shared, exposes } = /** @type {Record<string, unknown>} */ (value);
  return (
    typeof name === 'string' &&
    typeof metaData === 'object' &&
    metaData !== null &&
    Array.isArray(shared) &&
    shared.every((entry) => typeof entry?.name === 'string' && typeof entry.version === 'string') &&
    Array.isArray(exposes) &&
    exposes.every((entry) => typeof entry?.path === 'string')
  );
}
