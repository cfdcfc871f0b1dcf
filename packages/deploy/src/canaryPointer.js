// @ts-check
import { z } from 'zod';
import { inCanary } from './cohort.js';
import { parseJsonFile } from './jsonFile.js';
import { readLiveFile } from './liveFiles.js';
import { integrityPattern } from './releaseRecord.js';
import { serializeRemotesPointer } from './remotesPointer.js';
import { storeKeys, storeLayout } from './storePaths.js';

/**
 * `shell/remotes.canary.json`, the second pointer promote writes beside remotes.json: for each remote in a canary,
 * its version, the share of people who get it, where its manifest is and the integrity of the files a composed page
 * may load of it, as remotes.json gives them for the stable version. remotes.json itself stays what the stable
 * cohort (and any server that does not read cookies, such as the nginx edge) is sent; the store server sends each
 * other cohort remotes.json with the canary's location and integrity in place of the stable version's
 * (remotesForCohort). `{}` when no canary runs. Written with remotes.json and live.json in one switch.
 */
const canaryPointerSchema = z.record(
  z.string(),
  z.strictObject({
    version: z.string(),
    percent: z.number().gt(0).lt(100),
    manifest: z.url({ protocol: /^https?$/ }),
    integrity: z.record(z.url(), z.string().regex(integrityPattern)),
  }),
);

/** @typedef {z.infer<typeof canaryPointerSchema>} CanaryPointer */

/**
 * @param {string} text
 * @param {string} file where it was read, for the message
 * @returns {CanaryPointer}
 * @throws {Error} naming the file when it is not a canary pointer
 */
export function parseCanaryPointer(text, file) {
  return parseJsonFile(text, file, canaryPointerSchema);
}

/**
 * The canary pointer of a store in a folder, as the server reads it: `{}` where there is none.
 * @param {string} store
 * @returns {CanaryPointer}
 */
export function readCanaryPointer(store) {
  const file = storeLayout(store).canaryPointer;
  const text = readLiveFile(file);
  return text === null ? {} : parseCanaryPointer(text, file);
}

/**
 * The canary pointer of a store on any backend: `{}` where there is none.
 * @param {import('./backends/backend.js').StoreBackend} backend
 * @returns {Promise<CanaryPointer>}
 * @throws {Error} naming the file when it is not a canary pointer
 */
export async function canaryPointerOf(backend) {
  const text = await backend.read(storeKeys.canaryPointer);
  return text === null ? {} : parseCanaryPointer(text, storeKeys.canaryPointer);
}

/** @param {CanaryPointer} pointer */
export function serializeCanaryPointer(pointer) {
  return `${JSON.stringify(pointer, null, 2)}\n`;
}

/**
 * remotes.json as the cohort of `key` is sent it: for each remote in a canary whose share holds the key, the
 * canary's manifest in place of the stable one, and its files' integrity in place of the stable version's. The
 * stable remotes.json, byte for byte, where no canary holds the key.
 * @param {import('./remotesPointer.js').RemotesPointer} stable remotes.json, parsed
 * @param {CanaryPointer} canary
 * @param {string} key
 */
export function remotesForCohort(stable, canary, key) {
  const moved = Object.entries(canary).filter(
    ([app, { percent }]) => stable.locations[app] !== undefined && inCanary(key, app, percent),
  );
  if (moved.length === 0) return stable.json;
  const locations = { ...stable.locations };
  /** @type {Record<string, string>} */
  let integrity = { ...stable.integrity };
  for (const [app, entry] of moved) {
    const stableFolder = folderOf(locations[app] ?? '');
    integrity = Object.fromEntries(Object.entries(integrity).filter(([url]) => !url.startsWith(stableFolder)));
    Object.assign(integrity, entry.integrity);
    locations[app] = entry.manifest;
  }
  return serializeRemotesPointer({ locations, integrity });
}

/** @param {string} manifest a manifest's URL, inside its version folder */
function folderOf(manifest) {
  return manifest.slice(0, manifest.lastIndexOf('/') + 1);
}
