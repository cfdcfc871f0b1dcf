// @ts-check
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readLiveState } from './liveState.js';
import { storeLayout, versionPattern } from './storePaths.js';

/**
 * The versions of an app in the store, oldest release first, the live one flagged.
 * @param {string} store
 * @param {string} app
 * @returns {{ version: string; live: boolean }[]}
 */
export function listReleases(store, app) {
  const dir = storeLayout(store).appDir(app);
  if (!existsSync(dir)) return [];
  const live = readLiveState(store, app)?.version;
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && versionPattern.test(entry.name))
    .map((entry) => ({ version: entry.name, released: statSync(join(dir, entry.name)).mtimeMs }))
    .sort((a, b) => a.released - b.released)
    .map(({ version }) => ({ version, live: version === live }));
}
