// @ts-check
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { parseJsonFile } from './jsonFile.js';
import { storeKeys, storeLayout, versionPattern } from './storePaths.js';

const version = z.string().regex(versionPattern, 'not a version');

const rate = z.number().min(0).max(100);
const count = z.number().int().min(0);

/**
 * Why the canary health job ended a canary on its own (health/healthJob.js): the canary's version, when, and the
 * figures over the window that decided it, with the setting then.
 */
const autoRollbackSchema = z.strictObject({
  version,
  at: z.iso.datetime(),
  canaryErrorRate: rate,
  stableErrorRate: rate.nullable(),
  canaryPageLoads: count,
  stablePageLoads: count,
  marginPoints: rate,
  // The confidence the margin was held to (health/verdict.js); a record from before it has none.
  confidence: rate.optional(),
  windowMinutes: count,
});

/** @typedef {z.infer<typeof autoRollbackSchema>} AutoRollback */

/**
 * Which version of an app is live in this store's environment, and the versions that were live before it, oldest
 * first: rollback returns to the last of them. A remote may also have a canary: another version, live for `percent`
 * of people (cohort.js), the rest staying on `version`; rollback ends it first. `autoRollback`: the last canary the
 * store server ended on its own, kept until a version goes live for everyone (a live state from before has none).
 * `publicUrl`: the app's public folder (docs/releasing.md, "Where each app is served"). `withdrawn`: the versions a
 * rollback (by a person or the health job) took off the air since a version last went live for everyone, which
 * remotes.json names so that a tab still running one hears it was withdrawn.
 */
const liveStateSchema = z.strictObject({
  version,
  previous: z.array(version),
  // Where the environment serves the app's store folder, ending in "/": recorded when a switch of the app is made,
  // reused by every later switch (publicUrls.js). A live state from before has none.
  publicUrl: z
    .url({ protocol: /^https?$/ })
    .endsWith('/')
    .optional(),
  canary: z.strictObject({ version, percent: z.number().gt(0).lt(100) }).optional(),
  autoRollback: autoRollbackSchema.optional(),
  withdrawn: z.array(version).optional(),
});

/** @typedef {z.infer<typeof liveStateSchema>} LiveState */

/**
 * @param {string} store
 * @param {string} app
 * @returns {LiveState | null} null where the app has never been promoted
 * @throws {Error} naming the file when it is not a live state (half-written by hand, or edited)
 */
export function readLiveState(store, app) {
  const file = storeLayout(store).liveState(app);
  /** @type {string} */
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
    throw error;
  }
  return parseLiveState(text, file);
}

/**
 * The live state of `app` in a store on any backend; null where the app has never been promoted.
 * @param {import('./backends/backend.js').StoreBackend} backend
 * @param {string} app
 * @returns {Promise<LiveState | null>}
 * @throws {Error} naming the file when it is not a live state
 */
export async function liveStateOf(backend, app) {
  const key = storeKeys.liveState(app);
  const text = await backend.read(key);
  return text === null ? null : parseLiveState(text, `${app}/live.json`);
}

/**
 * @param {string} text
 * @param {string} file where it was read, for the message
 * @returns {LiveState}
 * @throws {Error} naming the file when it is not a live state
 */
export function parseLiveState(text, file) {
  return parseJsonFile(text, file, liveStateSchema);
}

/** @param {LiveState} state */
export function serializeLiveState(state) {
  return `${JSON.stringify(state, null, 2)}\n`;
}
