// @ts-check
import { openStore } from './backends/openStore.js';
import { liveStateOf } from './liveState.js';
import { Refusal } from './refusal.js';
import { parseVersion } from './storePaths.js';

/** @typedef {import('./backends/backend.js').StoreBackend} StoreBackend */

/**
 * The versions of an app in the store, oldest release first, the live one flagged.
 * @param {string | StoreBackend} store
 * @param {string} app
 * @returns {Promise<{ version: string; live: boolean }[]>}
 */
export async function listReleases(store, app) {
  const backend = openStore(store);
  const live = (await liveStateOf(backend, app))?.version;
  return (await backend.releasesOf(app))
    .sort((a, b) => a.released - b.released || (a.version < b.version ? -1 : 1))
    .map(({ version }) => ({ version, live: version === live }));
}

/**
 * Refuses unless the store holds the release `version` of `app`, whole: the version must be a version (never a
 * path), and the release complete.
 * @param {StoreBackend} backend
 * @param {string} app
 * @param {string} version what a person typed
 */
export async function requireRelease(backend, app, version) {
  parseVersion(version);
  if (!(await backend.holdsRelease(app, version))) {
    throw new Refusal(`${app} has no release ${version} in ${backend.location}`);
  }
}
