// @ts-check
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelayingProxy } from '../../../test-support/delayingProxy.js';
import { s3Stores } from '../../../test-support/s3Stores.js';
import { startS3Server } from '../../../test-support/s3Server.js';
import { openStore } from './openStore.js';

// The S3 lock when a holder is slow, paused or behind another's clock (docs/release-store.md, "Where the store is
// kept"), on the patched s3rver. A command made slow reaches it through a proxy that holds chosen answers back. A
// command paused, or with another clock, runs in a process of its own; the others run in this one.

/** @type {Awaited<ReturnType<typeof startS3Server>>} */
let server;
/** @type {Awaited<ReturnType<typeof startDelayingProxy>>} */
let proxy;
beforeAll(async () => {
  server = await startS3Server();
  proxy = await startDelayingProxy(server.endpoint);
});
afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
});

const { freshStore, prefixOf, s3Command, s3Process, releaseFake, liveStore, remotesPointer, getObject } = s3Stores(
  () => server,
);

/**
 * The stale time of these scenarios: shorter than the default of 10 s (lock.js), which they would wait out as well,
 * longer than the 2 s of testStore.js's commands, so that a check of the lock (a third of it) is answered in time on
 * busy cores. Each delay below is a share of it.
 */
const staleMs = 6_000;
const timings = { MURMUR_STORE_LOCK_STALE_MS: String(staleMs) };
/** How long a check of the lock may take, as the lost lock's message says it (a third of the stale time). */
const fenceSeconds = (staleMs / 3000).toFixed(1).replace('.', '\\.');
const throughProxy = () => ({ ...timings, MURMUR_S3_ENDPOINT: proxy.endpoint });
const skewedClock = new URL('../../../test-support/skewedClock.js', import.meta.url).href;

/**
 * The first GET of `<store>/<key>` answered.
 * @param {string} store
 * @param {string} key
 */
const readOf = (store, key) => (/** @type {{ method: string; url: string }} */ exchange) =>
  exchange.method === 'GET' && pathOf(exchange.url) === `/${server.bucket}/${prefixOf(store)}/${key}`;
/** A request's path, without its query. @param {string} url */
const pathOf = (url) => new URL(url, 'http://s3').pathname;
/** The path of `<store>/<key>` in the bucket. @param {string} store @param {string} key */
const objectPath = (store, key) => `/${server.bucket}/${prefixOf(store)}/${key}`;

/**
 * Resolves once `<store>/<key>` exists on the server.
 * @param {string} store
 * @param {string} key
 */
async function untilExists(store, key) {
  while ((await getObject(`${prefixOf(store)}/${key}`)).status !== 200) await sleep(50);
}

describe('the S3 lock', () => {
  it('keeps a slow holder against a command whose clock runs 15 s ahead: neither promotion is lost', async () => {
    const { store } = await liveStore();
    const feed = await releaseFake(store, 'feed-mfe', 'v1');
    const profile = await releaseFake(store, 'profile-mfe', 'v1');
    // A reads profile-mfe's live state (for remotes.json), then takes 60 % of the stale time before it writes.
    const slowRead = proxy.delay(readOf(store, 'profile-mfe/live.json'), staleMs * 0.6, { times: 1 });
    const first = s3Command(store, ['promote', 'feed-mfe', feed], throughProxy());
    await slowRead;
    await sleep(staleMs / 4);
    // Another clock: a process of its own.
    const second = await s3Process(store, ['promote', 'profile-mfe', profile], {
      ...timings,
      NODE_OPTIONS: `--import=${skewedClock}`,
      MURMUR_TEST_CLOCK_SKEW_MS: '15000',
    });
    const firstResult = await first;

    expect(firstResult.code, firstResult.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    const pointer = await remotesPointer(store);
    expect(pointer['feed-mfe']).toContain(`/${feed}/`);
    expect(pointer['profile-mfe']).toContain(`/${profile}/`);
    expect((await s3Command(store, ['verify'])).code).toBe(0);
  }, 120_000);

  it('stops a holder paused past the stale time before its next write: the taker loses nothing', async () => {
    const { store, versions } = await liveStore();
    const feed = await releaseFake(store, 'feed-mfe', 'v1');
    const profile = await releaseFake(store, 'profile-mfe', 'v1');
    const held = proxy.hold(readOf(store, 'profile-mfe/live.json'));
    /** @type {import('node:child_process').ChildProcess | undefined} */
    let paused;
    const first = s3Process(store, ['promote', 'feed-mfe', feed], throughProxy(), {
      started: (child) => (paused = child),
    });
    // Mid read-modify-write, holding the lock: stopped as a suspended machine or a long pause would stop it.
    await held.reached;
    paused?.kill('SIGSTOP');
    held.release();
    // Once the lock is 10 s old by the server's clock, this one takes it over.
    const second = await s3Command(store, ['promote', 'profile-mfe', profile], timings);
    paused?.kill('SIGCONT');
    const firstResult = await first;

    expect(second.code, second.stderr).toBe(0);
    const pointer = await remotesPointer(store);
    expect(pointer['profile-mfe']).toContain(`/${profile}/`);
    expect(pointer['feed-mfe']).toContain(`/${versions['feed-mfe']}/`);
    expect(firstResult.code).toBe(1);
    expect(firstResult.stderr).toMatch(
      new RegExp(
        `^lost the lock of ${store}: another command took it over.*; this command wrote nothing to the store$`,
      ),
    );
    expect((await s3Command(store, ['verify'])).code).toBe(0);
  }, 120_000);

  it('stops a holder whose check of the lock is answered after the stale time: the taker loses nothing', async () => {
    const { store, versions } = await liveStore();
    const feed = await releaseFake(store, 'feed-mfe', 'v1');
    const profile = await releaseFake(store, 'profile-mfe', 'v1');
    // A's check of the lock, before its first write, is answered by the server at once (the lock is A's then) and
    // reaches A 2.5 stale times later, after B has taken the lock over and finished.
    const lockPath = objectPath(store, '.lock');
    const slowCheck = proxy.delay(
      ({ method, url }) => (method === 'GET' || method === 'HEAD') && pathOf(url) === lockPath,
      staleMs * 2.5,
      { times: 1 },
    );
    const first = s3Command(store, ['promote', 'feed-mfe', feed], throughProxy());
    await slowCheck;
    const second = await s3Command(store, ['promote', 'profile-mfe', profile], timings);
    const firstResult = await first;
    // The next command repairs what it finds.
    const repair = await s3Command(store, ['verify', '--repair']);

    expect(second.code, second.stderr).toBe(0);
    expect(repair.code, repair.stderr).toBe(0);
    const pointer = await remotesPointer(store);
    expect(pointer['profile-mfe']).toContain(`/${profile}/`);
    expect(pointer['feed-mfe']).toContain(`/${versions['feed-mfe']}/`);
    expect((await s3Command(store, ['verify'])).code).toBe(0);
    expect(firstResult.code).toBe(1);
    expect(firstResult.stderr).toMatch(
      new RegExp(
        `^lost the lock of ${store}: checking that it still held it took more than ${fenceSeconds} s; ` +
          'this command wrote nothing to the store$',
      ),
    );
  }, 120_000);

  it('never completes a journal written after the pointers it was computed from moved', async () => {
    const { store, versions } = await liveStore();
    const feed = await releaseFake(store, 'feed-mfe', 'v1');
    const profile = await releaseFake(store, 'profile-mfe', 'v1');
    // A's journal reaches the server only after A was stopped, B took the lock over and B's promote was done.
    const journalPath = objectPath(store, '.switch.json');
    const heldJournal = proxy.holdRequest(({ method, url }) => method === 'PUT' && pathOf(url) === journalPath);
    /** @type {import('node:child_process').ChildProcess | undefined} */
    let paused;
    const first = s3Process(store, ['promote', 'feed-mfe', feed], throughProxy(), {
      started: (child) => (paused = child),
    });
    await heldJournal.reached;
    paused?.kill('SIGSTOP');
    const second = await s3Command(store, ['promote', 'profile-mfe', profile], timings);
    heldJournal.release();
    await untilExists(store, '.switch.json');
    paused?.kill('SIGCONT');
    const firstResult = await first;
    const repair = await s3Command(store, ['verify', '--repair']);

    expect(second.code, second.stderr).toBe(0);
    expect(repair.code, repair.stderr).toBe(0);
    const pointer = await remotesPointer(store);
    expect(pointer['profile-mfe']).toContain(`/${profile}/`);
    expect(pointer['feed-mfe']).toContain(`/${versions['feed-mfe']}/`);
    const verify = await s3Command(store, ['verify']);
    expect(verify.code, verify.stdout).toBe(0);
    expect(repair.stderr).toContain('without completing its switch of feed-mfe');
    // A says what it wrote: its journal, which the next command does not follow.
    expect(firstResult.code).toBe(1);
    expect(firstResult.stderr).toMatch(
      new RegExp(
        `^lost the lock of ${store}: .*; this command had written \\.switch\\.json; the next command completes ` +
          'its switch only if no pointer it writes has moved since$',
      ),
    );
  }, 120_000);

  it('keeps a lock whose renewals take 60 % of the stale time to be answered, and does not call it lost', async () => {
    const store = freshStore();
    const lockPath = `/${server.bucket}/${prefixOf(store)}/.lock`;
    proxy.delay(
      ({ method, url, headers, status }) =>
        method === 'PUT' && pathOf(url) === lockPath && headers['if-match'] !== undefined && status === 200,
      staleMs * 0.6,
    );
    const backend = openStore(store, { ...server.env, ...throughProxy() });
    await backend.withLock(async () => {
      const count = Number((await backend.read('counter')) ?? '0');
      await sleep(staleMs * 1.1); // past a second renewal, a third of the stale time after the first is answered
      await backend.write('counter', String(count + 1));
    });
    expect(await backend.read('counter')).toBe('1');
  }, 120_000);
});
