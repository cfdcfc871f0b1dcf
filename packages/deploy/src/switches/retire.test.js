// @ts-check
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apps, remoteNames } from '@murmur/config/apps';
import { routeOwners } from '@murmur/config/routes';
import { liveManifestText } from '../store/liveManifest.js';
import { serializeLiveState } from '../store/liveState.js';
import { release } from '../store/release.js';
import { livePointersOf, storeLayout } from '../store/storePaths.js';
import { promote } from './promote.js';
import { verifyStore } from './verify.js';
import { killedSteps } from '../../test-support/killedSteps.js';
import { modules, published, usesFile } from '../../test-support/testContracts.js';
import { fakeBuild, temporaryStore } from '../../test-support/testBuilds.js';
import {
  promotedStore,
  snapshot,
  storeCommand,
  storeCommandInProcess,
  storeWithCanaries,
} from '../../test-support/testStore.js';

// `retire` on a store in a folder, through the command line as a pipeline runs it; on S3 in retireS3.test.js, and
// what the edges answer at a retired remote's addresses in edge/retiredRoutes.test.js.

/** Every file of the store but the lock's folder, which a command leaves for the next to take over. */
const storeFiles = (/** @type {string} */ store) =>
  Object.fromEntries(Object.entries(snapshot(store)).filter(([key]) => !key.startsWith('.lock')));

/** remotes.json of a store in a folder. */
const remotesOf = (/** @type {string} */ store) => JSON.parse(readFileSync(storeLayout(store).remotesPointer, 'utf8'));

/** A copy of `store`, for a test to change. */
const copyOf = (/** @type {string} */ store) => {
  const copy = temporaryStore();
  cpSync(store, copy, { recursive: true });
  return copy;
};

/** Releases and promotes a fake shell build whose published uses are `uses` (none: it publishes none). */
async function promoteShell(/** @type {string} */ store, /** @type {string | undefined} */ uses, label = 'next') {
  const from = fakeBuild({ name: 'shell', page: `<title>shell ${label}</title>`, published: uses ? { uses } : {} });
  const { version } = await release({ store, app: 'shell', from });
  await promote({ store, app: 'shell', version, env: {} });
  return version;
}

/** What a shell built without profile-mfe in its route table publishes as its uses. */
const shellUsesWithoutProfile = usesFile({
  'auth-mfe/app': modules.app(),
  'feed-mfe/app': modules.app(),
  'feed-mfe/preload': modules.preload(),
});

// Every app live, the shell a release built without profile-mfe (as a team leaves it before retiring profile-mfe).
const fixture = await promotedStore();
await promoteShell(fixture.store, shellUsesWithoutProfile, 'without profile');

describe('retire', () => {
  it('lets a live remote go: its pointers and route page gone, remotes.json without it, verify passing', async () => {
    const store = copyOf(fixture.store);
    const layout = storeLayout(store);
    const profile = fixture.versions['profile-mfe'];
    const result = await storeCommandInProcess(store, ['retire', 'profile-mfe']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(`profile-mfe is retired (${profile} was live); its releases stay in the store`);

    for (const key of livePointersOf('profile-mfe')) expect(existsSync(join(store, key)), key).toBe(false);
    const remotes = remotesOf(store);
    const others = remoteNames.filter((remote) => remote !== 'profile-mfe');
    expect(others).toEqual(expect.arrayContaining(['auth-mfe', 'feed-mfe']));
    expect(Object.keys(remotes).filter((key) => remoteNames.includes(/** @type {never} */ (key)))).toEqual(others);
    expect(JSON.stringify(remotes)).not.toContain('profile-mfe');
    // The other owners' pages carry the new remotes.json; the retired remote's is gone.
    for (const owner of routeOwners.filter((remote) => remote !== 'profile-mfe'))
      expect(readFileSync(layout.routePage(owner), 'utf8')).not.toContain(`:${apps['profile-mfe'].port}/`);
    expect(JSON.parse(readFileSync(join(store, 'retired.json'), 'utf8'))).toEqual({ remotes: ['profile-mfe'] });
    expect((await verifyStore(store)).problems).toEqual([]);

    const status = await storeCommandInProcess(store, ['status']);
    expect(status.stdout).toMatch(/^profile-mfe +retired: not live, its releases kept \(promote brings it back\)$/m);
    const json = JSON.parse((await storeCommandInProcess(store, ['status', '--json'])).stdout);
    expect(json.retired).toEqual(['profile-mfe']);
    expect(json.apps.find((/** @type {{ app: string }} */ entry) => entry.app === 'profile-mfe').stable).toBeNull();
    const releases = await storeCommandInProcess(store, ['releases', 'profile-mfe']);
    expect(releases.stdout).toBe(`  ${profile}`);
  });

  it('is undone by a promote of the remote: the store as it was before, byte for byte', async () => {
    const store = copyOf(fixture.store);
    const before = storeFiles(store);
    expect((await storeCommandInProcess(store, ['retire', 'profile-mfe'])).code).toBe(0);
    expect(storeFiles(store)).not.toEqual(before);
    const back = await storeCommandInProcess(store, ['promote', 'profile-mfe', fixture.versions['profile-mfe']]);
    expect(back).toMatchObject({ code: 0, stdout: `profile-mfe ${fixture.versions['profile-mfe']} is live` });
    expect(storeFiles(store)).toEqual(before);
  });

  it('keeps the retired route pages away: later switches of other apps write none for it', async () => {
    const store = copyOf(fixture.store);
    expect((await storeCommandInProcess(store, ['retire', 'profile-mfe'])).code).toBe(0);
    await promoteShell(store, shellUsesWithoutProfile, 'later');
    const feed = await release({
      store,
      app: 'feed-mfe',
      from: fakeBuild({ name: 'feed_mfe', page: '<title>2</title>', exposes: ['./app', './UserPostList'] }),
    });
    await promote({ store, app: 'feed-mfe', version: feed.version, env: {} });
    expect(existsSync(storeLayout(store).routePage('profile-mfe'))).toBe(false);
    expect(remotesOf(store)).not.toHaveProperty('profile-mfe');
    expect((await verifyStore(store)).problems).toEqual([]);
  });

  /** @type {[string, () => Promise<{ store: string; args: string[] }>, string][]} */
  const refusals = [
    [
      'the shell',
      async () => ({ store: copyOf(fixture.store), args: ['retire', 'shell'] }),
      'the shell is never retired',
    ],
    [
      'a name that is no app name',
      async () => ({ store: copyOf(fixture.store), args: ['retire', '../feed-mfe'] }),
      `"../feed-mfe" is not an app's name`,
    ],
    [
      'a remote of the app table the store never had live',
      async () => {
        const store = temporaryStore();
        await promoteShell(store, undefined);
        return { store, args: ['retire', 'auth-mfe'] };
      },
      'auth-mfe has no live release in',
    ],
    [
      'a name the store never had live',
      async () => ({ store: copyOf(fixture.store), args: ['retire', 'search-mfe'] }),
      'search-mfe has no live release in',
    ],
    [
      'a remote in a canary',
      async () => ({ store: (await storeWithCanaries()).store, args: ['retire', 'auth-mfe'] }),
      'auth-mfe has a canary (',
    ],
    [
      'a remote whose module a live remote uses (its published uses)',
      async () => {
        const store = copyOf(fixture.store);
        // A use the app table does not list: what the release published is what is read.
        const uses = usesFile({ 'feed-mfe/UserPostList': modules.userPostList(), 'feed-mfe/app': modules.app() });
        const from = fakeBuild({ name: 'profile_mfe', exposes: ['./app'], published: { uses } });
        const { version } = await release({ store, app: 'profile-mfe', from });
        await promote({ store, app: 'profile-mfe', version, env: {} });
        return { store, args: ['retire', 'feed-mfe'] };
      },
      'loads feed-mfe/UserPostList, feed-mfe/app (promote a release of profile-mfe without it first)',
    ],
    [
      'a remote whose module a live remote uses (the app table, for a release that publishes none)',
      async () => ({ store: copyOf(fixture.store), args: ['retire', 'feed-mfe'] }),
      `loads feed-mfe/UserPostList (promote a release of profile-mfe without it first)`,
    ],
    [
      'a remote the live shell mounts (its published uses)',
      async () => {
        const store = copyOf(fixture.store);
        await promoteShell(store, published.shell.uses);
        return { store, args: ['retire', 'profile-mfe'] };
      },
      'loads profile-mfe/app, profile-mfe/preload (promote a shell release without it first)',
    ],
    [
      'a remote the live shell mounts (the app table, for a shell release that publishes no uses)',
      async () => {
        const store = copyOf(fixture.store);
        await promoteShell(store, undefined, 'old');
        return { store, args: ['retire', 'profile-mfe'] };
      },
      'loads profile-mfe/app, profile-mfe/preload (promote a shell release without it first)',
    ],
  ];
  for (const [what, arrange, said] of refusals) {
    it(`refuses ${what} in one line, changing nothing`, async () => {
      const { store, args } = await arrange();
      const before = storeFiles(store);
      const result = await storeCommandInProcess(store, args);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(said);
      expect(result.stderr).toMatch(/^refused: [^\n]+$/);
      expect(storeFiles(store)).toEqual(before);
    });
  }

  it('goes in the order a team follows: a shell without the remote promoted, then the remote retired', async () => {
    const store = copyOf(fixture.store);
    await promoteShell(store, published.shell.uses, 'with profile');
    expect((await storeCommandInProcess(store, ['retire', 'profile-mfe'])).code).toBe(1);
    await promoteShell(store, shellUsesWithoutProfile, 'without profile again');
    const result = await storeCommandInProcess(store, ['retire', 'profile-mfe']);
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect((await verifyStore(store)).problems).toEqual([]);
  });

  it('retires a remote the app table no longer lists, from the store’s own record of it', async () => {
    const store = copyOf(fixture.store);
    const layout = storeLayout(store);
    // What an older tool, whose table listed search-mfe, left: a release of it, live, with its pointers.
    const app = /** @type {import('@murmur/config/apps').AppName} */ (/** @type {unknown} */ ('search-mfe'));
    const { version } = await release({ store, app, from: fakeBuild({ name: 'search_mfe', exposes: ['./app'] }) });
    // Served on a port no app of today's table has.
    const folder = `http://localhost:${Math.max(...Object.values(apps).map(({ port }) => port)) + 1}/`;
    writeFileSync(
      join(store, 'search-mfe', 'live.json'),
      serializeLiveState({ version, previous: [], publicUrl: folder }),
    );
    const released = readFileSync(join(layout.versionDir('search-mfe', version), 'mf-manifest.json'), 'utf8');
    writeFileSync(layout.liveManifest('search-mfe'), liveManifestText(released, `${folder}${version}/`));
    writeFileSync(layout.routePage('search-mfe'), readFileSync(layout.livePage('shell')));
    // Today's verify does not know the folder.
    expect((await verifyStore(store)).problems).toContain('search-mfe: not part of a store');

    const result = await storeCommandInProcess(store, ['retire', 'search-mfe']);
    expect(result, result.stderr).toMatchObject({ code: 0 });
    for (const key of livePointersOf('search-mfe')) expect(existsSync(join(store, key)), key).toBe(false);
    expect(existsSync(layout.versionDir('search-mfe', version))).toBe(true);
    const verified = await verifyStore(store);
    expect(verified.problems).toEqual([]);
    // The shell's two, one of each remote, search-mfe's.
    expect(verified.releases).toBe(2 + remoteNames.length + 1);
    expect((await storeCommandInProcess(store, ['status'])).stdout).toMatch(/\nsearch-mfe +retired: /);
    // The JSON names it too, though the app table does not.
    expect(JSON.parse((await storeCommandInProcess(store, ['status', '--json'])).stdout).retired).toEqual([
      'search-mfe',
    ]);
  });

  it('killed after any of its write steps, leaves the store as before or, once repaired, as after', async () => {
    const done = copyOf(fixture.store);
    expect((await storeCommandInProcess(done, ['retire', 'profile-mfe'])).code).toBe(0);
    const before = storeFiles(fixture.store);
    const after = storeFiles(done);
    const steps = await killedSteps(async (step) => {
      const store = copyOf(fixture.store);
      const killed = await storeCommand(store, ['retire', 'profile-mfe'], {
        MURMUR_TEST_KILL_AFTER_WRITE: String(step),
      });
      if (killed.signal !== 'SIGKILL') {
        expect(killed.code, killed.stderr).toBe(0);
        return false;
      }
      const repair = await storeCommandInProcess(store, ['verify', '--repair']);
      expect(repair.code, `step ${step}: ${repair.stdout}`).toBe(0);
      expect([before, after], `step ${step}`).toContainEqual(storeFiles(store));
      expect((await verifyStore(store)).problems, `step ${step}`).toEqual([]);
      return true;
    }, 4);
    // The journal, remotes.json, two route pages and retired.json (each a temporary file and its rename), the four
    // removals, and the journal's removal.
    expect(steps).toBeGreaterThanOrEqual(10);
  }, 180_000);
});
