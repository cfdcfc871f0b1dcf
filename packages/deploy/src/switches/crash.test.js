// @ts-check
import { cpSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeOwners } from '@murmur/config/routes';
import { withStoreLock } from '../store/lock.js';
import { promote } from './promote.js';
import { storeLayout } from '../store/storePaths.js';
import { temporaryStore } from '../../test-support/testBuilds.js';
import { killedSteps } from '../../test-support/killedSteps.js';
import { snapshot, storeCommand, storeCommandInProcess, storeWithRemotes } from '../../test-support/testStore.js';
import { verifyStore } from './verify.js';

/** The files a promote or rollback of feed-mfe switches (its live manifest and the shell's resolved pages too), and
 * the live state of the other apps. */
const pointersOf = (/** @type {string} */ store) => {
  const layout = storeLayout(store);
  return Object.fromEntries(
    [
      layout.remotesPointer,
      layout.liveManifest('feed-mfe'),
      ...['shell', 'auth-mfe', 'feed-mfe', 'profile-mfe'].flatMap((app) => [
        layout.livePage(app),
        layout.liveState(app),
      ]),
      ...routeOwners.map((owner) => layout.routePage(owner)),
    ].map((file) => [file.slice(store.length), readFileSync(file, 'utf8')]),
  );
};

/** @type {Awaited<ReturnType<typeof storeWithRemotes>>} */
let fixture;
beforeAll(async () => {
  fixture = await storeWithRemotes(2);
  // feed-mfe: v1 live, v0 before it, so that both promote (to v0) and rollback (to v0) have somewhere to go.
  await promote({ store: fixture.store, app: 'feed-mfe', version: fixture.releases['feed-mfe'][1] ?? '', env: {} });
});

/** A fresh copy of the fixture's store. */
function copyOfFixture() {
  const store = temporaryStore();
  cpSync(fixture.store, store, { recursive: true });
  return store;
}

/** The pointers of the fixture's store, and what a command makes of them when nothing stops it. */
async function outcomeOf(/** @type {string[]} */ args) {
  const done = copyOfFixture();
  const result = await storeCommandInProcess(done, args);
  expect(result.code, result.stderr).toBe(0);
  return { before: pointersOf(fixture.store), after: pointersOf(done) };
}

describe('a promote or rollback killed after any of its write steps', () => {
  for (const [name, commandOf] of /** @type {const} */ ([
    ['promote', () => ['promote', 'feed-mfe', fixture.releases['feed-mfe'][0] ?? '']],
    ['rollback', () => ['rollback', 'feed-mfe']],
    ['promote --canary', () => ['promote', 'feed-mfe', fixture.releases['feed-mfe'][0] ?? '', '--canary', '40']],
  ])) {
    it.concurrent(
      `${name}: leaves the store as before or, once the next command repairs it, as after`,
      async () => {
        const command = commandOf();
        const { before, after } = await outcomeOf(command);
        const steps = await killedSteps(async (step) => {
          const store = copyOfFixture();
          const killed = await storeCommand(store, command, { MURMUR_TEST_KILL_AFTER_WRITE: String(step) });
          if (killed.signal !== 'SIGKILL') {
            // Past the last write step: the command ran to its end.
            expect(killed.code, killed.stderr).toBe(0);
            return false;
          }
          const found = (await verifyStore(store)).problems;
          // The next command, here verify --repair (in this process: only the killed one needs a process of its own),
          // takes over the dead command's lock and finishes or undoes it.
          const repair = await storeCommandInProcess(store, ['verify', '--repair']);
          expect(repair.code, `step ${step}: ${repair.stdout}`).toBe(0);
          const state = pointersOf(store);
          expect([before, after], `step ${step}`).toContainEqual(state);
          if (found.length > 0) expect(repair.stderr, `step ${step}`).toMatch(/^repaired: /);
          expect((await verifyStore(store)).problems, `step ${step}`).toEqual([]);
          return true;
        }, 4);
        // The journal's temporary file and rename, the same for remotes.json, the live page and live.json, and the
        // journal's removal.
        expect(steps).toBeGreaterThanOrEqual(9);
      },
      180_000,
    );
  }

  it('the next promote, of another app, completes an interrupted switch first', async () => {
    const [v0] = fixture.releases['feed-mfe'];
    const { after } = await outcomeOf(['promote', 'feed-mfe', v0 ?? '']);
    const store = copyOfFixture();
    // Killed right after remotes.json was renamed into place: the live page and live.json still say v1.
    const killed = await storeCommand(store, ['promote', 'feed-mfe', v0 ?? ''], { MURMUR_TEST_KILL_AFTER_WRITE: '4' });
    expect(killed.signal).toBe('SIGKILL');
    expect((await verifyStore(store)).problems).toContainEqual(
      `a switch of feed-mfe to ${v0} was interrupted; ` +
        'the next promote or rollback completes it, or verify-store --repair',
    );
    const profile = fixture.releases['profile-mfe'][1] ?? '';
    const next = await storeCommandInProcess(store, ['promote', 'profile-mfe', profile]);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toBe(`repaired: completed an interrupted switch of feed-mfe to ${v0}`);
    const state = pointersOf(store);
    expect(state['/feed-mfe/live.json']).toBe(after['/feed-mfe/live.json']);
    expect(state['/feed-mfe/index.html']).toBe(after['/feed-mfe/index.html']);
    expect(JSON.parse(state['/shell/remotes.json'] ?? '')).toMatchObject({
      'feed-mfe': expect.stringContaining(`/${v0}/`),
      'profile-mfe': expect.stringContaining(`/${profile}/`),
    });
    expect((await verifyStore(store)).problems).toEqual([]);
  }, 60_000);

  it('a promote waits for a held lock, gives up with one line after the bounded wait, changing nothing', async () => {
    const store = temporaryStore();
    cpSync(fixture.store, store, { recursive: true });
    const before = snapshot(store);
    // The holder refreshes the lock as often as the waiter's staleness setting (storeCommand's) requires.
    const result = await withStoreLock(
      store,
      () =>
        storeCommand(store, ['promote', 'feed-mfe', fixture.releases['feed-mfe'][0] ?? ''], {
          MURMUR_STORE_LOCK_WAIT_MS: '1500',
        }),
      { env: { MURMUR_STORE_LOCK_STALE_MS: '2000' } },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^refused: the store is busy: another command holds .*\.lock; gave up after 2 s$/);
    expect(snapshot(store)).toEqual(before);
  });
});
