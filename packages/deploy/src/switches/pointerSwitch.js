// @ts-check
import { wroteStep } from '../store/writeSteps.js';
import { appNamePattern, livePointersOf, pointerKeys, storeKeys } from '../store/storePaths.js';
import { parseSwitchJournal, serializeSwitchJournal } from '../store/switchJournal.js';

/** @typedef {import('../store/backends/backend.js').StoreBackend} StoreBackend */

/**
 * A promote or rollback changes several files (remotes.json, the app's live page, its live.json, the shell's pages
 * resolved for each route's owner), and no single write changes them all at once. So the switch is written down
 * first, whole, in one file (the journal): once that write has happened the switch is decided, and whoever finds the
 * journal (the next store command, or `verify-store --repair`) writes its files again and removes it. A command killed
 * at any point leaves the store as before (no journal yet) or, once completed, as after; never between. The same on
 * every backend: each write replaces one file whole (a rename in a folder, one PUT on S3). The journal's own form is
 * store/switchJournal.js's.
 *
 * Every write of a switch is conditional on what the command read (backend.js, `version`): the journal on there
 * being none, each file on its version as the command first saw it, which the journal records as `before`. So a
 * command that lost the lock (paused or slowed past the stale time, and taken over) writes over no file the taker
 * changed: its write is refused, and it stops, saying that it lost the lock and what it had written. A journal it
 * had written by then is completed by the next command only where each file is still as the journal's switch found
 * it (or already as it writes it): otherwise the pointers moved since, and the journal is removed, not followed.
 */

/** @typedef {import('../store/switchJournal.js').Switch} Switch */

/**
 * Makes a switch happen: journal, each file in order, then the journal removed.
 * @param {StoreBackend} backend
 * @param {{ app: string; version: string; writes: { file: string; content: string | null }[] }} change file paths
 *   are keys inside the store; a content of null removes the file
 */
export async function switchPointers(backend, change) {
  /** @type {Switch} */
  const journal = { ...change, writes: [] };
  for (const write of change.writes) journal.writes.push({ ...write, before: await backend.versionOf(write.file) });
  await backend.write(storeKeys.switchJournal, serializeSwitchJournal(journal), null);
  await complete(backend, journal.writes);
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
  // A retirement removes its remote's pointers, which pointerKeys lacks once the app table no longer lists it.
  const allowed = new Set([...pointerKeys, ...(appNamePattern.test(change.app) ? livePointersOf(change.app) : [])]);
  const outside = change.writes.find(({ file }) => !allowed.has(file));
  if (outside) return { problem: `the journal of a pointer switch writes ${outside.file}, which is not a pointer` };
  return change;
}

/**
 * Completes a switch a killed command left, under the store's lock. A journal the store could not have written
 * (not JSON, or naming other files than pointers) is set aside, not followed; so is one whose files have moved since
 * its switch read them: the journal of a command that lost the lock, written after the taker's switch.
 * @param {StoreBackend} backend
 * @returns {Promise<string | null>} what it did, for the command to say
 */
export async function completeInterruptedSwitch(backend) {
  const found = await interruptedSwitch(backend);
  if (!found) return null;
  const journal = await backend.versionOf(storeKeys.switchJournal);
  if ('problem' in found) {
    await backend.remove(storeKeys.switchJournal, journal);
    return `removed ${storeKeys.switchJournal} of ${backend.location}: ${found.problem}`;
  }
  /** @type {{ file: string; content: string | null; before: string | null }[]} */
  const pending = [];
  /** @type {string[]} */
  const moved = [];
  for (const { file, content, before } of found.writes) {
    if ((await backend.read(file)) === content) continue;
    const now = await backend.versionOf(file);
    // A journal written before switches recorded `before` is followed as it was then.
    if (before === undefined || before === now) pending.push({ file, content, before: now });
    else moved.push(file);
  }
  if (moved.length > 0) {
    await backend.remove(storeKeys.switchJournal, journal);
    wroteStep(storeKeys.switchJournal);
    return (
      `removed ${storeKeys.switchJournal} of ${backend.location} without completing its switch of ${found.app} to ` +
      `${found.version}: ${moved.join(', ')} changed after that switch read them`
    );
  }
  await complete(backend, pending);
  return `completed an interrupted switch of ${found.app} to ${found.version}`;
}

/**
 * Writes (or removes) each file, if it is still the version the switch read, then removes the journal, if it is
 * still the one this command wrote or read.
 * @param {StoreBackend} backend
 * @param {{ file: string; content: string | null; before?: string | null }[]} writes
 */
async function complete(backend, writes) {
  for (const { file, content, before } of writes) {
    if (content === null) await backend.remove(file, before);
    else await backend.write(file, content, before);
  }
  await backend.remove(storeKeys.switchJournal, await backend.versionOf(storeKeys.switchJournal));
  wroteStep(storeKeys.switchJournal);
}
