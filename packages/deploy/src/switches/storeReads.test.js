// @ts-check
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/backends/openStore.js';
import { release } from '../store/release.js';
import { recordName } from '../store/releaseRecord.js';
import { published } from '../../test-support/testContracts.js';
import { fakeBuild } from '../../test-support/testBuilds.js';
import { remotes, storeWithRemotes } from '../../test-support/testStore.js';
import { promote, rollback } from './promote.js';

/** @typedef {import('../store/backends/backend.js').StoreBackend} StoreBackend */

/**
 * The store's backend, counting how many times each key is read (`read` or `readBytes`): a switch takes its snapshot
 * of the live state under the lock and computes from it, so it reads no key twice.
 * @param {string} store
 */
function countingBackend(store) {
  const backend = openStore(store, {});
  /** @type {Map<string, number>} */
  const reads = new Map();
  const count = (/** @type {string} */ key) => reads.set(key, (reads.get(key) ?? 0) + 1);
  /** @type {StoreBackend} */
  const counting = {
    ...backend,
    read: (key) => (count(key), backend.read(key)),
    readBytes: (key) => (count(key), backend.readBytes(key)),
  };
  return { backend: counting, reads };
}

/** @type {Awaited<ReturnType<typeof storeWithRemotes>>} */
let fixture;
/** @type {string} */
let feedNext;
/** @type {string} */
let shellNext;
beforeAll(async () => {
  fixture = await storeWithRemotes(1);
  const feed = remotes['feed-mfe'];
  // It publishes its declarations: its seams with every live app are checked (contracts/seamBreaks.js).
  const page = '<title>feed next</title>';
  const from = fakeBuild({ name: feed.name, exposes: [...feed.exposes], page, published: published['feed-mfe'] });
  feedNext = (await release({ store: fixture.store, app: 'feed-mfe', from })).version;
  const shell = fakeBuild({ name: 'shell', page: '<title>shell next</title>' });
  shellNext = (await release({ store: fixture.store, app: 'shell', from: shell })).version;
});

// Before the switches took a snapshot, a promote --canary of feed-mfe read shell/live.json five times (the promote,
// checkFits twice, publicUrlsForSwitch, remotesJson), each other remote's live.json three times, and the release's
// record twice (its live page, remotes.json).
describe('a switch reads the live state once', () => {
  it("a promote of a remote reads each app's live state and the release's record once", async () => {
    const { backend, reads } = countingBackend(fixture.store);
    await promote({ store: backend, app: 'feed-mfe', version: feedNext, env: {} });
    expect(reads.get('feed-mfe/live.json')).toBe(1);
    expect(reads.get(`feed-mfe/${feedNext}/${recordName}`)).toBe(1);
    expect(Object.fromEntries([...reads].filter(([, times]) => times > 1))).toEqual({});
  });

  it('so do a canary, a rollback and a promote of the shell: no key is read twice', async () => {
    for (const [name, switched] of /** @type {const} */ ([
      ['rollback', (/** @type {StoreBackend} */ store) => rollback({ store, app: 'feed-mfe', env: {} })],
      [
        'promote --canary',
        (/** @type {StoreBackend} */ store) =>
          promote({ store, app: 'feed-mfe', version: feedNext, canary: 30, env: {} }),
      ],
      ['shell', (/** @type {StoreBackend} */ store) => promote({ store, app: 'shell', version: shellNext, env: {} })],
    ])) {
      const { backend, reads } = countingBackend(fixture.store);
      await switched(backend);
      expect(Object.fromEntries([...reads].filter(([, times]) => times > 1)), name).toEqual({});
    }
  });
});
