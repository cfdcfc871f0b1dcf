// @ts-check
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { lockTimings } from '../lock.js';
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
 * @property {() => Promise<void>} confirm resolves when this command still holds the lock, else throws
 * @property {() => void} stopIfLost throws once a renewal failed
 */

/**
 * Before each write of the work under the lock (a pointer, the journal, a setting): throws unless the lock object is
 * still this command's. Outside a lock, nothing.
 */
export async function beforeLockedWrite() {
  await leaseOfWork.getStore()?.confirm();
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
 * - fenced: before each write of the work, the lock object must still carry this command's ETag (checked after any
 *   renewal under way), and after a failed renewal the work's next read or write throws. So a holder that was paused
 *   or slowed past the stale time, and taken over, stops before it writes over the taker's work.
 * - deleted after, with If-Match on its ETag.
 * On a server that ignores conditional writes none of this holds: pointer-writing commands are refused there unless
 * MURMUR_S3_SINGLE_WRITER=1 says that one runs at a time.
 * @template T
 * @param {{ client: import('@aws-sdk/client-s3').S3Client; bucket: string; key: string; location: string; env: Record<string, string | undefined>; conditional: boolean }} options
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withS3Lock({ client, bucket, key, location, env, conditional }, work) {
  if (!conditional) {
    if (env.MURMUR_S3_SINGLE_WRITER === '1') return work();
    throw new Refusal(
      `the server of ${location} ignores conditional writes (If-None-Match), so store commands cannot take turns there; ` +
        'run them one at a time and set MURMUR_S3_SINGLE_WRITER=1',
    );
  }
  const { waitMs, staleMs } = lockTimings(env);
  const owner = `${hostname()} ${process.pid} ${randomUUID()}`;
  // `expires` is for commands of earlier releases, which judge a lock by it and take one without it as expired; this
  // one never reads it.
  const body = () => JSON.stringify({ owner, expires: Date.now() + staleMs });
  /** @param {{ IfNoneMatch?: string; IfMatch?: string }} condition */
  const put = async (condition) =>
    (await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body(), ...condition }))).ETag ?? '';

  let etag = await acquire();
  /** @type {Error | null} */
  let lost = null;
  // Renewals and the checks before writes take turns, so that a check never reads an ETag a renewal under way has
  // just replaced.
  /** @type {Promise<unknown>} */
  let turns = Promise.resolve();
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  let done = false;
  const inTurn = (/** @type {() => Promise<void>} */ step) => {
    const turn = turns.then(step);
    turns = turn.catch(() => {});
    return turn;
  };
  const lose = (/** @type {string} */ why) => {
    lost ??= new Error(`lost the lock of ${location}: ${why}; this command wrote nothing after that`);
    return lost;
  };
  const renewLater = () => {
    timer = setTimeout(() => {
      void inTurn(async () => {
        if (done || lost) return;
        try {
          etag = await put({ IfMatch: etag });
          renewLater();
        } catch (error) {
          lose(
            isPreconditionFailed(error) || isAbsent(error)
              ? `another command took it over, this one having been held up for more than ${staleMs / 1000} s`
              : `renewing it failed (${/** @type {Error} */ (error).message})`,
          );
        }
      });
    }, staleMs / 3);
  };
  /** @type {Lease} */
  const lease = {
    stopIfLost: () => {
      if (lost) throw lost;
    },
    confirm: () =>
      inTurn(async () => {
        lease.stopIfLost();
        const held = await holder();
        if (held?.etag !== etag) throw lose('another command took it over');
      }),
  };

  renewLater();
  try {
    return await leaseOfWork.run(lease, work);
  } finally {
    done = true;
    clearTimeout(timer);
    await turns;
    if (!lost) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key, IfMatch: etag })).catch((error) => {
        if (!isPreconditionFailed(error) && !isAbsent(error)) throw error;
      });
    }
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
   * The lock object's ETag and how long ago, by the server's clock, it was at least last written (its HTTP dates
   * count whole seconds, so a second is taken off), or null when there is none. The age is null where the server's answer carries no Date.
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
