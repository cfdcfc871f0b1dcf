// @ts-check
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { promote, rollback } from '../switches/promote.js';
import { Refusal } from './refusal.js';
import { release } from './release.js';
import { listReleases } from './releases.js';
import { storeLayout } from './storePaths.js';
import { resolvedDataOf } from '../../test-support/pageScripts.js';
import { fakeBuild, temporaryStore } from '../../test-support/testBuilds.js';
import { verifyStore } from '../switches/verify.js';

/** @type {Record<string, string | undefined>} */
const env = {};
const feed = (label = 'v1', options = {}) =>
  fakeBuild({ name: 'feed_mfe', exposes: ['./app', './UserPostList'], page: `<title>${label}</title>`, ...options });

let store = '';
/** @param {import('@murmur/config/apps').AppName} app @param {string} from */
const released = async (app, from) => (await release({ store, app, from })).version;
beforeEach(async () => {
  store = temporaryStore();
  await promote({ store, app: 'shell', version: await released('shell', fakeBuild({ name: 'shell' })), env });
});

const remotesJson = () => JSON.parse(readFileSync(storeLayout(store).remotesPointer, 'utf8'));
const pointers = () => {
  const layout = storeLayout(store);
  return [layout.remotesPointer, layout.livePage('feed-mfe'), layout.liveState('feed-mfe')].map((file) =>
    existsSync(file) ? readFileSync(file, 'utf8') : null,
  );
};

describe('release', () => {
  it('copies a build into a folder named by content and commit, with .br, .gz, without environment files', async () => {
    const { version, created } = await release({ store, app: 'feed-mfe', from: feed(), commit: '1c0ffee' });
    expect(created).toBe(true);
    expect(version).toMatch(/^[0-9a-f]{12}-1c0ffee$/);
    const dir = storeLayout(store).versionDir('feed-mfe', version);
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual([
      'index-Ab12Cd34.css',
      'index-Ab12Cd34.js',
      'index-Ab12Cd34.js.br',
      'index-Ab12Cd34.js.gz',
      // Too small to be worth compressing.
      'remote-Ef56Gh78.js',
    ]);
    expect(existsSync(join(dir, 'remotes.json'))).toBe(false);
  });

  it('gives the same build the same version and a different build another', async () => {
    const first = await release({ store, app: 'feed-mfe', from: feed() });
    expect(await release({ store, app: 'feed-mfe', from: feed() })).toEqual({ version: first.version, created: false });
    expect(await released('feed-mfe', feed('v2'))).not.toBe(first.version);
  });

  it('releases two identical builds at the same moment as one version, written once', async () => {
    const results = await Promise.all([1, 2, 3].map(() => release({ store, app: 'feed-mfe', from: feed() })));
    expect(new Set(results.map((result) => result.version)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect((await verifyStore(store)).problems).toEqual([]);
  });

  it('records the SHA-384 of every file it holds, which verify checks', async () => {
    const version = await released('feed-mfe', feed());
    const record = JSON.parse(
      readFileSync(join(storeLayout(store).versionDir('feed-mfe', version), '.release.json'), 'utf8'),
    );
    expect(Object.keys(record.files)).toContain('assets/index-Ab12Cd34.js.br');
    expect(record.files['remoteEntry.js']).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect((await verifyStore(store)).problems).toEqual([]);
  });

  it('refuses a folder that holds no build, and a build that holds a link', async () => {
    await expect(release({ store, app: 'feed-mfe', from: temporaryStore() })).rejects.toThrow(
      /holds no build of feed-mfe/,
    );
    const linked = feed();
    symlinkSync('/etc/hostname', join(linked, 'assets', 'hostname.txt'));
    await expect(release({ store, app: 'feed-mfe', from: linked })).rejects.toThrow(
      new Refusal(`${linked} holds links (assets/hostname.txt); a release holds plain files only`),
    );
    expect(readdirSync(storeLayout(store).appDir('feed-mfe'))).toEqual([]);
  });
});

describe('where each app is served', () => {
  const cdn = {
    MURMUR_AUTH_MFE_PUBLIC_URL: 'https://cdn.example.org/auth-mfe/',
    MURMUR_FEED_MFE_PUBLIC_URL: 'https://cdn.example.org/feed-mfe/',
  };
  const auth = () => fakeBuild({ name: 'auth_mfe', exposes: ['./app'] });
  const livePageOf = (/** @type {import('@murmur/config/apps').AppName} */ app) =>
    readFileSync(storeLayout(store).livePage(app), 'utf8');

  /** Both remotes promoted from a pipeline that names every folder; feed-mfe twice, so it has one to return to. */
  async function promotedOnCdn() {
    const a1 = await released('auth-mfe', auth());
    const v1 = await released('feed-mfe', feed('v1'));
    const v2 = await released('feed-mfe', feed('v2'));
    await promote({ store, app: 'auth-mfe', version: a1, env: cdn });
    await promote({ store, app: 'feed-mfe', version: v1, env: cdn });
    await promote({ store, app: 'feed-mfe', version: v2, env: cdn });
    return { a1, v1, v2 };
  }

  it('keeps every remote where it is when a rollback runs with no environment', async () => {
    const { a1, v1 } = await promotedOnCdn();
    await rollback({ store, app: 'feed-mfe', env: {} });
    expect(remotesJson()['feed-mfe']).toBe(`https://cdn.example.org/feed-mfe/${v1}/mf-manifest.json`);
    expect(remotesJson()['auth-mfe']).toBe(`https://cdn.example.org/auth-mfe/${a1}/mf-manifest.json`);
    expect(livePageOf('feed-mfe')).toContain(`<base href="/feed-mfe/${v1}/" />`);
    expect((await verifyStore(store)).problems).toEqual([]);
  });

  it("keeps the other remotes where they are when a pipeline names only its own remote's folder", async () => {
    const { a1 } = await promotedOnCdn();
    const v3 = await released('feed-mfe', feed('v3'));
    await promote({
      store,
      app: 'feed-mfe',
      version: v3,
      env: { MURMUR_FEED_MFE_PUBLIC_URL: 'https://feed.example.org/' },
    });
    expect(remotesJson()['feed-mfe']).toBe(`https://feed.example.org/${v3}/mf-manifest.json`);
    expect(remotesJson()['auth-mfe']).toBe(`https://cdn.example.org/auth-mfe/${a1}/mf-manifest.json`);
    // The move is recorded: a later switch with no environment keeps feed-mfe at its new folder.
    await promote({ store, app: 'feed-mfe', version: v3, env: {} });
    expect(remotesJson()['feed-mfe']).toBe(`https://feed.example.org/${v3}/mf-manifest.json`);
  });

  it('refuses a switch whose environment would move another remote, and changes nothing', async () => {
    await promotedOnCdn();
    const before = pointers();
    const v3 = await released('feed-mfe', feed('v3'));
    await expect(
      promote({
        store,
        app: 'feed-mfe',
        version: v3,
        env: { ...cdn, MURMUR_AUTH_MFE_PUBLIC_URL: 'http://localhost:4001/' },
      }),
    ).rejects.toThrow(
      new Refusal(
        'MURMUR_AUTH_MFE_PUBLIC_URL would move auth-mfe from https://cdn.example.org/auth-mfe/ ' +
          'to http://localhost:4001/: switch auth-mfe itself to move it, or unset the variable',
      ),
    );
    expect(pointers()).toEqual(before);
  });

  it('keeps the folder remotes.json names for a store whose live states record none', async () => {
    const { v2 } = await promotedOnCdn();
    const liveState = storeLayout(store).liveState('feed-mfe');
    const older = JSON.parse(readFileSync(liveState, 'utf8'));
    delete older.publicUrl;
    writeFileSync(liveState, `${JSON.stringify(older, null, 2)}\n`);
    const a2 = await released(
      'auth-mfe',
      fakeBuild({ name: 'auth_mfe', exposes: ['./app'], page: '<title>a2</title>' }),
    );
    await promote({ store, app: 'auth-mfe', version: a2, env: {} });
    expect(remotesJson()['feed-mfe']).toBe(`https://cdn.example.org/feed-mfe/${v2}/mf-manifest.json`);
  });

  it('is checked by verify: a pointer outside the recorded folder is named', async () => {
    const { v2 } = await promotedOnCdn();
    const pointer = remotesJson();
    pointer['feed-mfe'] = `http://localhost:4002/${v2}/mf-manifest.json`;
    pointer.integrity = Object.fromEntries(
      Object.entries(pointer.integrity).map(([url, hash]) => [
        url.replace('https://cdn.example.org/feed-mfe/', 'http://localhost:4002/'),
        hash,
      ]),
    );
    writeFileSync(storeLayout(store).remotesPointer, JSON.stringify(pointer));
    expect((await verifyStore(store)).problems).toContain(
      `shell/remotes.json points feed-mfe at http://localhost:4002/${v2}/mf-manifest.json, ` +
        'outside its recorded folder https://cdn.example.org/feed-mfe/',
    );
  });
});

describe('promote, rollback and releases', () => {
  it('points remotes.json at the version folder and lists it live; rollback returns to the one before', async () => {
    const v1 = await released('feed-mfe', feed('v1'));
    const v2 = await released('feed-mfe', feed('v2'));
    await promote({ store, app: 'feed-mfe', version: v1, env });
    expect(remotesJson()['feed-mfe']).toBe(`http://localhost:4002/${v1}/mf-manifest.json`);

    expect(await promote({ store, app: 'feed-mfe', version: v2, env })).toEqual({
      version: v2,
      replaced: v1,
      repaired: [],
    });
    expect(remotesJson()['feed-mfe']).toBe(`http://localhost:4002/${v2}/mf-manifest.json`);
    expect(await listReleases(store, 'feed-mfe')).toEqual([
      { version: v1, live: false },
      { version: v2, live: true },
    ]);
    expect(readFileSync(storeLayout(store).livePage('feed-mfe'), 'utf8')).toContain(`<base href="/${v2}/" />`);

    expect(await rollback({ store, app: 'feed-mfe', env })).toEqual({
      version: v1,
      replaced: v2,
      canaryEnded: false,
      repaired: [],
    });
    expect(remotesJson()['feed-mfe']).toBe(`http://localhost:4002/${v1}/mf-manifest.json`);
    await expect(rollback({ store, app: 'feed-mfe', env })).rejects.toThrow(
      'feed-mfe has no earlier live version to roll back to',
    );
    expect((await verifyStore(store)).problems).toEqual([]);
  });

  it("writes the shell's page resolved for each route's owner with every switch, which verify checks", async () => {
    const layout = storeLayout(store);
    const page = (/** @type {string} */ owner) => readFileSync(layout.routePage(owner), 'utf8');
    /** What the page resolved for `owner`'s addresses carries inline (page/resolvedPage.js). */
    const carried = (/** @type {string} */ owner) => resolvedDataOf(page(owner));
    const manifestUrl = (/** @type {string} */ version) => `http://localhost:4002/${version}/mf-manifest.json`;
    // While no remote is live there is nothing to resolve: an edge sends the live page as it is.
    expect(existsSync(layout.routePage('feed-mfe'))).toBe(false);

    const v1 = await released('feed-mfe', feed('v1'));
    await promote({ store, app: 'feed-mfe', version: v1, env });
    expect(carried('feed-mfe').remotes).toEqual(remotesJson());
    expect(Object.keys(carried('feed-mfe').manifests)).toEqual([manifestUrl(v1)]);
    expect(carried('profile-mfe')).toEqual({ remotes: remotesJson(), manifests: {}, mapped: [] });

    const v2 = await released('feed-mfe', feed('v2'));
    await promote({ store, app: 'feed-mfe', version: v2, env });
    expect(Object.keys(carried('feed-mfe').manifests)).toEqual([manifestUrl(v2)]);
    const shell = await released('shell', fakeBuild({ name: 'shell', page: '<title>shell 2</title>' }));
    await promote({ store, app: 'shell', version: shell, env });
    for (const owner of ['auth-mfe', 'feed-mfe', 'profile-mfe'])
      expect(page(owner)).toContain(`<base href="/${shell}/" />`);
    await rollback({ store, app: 'feed-mfe', env });
    expect(Object.keys(carried('feed-mfe').manifests)).toEqual([manifestUrl(v1)]);
    expect((await verifyStore(store)).problems).toEqual([]);

    writeFileSync(layout.routePage('feed-mfe'), page('feed-mfe').replace('<title>', '<title>changed '));
    rmSync(layout.routePage('auth-mfe'));
    expect((await verifyStore(store)).problems).toEqual([
      'shell/index.auth-mfe.html is missing: the next promote or rollback writes it',
      "shell/index.feed-mfe.html is not the live page resolved for feed-mfe's addresses",
    ]);
  });

  it('names a CDN location in the pointers when the environment gives one, escaped in the page', async () => {
    const v1 = await released('feed-mfe', feed());
    await promote({
      store,
      app: 'feed-mfe',
      version: v1,
      env: { MURMUR_FEED_MFE_PUBLIC_URL: 'https://cdn.example.org/feed-mfe' },
    });
    expect(remotesJson()['feed-mfe']).toBe(`https://cdn.example.org/feed-mfe/${v1}/mf-manifest.json`);
    expect(readFileSync(storeLayout(store).livePage('feed-mfe'), 'utf8')).toContain(`<base href="/feed-mfe/${v1}/" />`);
    await promote({
      store,
      app: 'feed-mfe',
      version: v1,
      env: { MURMUR_FEED_MFE_PUBLIC_URL: "https://cdn.example.org/a'b&c/" },
    });
    expect(readFileSync(storeLayout(store).livePage('feed-mfe'), 'utf8')).toContain(
      `<base href="/a&#39;b&amp;c/${v1}/" />`,
    );
  });

  it('refuses an incompatible release with a one-line reason and leaves every pointer as it was', async () => {
    await promote({ store, app: 'feed-mfe', version: await released('feed-mfe', feed()), env });
    const before = pointers();

    const react20 = await released('feed-mfe', feed('v2', { react: '20.0.0' }));
    await expect(promote({ store, app: 'feed-mfe', version: react20, env })).rejects.toThrow(
      new Refusal(`feed-mfe ${react20}: it needs react ^20.0.0, the live shell provides 19.3.1`),
    );
    const noList = await released('feed-mfe', fakeBuild({ name: 'feed_mfe', exposes: ['./app'] }));
    await expect(promote({ store, app: 'feed-mfe', version: noList, env })).rejects.toThrow(
      /does not expose \.\/UserPostList/,
    );
    expect(pointers()).toEqual(before);
  });

  it('refuses a version the store does not hold, a path for a version, and a corrupt manifest', async () => {
    await expect(promote({ store, app: 'feed-mfe', version: '0123456789ab', env })).rejects.toThrow(
      /feed-mfe has no release 0123456789ab/,
    );
    const v1 = await released('feed-mfe', feed());
    await expect(promote({ store, app: 'feed-mfe', version: `${v1}/../${v1}`, env })).rejects.toThrow(
      /is not a version/,
    );
    const broken = feed();
    writeFileSync(join(broken, 'mf-manifest.json'), '{"name": 3}');
    const version = await released('feed-mfe', broken);
    await expect(promote({ store, app: 'feed-mfe', version, env })).rejects.toThrow(
      /its mf-manifest.json is invalid at name/,
    );
  });

  it('refuses a version whose folder is a link out of the store', async () => {
    const outside = temporaryStore();
    mkdirSync(join(outside, 'x'));
    mkdirSync(storeLayout(store).appDir('feed-mfe'));
    symlinkSync(join(outside, 'x'), join(storeLayout(store).appDir('feed-mfe'), '0123456789ab'));
    await expect(promote({ store, app: 'feed-mfe', version: '0123456789ab', env })).rejects.toThrow(
      /feed-mfe has no release 0123456789ab/,
    );
  });

  it('refuses to act on a live.json that is not a live state, and names it', async () => {
    await promote({ store, app: 'feed-mfe', version: await released('feed-mfe', feed()), env });
    writeFileSync(storeLayout(store).liveState('feed-mfe'), '{"version": "../../tmp/x", "previous": []}');
    await expect(rollback({ store, app: 'feed-mfe', env })).rejects.toThrow(
      /feed-mfe\/live\.json is invalid at version/,
    );
    expect((await verifyStore(store)).problems).toEqual([
      expect.stringMatching(/feed-mfe\/live\.json is invalid at version: not a version/),
    ]);
  });

  it('refuses a shell that would break a live remote', async () => {
    await promote({ store, app: 'feed-mfe', version: await released('feed-mfe', feed()), env });
    const shell20 = await released('shell', fakeBuild({ name: 'shell', react: '20.0.0' }));
    await expect(promote({ store, app: 'shell', version: shell20, env })).rejects.toThrow(
      /needs react \^19\.3\.1, this shell provides 20\.0\.0/,
    );
  });
});
