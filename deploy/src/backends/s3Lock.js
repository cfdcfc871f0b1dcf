// @ts-check
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { lockTimings } from '../lock.js';
import { Refusal } from '../refusal.js';
import { isAbsent, isPreconditionFailed } from './s3Errors.js';

/** How often a command waiting for the lock looks again. */
const pollMs = 100;

/**
 * Runs `work` holding the store's lock object: created with If-None-Match: * (of two commands, one creates it),
 * kept alive every stale/2 with If-Match on its own ETag, taken over with If-Match on a stale holder's ETag (of two
 * that find it stale, one takes it), and deleted after. The same timings as the folder's lock (lock.js).
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
  const body = () => JSON.stringify({ owner, expires: Date.now() + staleMs });
  /** @param {{ IfNoneMatch?: string; IfMatch?: string }} condition */
  const put = async (condition) =>
    (await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body(), ...condition }))).ETag ?? '';

  let etag = await acquire();
  let lost = false;
  /** @type {Promise<unknown>} */
  let beating = Promise.resolve();
  const heartbeat = setInterval(() => {
    beating = put({ IfMatch: etag }).then(
      (renewed) => (etag = renewed),
      () => (lost = true),
    );
  }, staleMs / 2);
  try {
    const result = await work();
    if (lost) throw new Error(`lost the lock of ${location} while working; run verify-store`);
    return result;
  } finally {
    clearInterval(heartbeat);
    await beating;
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key, IfMatch: etag })).catch((error) => {
      if (!isPreconditionFailed(error)) throw error;
    });
  }

  async function acquire() {
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        return await put({ IfNoneMatch: '*' });
      } catch (error) {
        if (!isPreconditionFailed(error)) throw error;
      }
      const held = await holder();
      if (held && held.expires < Date.now()) {
        try {
          return await put({ IfMatch: held.etag });
        } catch (error) {
          // Another took it over first, or its holder deleted it meanwhile (AWS answers If-Match on no object 404).
          if (!isPreconditionFailed(error) && !isAbsent(error)) throw error;
        }
      }
      if (Date.now() > deadline) {
        throw new Refusal(
          `the store is busy: another command holds ${location}/.lock; gave up after ${Math.round(waitMs / 1000)} s`,
        );
      }
      await sleep(pollMs);
    }
  }

  /** The lock's holder and when its claim ends, or null when it was deleted meanwhile. */
  async function holder() {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const text = (await answer.Body?.transformToString()) ?? '';
      /** @type {{ expires?: unknown }} */
      let parsed = {};
      try {
        parsed = JSON.parse(text);
      } catch {
        // not ours: treated as expired
      }
      return { etag: answer.ETag ?? '', expires: typeof parsed.expires === 'number' ? parsed.expires : 0 };
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  }
}
