// @ts-check
import { appEnvName, localManifestUrl, remoteNames } from './apps.js';
import { integrityPattern } from './integrity.js';
import { versionPattern } from './versions.js';

/**
 * remotes.json, the remotes' pointer, and its one codec, for the store that writes it and the shell that reads it:
 * each remote's name and where its stable version's manifest is; under `canaries`, each remote in a canary with
 * where the canary's manifest is and the share of people who load it (cohort.js: the page picks its side); under
 * `integrity`, the hash of each file of theirs a page loads, by URL; under `shell`, the shell's live version; under
 * `withdrawn`, the manifests of each remote's versions a rollback took off the air (an open tab running one says so).
 * @typedef {Record<string, { manifest: string; percent: number }>} Canaries
 * @typedef {{ locations: Record<string, string>; canaries: Canaries; integrity: Record<string, string>;
 *   shell?: string; withdrawn: Record<string, string[]> }} RemotesContent
 * @typedef {{ path: string; message: string }} RemotesProblem a part that breaks a rule, by its path ('' the top)
 */

/** remotes.json's keys that name no remote. */
export const sections = new Set(['shell', 'withdrawn', 'integrity', 'canaries']);

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `value` as a URL, or null: as written, or resolved against `base` where one is given.
 * @param {unknown} value
 * @param {string | undefined} base
 * @param {boolean} [http] whether it must be an http(s) URL
 */
function urlOf(value, base, http = true) {
  if (typeof value !== 'string') return null;
  let url;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (http && url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return base === undefined ? value : url.href;
}

/**
 * remotes.json's content read by its rules. A part that breaks one is left out and named in `problems`: the store
 * refuses a file with any (packages/deploy/src/store/remotesPointer.js); the shell refuses one whose top or a remote's
 * location is wrong, and otherwise does without the broken part (a malformed canary leaves its remote on the stable
 * version: shell/src/federation/remoteLocations.ts).
 * @param {unknown} content the file's JSON
 * @param {{ base?: string }} [options] `base`, the file's own URL, against which a relative URL is resolved and every
 *   URL is answered absolute; without it (the store's copy), every URL must be absolute and is answered as written
 * @returns {RemotesContent & { problems: RemotesProblem[] }}
 */
export function readRemotesJson(content, { base } = {}) {
  /** @type {RemotesContent & { problems: RemotesProblem[] }} */
  const read = { locations: {}, canaries: {}, integrity: {}, withdrawn: {}, problems: [] };
  /** @param {string} path @param {string} message */
  const problem = (path, message) => void read.problems.push({ path, message });
  if (!isRecord(content)) {
    problem('', 'not an object');
    return read;
  }
  for (const [name, value] of Object.entries(content)) {
    if (sections.has(name)) continue;
    const url = urlOf(value, base);
    if (url === null) problem(name, 'not an http(s) URL');
    else read.locations[name] = url;
  }
  if (content.shell !== undefined) {
    if (typeof content.shell === 'string' && versionPattern.test(content.shell)) read.shell = content.shell;
    else problem('shell', 'not a version');
  }
  /**
   * @param {string} section
   * @param {(key: string, value: unknown, path: string) => void} readEntry
   */
  const eachOf = (section, readEntry) => {
    const entries = content[section];
    if (entries === undefined) return;
    if (!isRecord(entries)) return problem(section, 'not an object');
    for (const [key, value] of Object.entries(entries)) readEntry(key, value, `${section}.${key}`);
  };
  eachOf('withdrawn', (remote, urls, path) => {
    if (!Array.isArray(urls)) return problem(path, 'not a list of URLs');
    read.withdrawn[remote] = urls.flatMap((value, i) => {
      const url = urlOf(value, base);
      if (url === null) problem(`${path}.${i}`, 'not an http(s) URL');
      return url === null ? [] : [url];
    });
  });
  eachOf('integrity', (file, hash, path) => {
    const url = urlOf(file, base, false);
    if (url === null) problem(path, 'not a URL');
    else if (typeof hash !== 'string' || !integrityPattern.test(hash)) problem(path, 'not a sha384 integrity');
    else read.integrity[url] = hash;
  });
  eachOf('canaries', (remote, canary, path) => {
    if (!isRecord(canary)) return problem(path, 'not an object');
    const other = Object.keys(canary).find((key) => key !== 'manifest' && key !== 'percent');
    const manifest = urlOf(canary.manifest, base);
    const percent = canary.percent;
    if (other !== undefined) problem(`${path}.${other}`, 'not a field of a canary');
    else if (manifest === null) problem(`${path}.manifest`, 'not an http(s) URL');
    else if (typeof percent !== 'number' || !(percent > 0 && percent < 100))
      problem(`${path}.percent`, 'not in (0, 100)');
    else read.canaries[remote] = { manifest, percent };
  });
  return read;
}

/**
 * What a reader says of remotes.json read from `file` with `problem`.
 * @param {string} file
 * @param {RemotesProblem} problem
 */
export const remotesJsonProblem = (file, { path, message }) =>
  `${file} is not a map of remote names to http(s) URLs: ${path || 'the top'}: ${message}`;

/**
 * remotes.json's text for `locations`, the canaries where any runs, the shell's live version and the withdrawn
 * versions where there are any, and, where given, `integrity` (left out where not: only a measure of what the
 * integrity adds writes it so, packages/deploy/src/switches/integrityData.js).
 * @param {{ locations: Record<string, string>; canaries?: Canaries; integrity?: Record<string, string>;
 *   shell?: string; withdrawn?: Record<string, string[]> }} content
 */
export function writeRemotesJson({ locations, canaries = {}, integrity, shell, withdrawn = {} }) {
  const content = {
    ...locations,
    ...(Object.keys(canaries).length > 0 ? { canaries } : {}),
    ...(shell ? { shell } : {}),
    ...(Object.keys(withdrawn).length > 0 ? { withdrawn } : {}),
    ...(integrity ? { integrity } : {}),
  };
  return `${JSON.stringify(content, null, 2)}\n`;
}

/**
 * The shell's remotes.json as its build writes it (build-tools' remotesJsonPlugin.js), which it reads at run time to
 * find each remote's mf-manifest.json. It defaults to the local ports; `MURMUR_<APP>_MANIFEST_URL` (e.g.
 * MURMUR_FEED_MFE_MANIFEST_URL) points a remote elsewhere. The file is emitted beside index.html, so an operator can
 * also replace it in dist/ without rebuilding.
 * @param {Record<string, string | undefined>} env
 */
export function remotesJson(env) {
  const locations = Object.fromEntries(
    remoteNames.map((name) => [name, env[appEnvName(name, 'MANIFEST_URL')] ?? localManifestUrl(name)]),
  );
  return writeRemotesJson({ locations });
}
