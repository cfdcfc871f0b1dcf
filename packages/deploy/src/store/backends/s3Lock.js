// @ts-check
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { lockTimings } from '../lock.js';
import { lostLock } from '../lockedWork.js';
import { Refusal } from '../refusal.js';
import { isAbsent, isPreconditionFailed } from './s3Errors.js';

/** How often a command waiting for the lock looks again. */
const pollMs = 100;
/** HTTP dates (Last-Modified, Date) count whole seconds: an age read from two of them is off by less than this. */
const httpDateResolutionMs = 1_000;

/**
 * The lease the work running now holds, if any: how the backend's reads and writes under the lock find it.
 * @type {AsyncLocalStorage<Lease>}
 */
const leaseOfWork = new AsyncLocalStorage();

/**
 * @typedef {object} Lease
 * @property {() => Promise<void>} confirm resolves when the lock object, read now, is still this command's, else throws
 * @property {() => void} stopIfLost throws once the lock is lost
 * @property {(why: string) => Error} lose marks the lock lost, for why; the error that stops the work
 */

/**
 * Before each write of the work under the lock (a pointer, the journal, a setting): throws unless the lock object is
 * still this command's. Outside a lock, nothing.
 */
export async function beforeLockedWrite() {
  await leaseOfWork.getStore()?.confirm();
}

/**
 * A conditional write of the work was refused (412): the file changed since the work read it, so another command
 * took the lock over. Marks the lock lost; the error that stops the work.
 * @param {string} location the store
 * @param {string} key the file
 */
export function lostAtWrite(location, key) {
  const why = `${key} changed since this command read it, so another command took the lock over`;
  return leaseOfWork.getStore()?.lose(why) ?? lostLock(location, why);
}

/** Before each read of the work under the lock: throws once the lock is lost, so the work stops there. */
export function beforeLockedRead() {
  leaseOfWork.getStore()?.stopIfLost();
}

/**
 * Runs `work` holding the store's lock object (docs/release-store.md, "Where the store is kept"):
 * - created with If-None-Match: * (of two commands, one creates it);
 * - renewed with If-Match on its own ETag, each renewal a third of the stale time after the previous one finished,
 *   so that a slow renewal never overlaps the next;
 * - judged stale by the server's clock alone: the object's Last-Modified against the Date of the server's answer,
 *   never one machine's clock against another's; taken over with If-Match on the stale holder's ETag (of two that
 *   find it stale, one takes it);
 * - fenced: before each write of the work, the lock object is read and must still name this command as its owner;
 *   that read has a deadline of its own, shorter than the stale time, and runs beside the renewals, never holding
 *   one up: an answer later than the deadline, whatever it says, stops the work, since by then another command may
 *   have taken the lock over. After a failed renewal the work's next read or write throws. What a check cannot
 *   close (the time between its answer and the write) the writes close themselves: each write of a switch is
 *   conditional on the file as the command read it (pointerSwitch.js), and a refused one stops the work too.
 * - deleted after, with If-Match on its ETag (a lock another command took over is left to it).
 * On a server that ignores conditional writes none of this holds: pointer-writing commands are refused there unless
 * MURMUR_S3_SINGLE_WRITER=1 says that one runs at a time.
 * @template T
 * @param {{ client: import('@aws-sdk/client-s3').S3Client; bucket: string; key: string; location: string;
 *   env: Record<string, string | undefined>; conditional: boolean }} options
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withS3Lock({ client, bucket, key, location, env, conditional }, work) {
  if (!conditional) {
    if (env.MURMUR_S3_SINGLE_WRITER === '1') return work();
    throw new Refusal(
      `the server of ${location} ignores conditional writes (If-None-Match), ` +
        'so store commands cannot take turns there; run them one at a time and set MURMUR_S3_SINGLE_WRITER=1',
    );
  }
  const { waitMs, staleMs } = lockTimings(env);
  /** How long a check before a write waits for its answer: well inside the stale time. */
  const fenceMs = Math.floor(staleMs / 3);
  const owner = `${hostname()} ${process.pid} ${randomUUID()}`;
  // `expires` is for commands of earlier releases, which judge a lock by it and take one without it as expired; this
  // one never reads it.
  const body = () => JSON.stringify({ owner, expires: Date.now() + staleMs });
  /** @param {{ IfNoneMatch?: string; IfMatch?: string }} condition */
  const put = async (condition) =>
    (await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body(), ...condition }))).ETag ?? '';

  let etag = await acquire();
  /** Why the lock was lost, once it was; the error is made where it is thrown, to say what the work had written. */
  /** @type {string | null} */
  let lostWhy = null;
  /** The renewal under way, if any. */
  /** @type {Promise<void>} */
  let renewal = Promise.resolve();
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  let done = false;
  const renewLater = () => {
    timer = setTimeout(() => {
      renewal = (async () => {
        if (done || lostWhy) return;
        try {
          etag = await put({ IfMatch: etag });
          renewLater();
        } catch (error) {
          lostWhy ??=
            isPreconditionFailed(error) || isAbsent(error)
              ? `another command took it over, this one having been held up for more than ${staleMs / 1000} s`
              : `renewing it failed (${/** @type {Error} */ (error).message})`;
        }
      })();
    }, staleMs / 3);
  };
  /** @type {Lease} */
  const lease = {
    lose: (why) => {
      lostWhy ??= why;
      return lostLock(location, lostWhy);
    },
    stopIfLost: () => {
      if (lostWhy) throw lostLock(location, lostWhy);
    },
    confirm: async () => {
      lease.stopIfLost();
      const held = await ownerOfLock();
      if (held === undefined) {
        throw lease.lose(`checking that it still held it took more than ${(fenceMs / 1000).toFixed(1)} s`);
      }
      if (held !== owner) throw lease.lose('another command took it over');
      lease.stopIfLost();
    },
  };

  renewLater();
  try {
    return await leaseOfWork.run(lease, work);
  } finally {
    done = true;
    clearTimeout(timer);
    await renewal;
    // If-Match: a lock another command took over is not this one's to delete.
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key, IfMatch: etag })).catch((error) => {
      if (!isPreconditionFailed(error) && !isAbsent(error)) throw error;
    });
  }

  async function acquire() {
    const deadline = performance.now() + waitMs;
    /** The first time each ETag was seen, for a server whose answers carry no Date. */
    /** @type {Map<string, number>} */
    const firstSeen = new Map();
    for (;;) {
      try {
        return await put({ IfNoneMatch: '*' });
      } catch (error) {
        if (!isPreconditionFailed(error)) throw error;
      }
      const held = await holder();
      if (held) {
        if (!firstSeen.has(held.etag)) firstSeen.set(held.etag, performance.now());
        const age = held.ageMs ?? performance.now() - (firstSeen.get(held.etag) ?? 0);
        if (age >= staleMs) {
          try {
            return await put({ IfMatch: held.etag });
          } catch (error) {
            // Another took it over first, or its holder deleted it meanwhile (AWS answers If-Match on no object 404).
            if (!isPreconditionFailed(error) && !isAbsent(error)) throw error;
          }
        }
      }
      if (performance.now() > deadline) {
        throw new Refusal(
          `the store is busy: another command holds ${location}/.lock; gave up after ${Math.round(waitMs / 1000)} s`,
        );
      }
      await sleep(pollMs);
    }
  }

  /**
   * The owner the lock object names, read with a deadline of `fenceMs`: null when there is none, undefined when the
   * answer did not come in time. The owner, not the ETag: a renewal under way changes the ETag, never the owner.
   * @returns {Promise<string | null | undefined>}
   */
  async function ownerOfLock() {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), {
        abortSignal: AbortSignal.timeout(fenceMs),
      });
      const text = (await answer.Body?.transformToString()) ?? '';
      try {
        return String(JSON.parse(text).owner ?? '');
      } catch {
        return '';
      }
    } catch (error) {
      if (isAbsent(error)) return null;
      const { name } = /** @type {Error} */ (error);
      if (name === 'AbortError' || name === 'TimeoutError') return undefined;
      throw error;
    }
  }

  /**
   * The lock object's ETag and how long ago, by the server's clock, it was at least last written (its HTTP dates count
   * whole seconds, so a second is taken off), or null when there is none. The age is null where the server's answer
   * carries no Date.
   * @returns {Promise<{ etag: string; ageMs: number | null } | null>}
   */
  async function holder() {
    const head = new HeadObjectCommand({ Bucket: bucket, Key: key });
    /** @type {string | undefined} */
    let serverDate;
    head.middlewareStack.add(
      (next) => async (args) => {
        const result = await next(args);
        const { headers } = /** @type {{ headers?: Record<string, string> }} */ (result.response ?? {});
        serverDate = headers?.date;
        return result;
      },
      { step: 'build' },
    );
    try {
      const answer = await client.send(head);
      const now = serverDate ? Date.parse(serverDate) : NaN;
      const written = answer.LastModified?.getTime() ?? NaN;
      const age = now - written - httpDateResolutionMs;
      return { etag: answer.ETag ?? '', ageMs: Number.isFinite(age) ? age : null };
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  }
}
