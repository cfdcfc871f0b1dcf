// @ts-check
import { consumedOf, federationNameOf, remoteNames } from '@murmur/config/apps';
import { overrideParameter } from './overrideAddress.js';
import { refusalOfRemote } from './promotion.js';

/**
 * Session-only overrides of a remote's manifest (docs/overriding-a-remote.md, "Overrides of one remote"), written once:
 * the store server reflects the environment's setting in the page's Content-Security-Policy, the shell's page decides
 * whether an override asked for may load. Browser code reads this too, so it imports nothing from Node.
 */

/**
 * Where the store keeps an environment's setting, beside remotes.json; the shell's server sends it at
 * `/overrides.json`.
 */
export const overrideSettingFile = 'overrides.json';

/**
 * An environment's setting: whether a tab may point a remote elsewhere, whether at this machine (`localhost`,
 * `127.0.0.1`, any port: a developer's own dev server), and at which URL prefixes besides (each an http(s) URL ending
 * in `/`, such as `https://dev.example.org/~mira/`: a manifest must be under one, and the page's policy names each, so
 * no other path of that host may serve a script). Off where there is no setting (production).
 * @typedef {{ enabled: boolean; localhost: boolean; prefixes: string[] }} OverrideSetting
 */

/** @type {OverrideSetting} */
export const overridesOff = { enabled: false, localhost: false, prefixes: [] };

/** The hosts an override may name where the setting allows this machine. */
const localHosts = ['localhost', '127.0.0.1'];

/**
 * The setting from its file's content: anything but `{ "enabled": true, "localhost": true, "prefixes": [...] }` with
 * each prefix a URL prefix is refused, naming what is wrong. A file from before prefixes (`origins`, with this machine
 * always allowed) reads as each origin's root.
 * @param {unknown} value
 * @returns {OverrideSetting}
 */
export function parseOverrideSetting(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${overrideSettingFile} must be an object`);
  const { enabled, localhost, prefixes, origins } = /** @type {Record<string, unknown>} */ (value);
  if (typeof enabled !== 'boolean') throw new Error(`${overrideSettingFile} must say whether overrides are enabled`);
  if (origins !== undefined) {
    if (!Array.isArray(origins)) throw new Error(`${overrideSettingFile}'s origins must be a list`);
    return { enabled, localhost: enabled, prefixes: origins.map((origin) => urlPrefix(`${String(origin)}/`)) };
  }
  if (localhost !== undefined && typeof localhost !== 'boolean')
    throw new Error(`${overrideSettingFile} must say whether localhost is allowed with true or false`);
  if (prefixes !== undefined && !Array.isArray(prefixes))
    throw new Error(`${overrideSettingFile}'s prefixes must be a list`);
  return { enabled, localhost: localhost ?? false, prefixes: (prefixes ?? []).map((prefix) => urlPrefix(prefix)) };
}

/**
 * The setting from the text of its file in a store, refused where it is not JSON or not a setting, naming `file`
 * (where it was read): the one parse of the file for every reader of the store.
 * @param {string} text
 * @param {string} file
 * @returns {OverrideSetting}
 */
export function parseOverrideSettingFile(text, file) {
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not JSON (${/** @type {Error} */ (error).message})`);
  }
  try {
    return parseOverrideSetting(value);
  } catch (error) {
    throw new Error(`${file}: ${/** @type {Error} */ (error).message}`);
  }
}

/**
 * The text of the setting's file, as `overrides on` and `overrides off` write it.
 * @param {OverrideSetting} setting
 */
export function serializeOverrideSetting(setting) {
  return `${JSON.stringify(setting, null, 2)}\n`;
}

/**
 * `value` as a URL prefix, such as `https://dev.example.org/~mira/`: an http(s) URL without credentials, query or
 * fragment, its path ending in `/`, and only characters a Content-Security-Policy source may hold.
 * @param {unknown} value
 */
export function urlPrefix(value) {
  let url;
  try {
    url = new URL(String(value));
  } catch {
    throw new Error(`"${String(value)}" is not a URL prefix`);
  }
  const wrong =
    url.protocol !== 'http:' && url.protocol !== 'https:'
      ? 'not http(s)'
      : url.username || url.password || url.search || url.hash || String(value).includes('?')
        ? 'a prefix has no credentials, query or fragment'
        : !url.pathname.endsWith('/')
          ? 'a prefix ends with /'
          : !/^[\w.~%/-]*$/.test(url.pathname) || hidesPath(url.pathname)
            ? 'its path holds characters a prefix may not'
            : null;
  if (wrong) throw new Error(`"${String(value)}" is not a URL prefix: ${wrong}`);
  return url.href;
}

/** Whether a path hides a `/`, `\` or `.` in an escape, which a server may undo after the prefix was checked. */
const hidesPath = (/** @type {string} */ pathname) => /%(?:2f|5c|2e)/i.test(pathname);

/**
 * What the page's Content-Security-Policy adds to script-src, style-src and connect-src for a load that holds an
 * override: any port of this machine (a remote's dev server, with its hot-update socket) where the setting allows it,
 * and each prefix; nothing where overrides are off.
 * @param {OverrideSetting} setting
 */
export function overrideSources(setting) {
  if (!setting.enabled) return [];
  const local = setting.localhost
    ? localHosts.flatMap((host) => ['http', 'https', 'ws', 'wss'].map((scheme) => `${scheme}://${host}:*`))
    : [];
  return [...local, ...setting.prefixes];
}

/** What an override may be pointed at, as a person reads it. @param {OverrideSetting} setting */
export function allowedOverrideUrls(setting) {
  return [...(setting.localhost ? ['localhost and 127.0.0.1 (any port)'] : []), ...setting.prefixes].join(', ');
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
 * credentials, on this machine where the setting allows it, or under one of its prefixes.
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
  if (hidesPath(url.pathname)) return 'a URL that hides /, \\ or . in an escape is not allowed';
  if (setting.localhost && localHosts.includes(url.hostname)) return null;
  if (setting.prefixes.some((prefix) => url.href.startsWith(prefix))) return null;
  const allowed = allowedOverrideUrls(setting);
  return `${url.href} is not allowed: ${allowed ? `only ${allowed} are` : 'the environment allows no address'}`;
}

/**
 * Why the manifest an override points at cannot stand in for `remote` on this page, or null when it can: checked as
 * a promotion is (promotion.js), against the live shell's manifest.
 * @param {import('@murmur/config/apps').RemoteName} remote
 * @param {unknown} manifest the override's mf-manifest.json, parsed
 * @param {import('./promotion.js').Manifest} shell
 * @param {{ url: string; setting: OverrideSetting }} where the manifest's URL, and the setting its files must fit
 * @returns {string | null}
 */
export function refusalOfOverrideManifest(remote, manifest, shell, { url, setting }) {
  const expectedName = federationNameOf(remote);
  if (!isManifest(manifest)) return 'its mf-manifest.json is not a federation manifest';
  // Its chunks come from its public path: that must be an allowed address too.
  const { publicPath } = /** @type {{ publicPath?: unknown }} */ (manifest.metaData);
  if (typeof publicPath === 'string' && publicPath !== 'auto') {
    const refused = refusalOfOverrideUrl(new URL(publicPath, url).href, setting);
    if (refused) return `its files are served from ${publicPath}: ${refused}`;
  }
  // Where its chunks are does not matter here: a release must be servable from any folder of the store, while an
  // override is served from where it says (a dev server names its own origin as its public path).
  const servedWhereItSays = { ...manifest, metaData: { ...manifest.metaData, publicPath: 'auto' } };
  return refusalOfRemote(withoutDevServerExtras(servedWhereItSays, shell), {
    expectedName,
    consumed: consumedOf(remote),
    shell,
  });
}

/**
 * A remote's dev server (whose modules need React's development JSX runtime) lists as singletons, besides what its
 * config shares, sub-paths the federation plugin adds by itself while serving: `react/compiler-runtime` and
 * `react-dom/profiling`. No build of the shell provides them, and no remote imports them: where the shell provides
 * their package, the dev server's manifest is checked without them (were one imported, the remote's own copy would
 * load, on the shell's React). Any other manifest is checked as it is.
 * @template {import('./promotion.js').Manifest} M
 * @param {M} manifest
 * @param {import('./promotion.js').Manifest} shell
 * @returns {M}
 */
function withoutDevServerExtras(manifest, shell) {
  if (!manifest.shared.some((entry) => entry.name === 'react/jsx-dev-runtime')) return manifest;
  const provided = new Set(shell.shared.map((entry) => entry.name));
  const extra = (/** @type {string} */ name) =>
    devServerSubpaths.some(([subpath, pkg]) => name === subpath && provided.has(pkg) && !provided.has(subpath));
  return { ...manifest, shared: manifest.shared.filter((entry) => !extra(entry.name)) };
}

/**
 * What a dev server of the federation plugin shares by itself, with the package each is a sub-path of.
 * @type {[string, string][]}
 */
const devServerSubpaths = [
  ['react/compiler-runtime', 'react'],
  ['react-dom/profiling', 'react-dom'],
];

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
