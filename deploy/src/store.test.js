// @ts-check
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { Refusal, promote, rollback } from './promote.js';
import { release } from './release.js';
import { listReleases } from './releases.js';
import { storeLayout } from './storePaths.js';
import { fakeBuild, temporaryStore } from './testBuilds.js';

/** @type {Record<string, string | undefined>} */
const env = {};
const feed = (label = 'v1', options = {}) =>
  fakeBuild({ name: 'murmur_feed', exposes: ['./app', './UserPostList'], page: `<title>${label}</title>`, ...options });

let store = '';
beforeEach(() => {
  store = temporaryStore();
  const shell = release({ store, app: 'shell', from: fakeBuild({ name: 'murmur_shell' }) });
  promote({ store, app: 'shell', version: shell.version, env });
});

const remotesJson = () => JSON.parse(readFileSync(storeLayout(store).remotesPointer, 'utf8'));

describe('release', () => {
  it('copies a build into a folder named by its content and commit, with .br and .gz, without the environment files', () => {
    const { version, created } = release({ store, app: 'feed-mfe', from: feed(), commit: '1c0ffee' });
    expect(created).toBe(true);
    expect(version).toMatch(/^[0-9a-f]{12}-1c0ffee$/);
    const dir = storeLayout(store).versionDir('feed-mfe', version);
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual([
      'index-Ab12Cd34.css',
      'index-Ab12Cd34.js',
      'index-Ab12Cd34.js.br',
      'index-Ab12Cd34.js.gz',
    ]);
    expect(existsSync(join(dir, 'remotes.json'))).toBe(false);
  });

  it('gives the same build the same version and a different build another', () => {
    const first = release({ store, app: 'feed-mfe', from: feed() });
    expect(release({ store, app: 'feed-mfe', from: feed() })).toEqual({ version: first.version, created: false });
    expect(release({ store, app: 'feed-mfe', from: feed('v2') }).version).not.toBe(first.version);
  });

  it('refuses a folder that holds no build', () => {
    expect(() => release({ store, app: 'feed-mfe', from: temporaryStore() })).toThrow(/holds no build of feed-mfe/);
  });
});

describe('promote, rollback and releases', () => {
  it('points remotes.json at the version folder and lists it live; rollback returns to the one before', () => {
    const v1 = release({ store, app: 'feed-mfe', from: feed('v1') }).version;
    const v2 = release({ store, app: 'feed-mfe', from: feed('v2') }).version;
    promote({ store, app: 'feed-mfe', version: v1, env });
    expect(remotesJson().murmur_feed).toBe(`http://localhost:4002/${v1}/mf-manifest.json`);

    expect(promote({ store, app: 'feed-mfe', version: v2, env })).toEqual({ version: v2, replaced: v1 });
    expect(remotesJson().murmur_feed).toBe(`http://localhost:4002/${v2}/mf-manifest.json`);
    expect(listReleases(store, 'feed-mfe')).toEqual([
      { version: v1, live: false },
      { version: v2, live: true },
    ]);
    expect(readFileSync(storeLayout(store).livePage('feed-mfe'), 'utf8')).toContain(`<base href="/${v2}/" />`);

    expect(rollback({ store, app: 'feed-mfe', env })).toEqual({ version: v1, replaced: v2 });
    expect(remotesJson().murmur_feed).toBe(`http://localhost:4002/${v1}/mf-manifest.json`);
    expect(() => rollback({ store, app: 'feed-mfe', env })).toThrow(
      'feed-mfe has no earlier live version to roll back to',
    );
  });

  it('names a CDN location in the pointers when the environment gives one', () => {
    const v1 = release({ store, app: 'feed-mfe', from: feed() }).version;
    promote({
      store,
      app: 'feed-mfe',
      version: v1,
      env: { MURMUR_PUBLIC_URL_FEED_MFE: 'https://cdn.example.org/feed-mfe' },
    });
    expect(remotesJson().murmur_feed).toBe(`https://cdn.example.org/feed-mfe/${v1}/mf-manifest.json`);
    expect(readFileSync(storeLayout(store).livePage('feed-mfe'), 'utf8')).toContain(`<base href="/feed-mfe/${v1}/" />`);
  });

  it('refuses an incompatible release with a one-line reason and leaves every pointer as it was', () => {
    const v1 = release({ store, app: 'feed-mfe', from: feed() }).version;
    promote({ store, app: 'feed-mfe', version: v1, env });
    const layout = storeLayout(store);
    const before = [layout.remotesPointer, layout.livePage('feed-mfe'), layout.liveState('feed-mfe')].map((file) =>
      readFileSync(file, 'utf8'),
    );

    const react20 = release({ store, app: 'feed-mfe', from: feed('v2', { react: '20.0.0' }) }).version;
    expect(() => promote({ store, app: 'feed-mfe', version: react20, env })).toThrow(
      new Refusal(`feed-mfe ${react20}: it needs react ^20.0.0, the live shell provides 19.3.1`),
    );
    const noList = release({
      store,
      app: 'feed-mfe',
      from: fakeBuild({ name: 'murmur_feed', exposes: ['./app'] }),
    }).version;
    expect(() => promote({ store, app: 'feed-mfe', version: noList, env })).toThrow(/does not expose \.\/UserPostList/);

    const after = [layout.remotesPointer, layout.livePage('feed-mfe'), layout.liveState('feed-mfe')].map((file) =>
      readFileSync(file, 'utf8'),
    );
    expect(after).toEqual(before);
  });

  it('refuses a version the store does not hold, and a corrupt manifest', () => {
    expect(() => promote({ store, app: 'feed-mfe', version: '0123456789ab', env })).toThrow(
      /feed-mfe has no release 0123456789ab/,
    );
    const broken = feed();
    writeFileSync(join(broken, 'mf-manifest.json'), '{"name": 3}');
    const version = release({ store, app: 'feed-mfe', from: broken }).version;
    expect(() => promote({ store, app: 'feed-mfe', version, env })).toThrow(/its mf-manifest.json is invalid at name/);
  });

  it('refuses a shell that would break a live remote', () => {
    promote({ store, app: 'feed-mfe', version: release({ store, app: 'feed-mfe', from: feed() }).version, env });
    const shell20 = release({
      store,
      app: 'shell',
      from: fakeBuild({ name: 'murmur_shell', react: '20.0.0' }),
    }).version;
    expect(() => promote({ store, app: 'shell', version: shell20, env })).toThrow(
      /needs react \^19\.3\.1, this shell provides 20\.0\.0/,
    );
  });
});
