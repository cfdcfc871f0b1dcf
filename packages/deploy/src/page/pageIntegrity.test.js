// @ts-check
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { routeOwners } from '@murmur/config/routes';
import { composedFilesIntegrity } from './pageIntegrity.js';
import { promote } from '../switches/promote.js';
import { release } from '../store/release.js';
import { storeLayout } from '../store/storePaths.js';
import { scriptTextsOf } from '../../test-support/pageScripts.js';
import { fakeBuild, temporaryStore } from '../../test-support/testBuilds.js';
import { verifyStore } from '../switches/verify.js';

/** What a browser computes of a file's bytes to check them against an `integrity`. */
const sri = (/** @type {Buffer} */ bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

const tags =
  '<script type="module" crossorigin src="./assets/index-Ab12Cd34.js"></script>' +
  '<link rel="stylesheet" crossorigin href="./assets/index-Ab12Cd34.css">';

/** @type {Record<string, string | undefined>} */
const env = {};
let store = '';
/** @param {import('@murmur/config/apps').AppName} app @param {string} from */
const released = async (app, from) => (await release({ store, app, from })).version;
const file = (/** @type {string} */ app, /** @type {string} */ version, /** @type {string} */ path) =>
  readFileSync(join(storeLayout(store).versionDir(app, version), path));

let shell = '';
beforeEach(async () => {
  store = temporaryStore();
  shell = await released('shell', fakeBuild({ name: 'shell', page: tags }));
  await promote({ store, app: 'shell', version: shell, env });
});

describe('the integrity a page checks, written at promote', () => {
  it(
    'remotes.json gives the hash of each script, stylesheet and manifest a composed page may load ' +
      'of every live remote, by URL, and nothing else',
    async () => {
      const feed = await released('feed-mfe', fakeBuild({ name: 'feed_mfe', exposes: ['./app', './UserPostList'] }));
      const auth = await released('auth-mfe', fakeBuild({ name: 'auth_mfe', exposes: ['./app'] }));
      await promote({ store, app: 'feed-mfe', version: feed, env });
      await promote({ store, app: 'auth-mfe', version: auth, env });

      const pointer = JSON.parse(readFileSync(storeLayout(store).remotesPointer, 'utf8'));
      const expected = {};
      for (const [app, version, port] of /** @type {const} */ ([
        ['auth-mfe', auth, 4001],
        ['feed-mfe', feed, 4002],
      ])) {
        // Each file of the folder a composed page may load: not the .br/.gz beside them, not the page, nor the script
        // only the page loads.
        expect(readdirSync(join(storeLayout(store).versionDir(app, version), 'assets'))).toContain('index-Ab12Cd34.js');
        for (const path of [
          'mf-manifest.json',
          'remoteEntry.js',
          'assets/remote-Ef56Gh78.js',
          'assets/index-Ab12Cd34.css',
        ])
          Object.assign(expected, { [`http://localhost:${port}/${version}/${path}`]: sri(file(app, version, path)) });
      }
      expect(pointer.integrity).toEqual(expected);
      expect(pointer['feed-mfe']).toBe(`http://localhost:4002/${feed}/mf-manifest.json`);
      expect((await verifyStore(store)).problems).toEqual([]);
    },
  );

  it("a new version replaces its remote's integrity; promoting another remote keeps it", async () => {
    const v1 = await released('feed-mfe', fakeBuild({ name: 'feed_mfe', exposes: ['./app', './UserPostList'] }));
    const v2 = await released(
      'feed-mfe',
      fakeBuild({ name: 'feed_mfe', exposes: ['./app', './UserPostList'], page: '<title>v2</title>' }),
    );
    const entryOf = (/** @type {string} */ version) => `http://localhost:4002/${version}/remoteEntry.js`;
    const integrity = () => JSON.parse(readFileSync(storeLayout(store).remotesPointer, 'utf8')).integrity;
    await promote({ store, app: 'feed-mfe', version: v1, env });
    await promote({ store, app: 'feed-mfe', version: v2, env });
    expect(Object.keys(integrity())).toContain(entryOf(v2));
    expect(Object.keys(integrity())).not.toContain(entryOf(v1));
    await promote({
      store,
      app: 'profile-mfe',
      version: await released('profile-mfe', fakeBuild({ name: 'profile_mfe', exposes: ['./app'] })),
      env,
    });
    expect(integrity()[entryOf(v2)]).toBe(sri(file('feed-mfe', v2, 'remoteEntry.js')));
  });

  it(
    'the live page carries the integrity of its own scripts and stylesheets, ' +
      "and an import map of every script's (the page may load any)",
    async () => {
      const page = readFileSync(storeLayout(store).livePage('shell'), 'utf8');
      const script = sri(file('shell', shell, 'assets/index-Ab12Cd34.js'));
      const style = sri(file('shell', shell, 'assets/index-Ab12Cd34.css'));
      expect(page).toContain(`src="./assets/index-Ab12Cd34.js" integrity="${script}"`);
      expect(page).toContain(`href="./assets/index-Ab12Cd34.css" integrity="${style}"`);
      const [importMap = 'null'] = scriptTextsOf(page, 'type', 'importmap');
      expect(JSON.parse(importMap)).toEqual({
        integrity: {
          './assets/index-Ab12Cd34.js': script,
          './assets/remote-Ef56Gh78.js': sri(file('shell', shell, 'assets/remote-Ef56Gh78.js')),
          './remoteEntry.js': sri(file('shell', shell, 'remoteEntry.js')),
        },
      });
      // Before anything the page loads: right after the base its URLs resolve against.
      expect(page.indexOf('<script type="importmap">')).toBeLessThan(page.indexOf('<script type="module"'));
      expect(page.indexOf('<base ')).toBeLessThan(page.indexOf('<script type="importmap">'));
    },
  );

  it("the live page's import map carries the integrity of the shell's development build", async () => {
    const build = fakeBuild({ name: 'shell', page: tags });
    const developmentFiles = ['dev/assets/index-Ij90Kl12.js', 'dev/remoteEntry-Mn34Op56.js'];
    mkdirSync(join(build, 'dev', 'assets'), { recursive: true });
    for (const path of developmentFiles)
      writeFileSync(join(build, path), `export const built = ${JSON.stringify(path)};\n`);
    writeFileSync(join(build, 'dev', 'mf-manifest.json'), '{}');
    const version = await released('shell', build);
    await promote({ store, app: 'shell', version, env });

    const page = readFileSync(storeLayout(store).livePage('shell'), 'utf8');
    const [importMap = 'null'] = scriptTextsOf(page, 'type', 'importmap');
    const { integrity } = JSON.parse(importMap);
    // Each script, hashed at release from its bytes, as the production build's are; not the manifest (not a script).
    for (const path of developmentFiles) expect(integrity[`./${path}`]).toBe(sri(file('shell', version, path)));
    expect(Object.keys(integrity).filter((path) => path.startsWith('./dev/'))).toHaveLength(developmentFiles.length);
    expect((await verifyStore(store)).problems).toEqual([]);

    // A changed file there is one verify-store names, as it names any changed file of a live version.
    writeFileSync(join(storeLayout(store).versionDir('shell', version), developmentFiles[0] ?? ''), 'changed();\n');
    expect((await verifyStore(store)).problems).toContain(`shell/${version}: ${developmentFiles[0]} was changed`);
  });

  it('a release made before builds wrote page.json promotes to the page its index.html says', async () => {
    const livePageOf = async (/** @type {boolean} */ pageData) => {
      const version = await released(
        'feed-mfe',
        fakeBuild({ name: 'feed_mfe', exposes: ['./app', './UserPostList'], page: tags, pageData }),
      );
      await promote({ store, app: 'feed-mfe', version, env });
      return readFileSync(storeLayout(store).livePage('feed-mfe'), 'utf8').replaceAll(version, '<version>');
    };
    const before = await livePageOf(false);
    expect(before).toContain(`src="./assets/index-Ab12Cd34.js" integrity="sha384-`);
    expect(await livePageOf(true)).toBe(before);
    expect((await verifyStore(store)).problems).toEqual([]);
  });

  it('verify-store names a file whose integrity remotes.json does not give as recorded', async () => {
    const feed = await released('feed-mfe', fakeBuild({ name: 'feed_mfe', exposes: ['./app', './UserPostList'] }));
    await promote({ store, app: 'feed-mfe', version: feed, env });
    const pointer = JSON.parse(readFileSync(storeLayout(store).remotesPointer, 'utf8'));
    pointer.integrity[`http://localhost:4002/${feed}/remoteEntry.js`] = sri(Buffer.from('something else'));
    writeFileSync(storeLayout(store).remotesPointer, JSON.stringify(pointer));
    expect((await verifyStore(store)).problems).toEqual([
      `shell/remotes.json does not give the recorded integrity of feed-mfe/${feed}/remoteEntry.js`,
      // The pages promote resolved for each route carry the remotes.json it wrote, not this one.
      ...routeOwners.map((owner) => `shell/index.${owner}.html is not the live page resolved for ${owner}'s addresses`),
    ]);
  });

  it('a promote of a release whose record is gone is refused, changing nothing', async () => {
    const feed = await released('feed-mfe', fakeBuild({ name: 'feed_mfe', exposes: ['./app', './UserPostList'] }));
    const record = join(storeLayout(store).versionDir('feed-mfe', feed), '.release.json');
    writeFileSync(record, '{');
    const pointer = readFileSync(storeLayout(store).remotesPointer, 'utf8');
    await expect(promote({ store, app: 'feed-mfe', version: feed, env })).rejects.toThrow(
      `feed-mfe ${feed}: its .release.json is not JSON`,
    );
    expect(readFileSync(storeLayout(store).remotesPointer, 'utf8')).toBe(pointer);
  });
});

describe("the files of a remote's release a composed page may load", () => {
  const hash = (/** @type {string} */ letter) => `sha384-${letter.repeat(64)}`;
  const files = { 'remoteEntry.js': hash('a'), 'assets/index-1.js': hash('b'), 'assets/remote-2.js': hash('c') };

  it('are those its record lists', () => {
    expect(
      composedFilesIntegrity({ files, precompressed: [], composed: ['remoteEntry.js', 'assets/remote-2.js'] }),
    ).toEqual({ 'remoteEntry.js': hash('a'), 'assets/remote-2.js': hash('c') });
  });

  it('are all it loads where a record written before the list has none', () => {
    expect(composedFilesIntegrity({ files, precompressed: [] })).toEqual(files);
  });
});
