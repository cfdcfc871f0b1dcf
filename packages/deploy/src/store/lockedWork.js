// @ts-check
import { AsyncLocalStorage } from 'node:async_hooks';
import { storeKeys } from './storePaths.js';

/**
 * What a command holding the store's lock has seen and written, kept by both backends' `withLock` for the work it
 * runs:
 * - the version of each file as the command first saw it (an S3 ETag, a folder file's content hash; null for none):
 *   what a switch's writes are conditional on, so that a write never replaces a file another command changed since
 *   this one read it (switches/pointerSwitch.js);
 * - the files it wrote or removed, in order: what the message of a lost lock names, so that it is true about what
 *   the command did;
 * - why the lock was lost, where the lock itself found out (a folder's lock file taken over or removed): null while
 *   it is held.
 * @typedef {{ seen: Map<string, string | null>; written: string[]; lostWhy: () => string | null }} LockedWork
 */

/** @type {AsyncLocalStorage<LockedWork>} */
const lockedWork = new AsyncLocalStorage();

/**
 * Runs `work` as the work of one hold of the lock, with nothing seen or written yet.
 * @template T
 * @param {() => Promise<T>} work
 * @param {() => string | null} [lostWhy] why the lock was lost, once the lock knows it is
 * @returns {Promise<T>}
 */
export function runLockedWork(work, lostWhy = () => null) {
  return lockedWork.run({ seen: new Map(), written: [], lostWhy }, work);
}

/**
 * Throws the error of a lost lock (`lostLock`) where the lock of the work under way is known lost: before a write,
 * so that nothing more is written without it, and when the work is done, so that its caller hears of it.
 * @param {string} location the store
 */
export function checkStillHeld(location) {
  const why = lockedWork.getStore()?.lostWhy() ?? null;
  if (why !== null) throw lostLock(location, why);
}

/**
 * Notes the version a file had when the work read it, unless the work saw it before: the first read is the one
 * what the work computes from was read at. Outside a lock, nothing.
 * @param {string} key
 * @param {string | null} version
 */
export function noteSeen(key, version) {
  const work = lockedWork.getStore();
  if (work && !work.seen.has(key)) work.seen.set(key, version);
}

/**
 * The version of a file as the work first saw it; undefined when it has not seen it (or outside a lock).
 * @param {string} key
 */
export function seenVersion(key) {
  return lockedWork.getStore()?.seen.get(key);
}

/**
 * Notes that the work wrote a file (`version`, its new version) or removed it (null): from now on the work has seen
 * it so.
 * @param {string} key
 * @param {string | null} version
 */
export function noteWritten(key, version) {
  const work = lockedWork.getStore();
  if (!work) return;
  work.seen.set(key, version);
  work.written.push(version === null ? `removed ${key}` : key);
}

/**
 * A conditional write of the work found its file changed by another command since the work read it: so another
 * command took the lock over, and wrote.
 */
class LostLock extends Error {}

/**
 * The error that stops a command whose lock was lost, saying why, and what the command wrote to the store (never
 * "nothing" when it wrote something); once it wrote its journal, that the next command completes the switch only
 * where no pointer moved since.
 * @param {string} location the store
 * @param {string} why
 */
export function lostLock(location, why) {
  const journal = storeKeys.switchJournal;
  const written = lockedWork.getStore()?.written ?? [];
  const journalLeft = written.lastIndexOf(journal) > written.lastIndexOf(`removed ${journal}`);
  const what =
    written.length === 0
      ? 'this command wrote nothing to the store'
      : `this command had written ${written.join(', ')}` +
        (journalLeft ? `; the next command completes its switch only if no pointer it writes has moved since` : '');
  return new LostLock(`lost the lock of ${location}: ${why}; ${what}`);
}
