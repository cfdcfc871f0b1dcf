// @ts-check
import { wroteStep } from '../store/writeSteps.js';
import { pointerKeys, storeKeys } from '../store/storePaths.js';
import { parseSwitchJournal, serializeSwitchJournal } from '../store/switchJournal.js';

/** @typedef {import('../store/backends/backend.js').StoreBackend} StoreBackend */

/**
 * A promote or rollback changes several files (remotes.json, the app's live page, its live.json, the shell's pages
 * resolved for each route's owner), and no single write changes them all at once. So the switch is written down
 * first, whole, in one file (the journal): once that write has happened the switch is decided, and whoever finds the
 * journal (the next store command, or `verify-store --repair`) writes its files again and removes it. A command killed
 * at any point leaves the store as before (no journal yet) or, once completed, as after; never between. The same on every backend: each write
 * replaces one file whole (a rename in a folder, one PUT on S3). The journal's own form is store/switchJournal.js's.
 */

/** @typedef {import('../store/switchJournal.js').Switch} Switch */

/**
 * Makes a switch happen: journal, each file in order, then the journal removed.
 * @param {StoreBackend} backend
 * @param {Switch} change file paths are keys inside the store
 */
export async function switchPointers(backend, change) {
  await backend.write(storeKeys.switchJournal, serializeSwitchJournal(change));
  await complete(backend, change);
}

/**
 * The switch a command was killed in the middle of, if any.
 * @param {StoreBackend} backend
 * @returns {Promise<Switch | { problem: string } | null>}
 */
export async function interruptedSwitch(backend) {
  const text = await backend.read(storeKeys.switchJournal);
  if (text === null) return null;
  /** @type {Switch} */
  let change;
  try {
    change = parseSwitchJournal(text, storeKeys.switchJournal);
  } catch (error) {
    return { problem: /** @type {Error} */ (error).message };
  }
  const allowed = new Set(pointerKeys);
  const outside = change.writes.find(({ file }) => !allowed.has(file));
  if (outside) return { problem: `the journal of a pointer switch writes ${outside.file}, which is not a pointer` };
  return change;
}

/**
 * Completes a switch a killed command left, under the store's lock. A journal the store could not have written
 * (not JSON, or naming other files than pointers) is set aside, not followed.
 * @param {StoreBackend} backend
 * @returns {Promise<string | null>} what it did, for the command to say
 */
export async function completeInterruptedSwitch(backend) {
  const found = await interruptedSwitch(backend);
  if (!found) return null;
  if ('problem' in found) {
    await backend.remove(storeKeys.switchJournal);
    return `removed ${storeKeys.switchJournal} of ${backend.location}: ${found.problem}`;
  }
  await complete(backend, found);
  return `completed an interrupted switch of ${found.app} to ${found.version}`;
}

/**
 * @param {StoreBackend} backend
 * @param {Switch} change
 */
async function complete(backend, change) {
  for (const { file, content } of change.writes) await backend.write(file, content);
  await backend.remove(storeKeys.switchJournal);
  wroteStep(storeKeys.switchJournal);
}
