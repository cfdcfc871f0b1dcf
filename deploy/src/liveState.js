// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import { storeLayout } from './storePaths.js';
import { writeAtomically } from './writeAtomically.js';

/**
 * Which version of an app is live in this store's environment, and the versions that were live before it, oldest
 * first: rollback returns to the last of them.
 * @typedef {{ version: string; previous: string[] }} LiveState
 */

/**
 * @param {string} store
 * @param {string} app
 * @returns {LiveState | null}
 */
export function readLiveState(store, app) {
  const file = storeLayout(store).liveState(app);
  if (!existsSync(file)) return null;
  return /** @type {LiveState} */ (JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * @param {string} store
 * @param {string} app
 * @param {LiveState} state
 */
export function writeLiveState(store, app, state) {
  writeAtomically(storeLayout(store).liveState(app), `${JSON.stringify(state, null, 2)}\n`);
}
