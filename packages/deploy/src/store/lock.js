// @ts-check
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { checkStillHeld, runLockedWork } from './lockedWork.js';
import { Refusal } from './refusal.js';

/**
 * How long a command waits for another to finish, and after how long without a heartbeat a lock is taken to belong
 * to a process that died. The holder refreshes the lock's time every stale/2, so a live holder is never overtaken;
 * the work done under the lock is small file reads and renames (copying and compressing a build happen outside it).
 * @param {Record<string, string | undefined>} env
 */
export function lockTimings(env) {
  return {
    waitMs: Number(env.MURMUR_STORE_LOCK_WAIT_MS ?? 60_000),
    // proper-lockfile refuses less than 2 s.
    staleMs: Math.max(2_000, Number(env.MURMUR_STORE_LOCK_STALE_MS ?? 10_000)),
  };
}

/**
 * Runs `work` while holding the store's lock, so that each command's read-check-write of the pointers happens as
 * one: concurrent commands from separate processes take effect one after another, none lost. A lock left by a
 * process that died is taken over once it is stale. `work` runs as the work of one hold of the lock (lockedWork.js).
 *
 * A lock found lost while it is held (its file taken over by a command that found it stale, as after this process
 * was paused past the stale time, or removed) stops the work at its next write, or when it is done, with the error of
 * a lost lock, saying what it wrote: an error of this call, never one thrown from proper-lockfile's timer, which
 * would end the process (a long-running one, such as the canary health job, takes the lock again on its next pass).
 * @template T
 * @param {string} store
 * @param {() => T | Promise<T>} work
 * @param {{ env?: Record<string, string | undefined> }} [options]
 * @returns {Promise<T>}
 */
export async function withStoreLock(store, work, { env = process.env } = {}) {
  const { waitMs, staleMs } = lockTimings(env);
  mkdirSync(store, { recursive: true });
  const lockfilePath = join(store, '.lock');
  const pollMs = 50;
  /** @type {string | null} */
  let lost = null;
  /** @type {() => Promise<void>} */
  let unlock;
  try {
    unlock = await lockfile.lock(store, {
      lockfilePath,
      realpath: false,
      stale: staleMs,
      retries: { retries: Math.ceil(waitMs / pollMs), factor: 1, minTimeout: pollMs, maxTimeout: pollMs },
      onCompromised: (error) => {
        lost = `${lockfilePath} was taken over or removed while this command held it (${error.message})`;
      },
    });
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ELOCKED') {
      throw new Refusal(
        `the store is busy: another command holds ${lockfilePath}; gave up after ${Math.round(waitMs / 1000)} s`,
      );
    }
    throw error;
  }
  try {
    return await runLockedWork(
      async () => {
        const result = await work();
        checkStillHeld(store);
        return result;
      },
      () => lost,
    );
  } finally {
    // A lost lock is no longer this command's to remove: another may hold it now.
    if (lost === null) await unlock();
  }
}
