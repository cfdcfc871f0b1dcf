// @ts-check
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { nginxConfig } from '../edge/nginx/config.js';
import { integrityOf, recordName } from './releaseRecord.js';
import { storeLayout } from './storePaths.js';
import { fakeBuild, temporaryStore } from '../../test-support/testBuilds.js';
import { promotedStore, snapshot, storeCommandInProcess } from '../../test-support/testStore.js';
import { verifyStore } from '../switches/verify.js';

const feedBuild = () => fakeBuild({ name: 'feed_mfe', exposes: ['./app', './UserPostList'] });

describe('release, given the files of a build', () => {
  it('refuses a file name outside letters, digits and ._~/- in one line naming it, writing nothing', async () => {
    const store = temporaryStore();
    const before = snapshot(store);
    for (const name of ['price$list.json', 'a b.js', 'quote".css', 'semi;colon.js', 'brace{.js', 'naïve.js']) {
      const from = feedBuild();
      writeFileSync(join(from, 'assets', name), '{}');
      const refused = await storeCommandInProcess(store, ['release', 'feed-mfe', '--from', from]);
      expect(refused.code, name).toBe(1);
      expect(refused.stderr, name).toBe(
        `refused: ${from} holds ${JSON.stringify(`assets/${name}`)}: ` +
          "a released file's path holds only letters, digits and ._~/-",
      );
    }
    expect(snapshot(store)).toEqual(before);
  });

  it('releases a build that brings its own .br and .gz as one verify accepts, with the store’s variants', async () => {
    const store = temporaryStore();
    const from = feedBuild();
    const page = readFileSync(join(from, 'index.html'));
    const script = readFileSync(join(from, 'assets', 'index-Ab12Cd34.js'));
    // A pipeline's own variants, one of them stale (another page's bytes), as a copied version folder might hold.
    writeFileSync(join(from, 'index.html.br'), brotliCompressSync('<title>another page</title>'));
    writeFileSync(join(from, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(script));
    writeFileSync(join(from, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
    const released = await storeCommandInProcess(store, ['release', 'feed-mfe', '--from', from]);
    expect(released.code, released.stderr).toBe(0);

    const verified = await storeCommandInProcess(store, ['verify']);
    expect(verified.stdout).toBe('');
    expect(verified.code).toBe(0);
    // The same version as the build without them: named by the build's own files.
    const plain = await storeCommandInProcess(temporaryStore(), ['release', 'feed-mfe', '--from', feedBuild()]);
    expect(released.stdout).toBe(plain.stdout);
    const folder = storeLayout(store).versionDir('feed-mfe', released.stdout);
    expect(brotliDecompressSync(readFileSync(join(folder, 'assets', 'index-Ab12Cd34.js.br')))).toEqual(script);
    // The page is too small for the store to compress: the given, stale variant is not kept.
    expect(page.length).toBeLessThan(512);
    expect(() => readFileSync(join(folder, 'index.html.br'))).toThrow(/ENOENT/);
  });
});

describe('the edge configuration', () => {
  it('is written for a store whose live release has a name release refuses: it names no release file', async () => {
    const { store, versions } = await promotedStore();
    // A release made before the names were checked: the file and its record's entry.
    const folder = storeLayout(store).versionDir('feed-mfe', versions['feed-mfe']);
    writeFileSync(join(folder, 'price$list.json'), '{}');
    const record = JSON.parse(readFileSync(join(folder, recordName), 'utf8'));
    record.files['price$list.json'] = integrityOf(Buffer.from('{}'));
    writeFileSync(join(folder, recordName), JSON.stringify(record));

    const config = await nginxConfig({ store });
    expect(config).toContain('location = /mf-manifest.json');
    expect(config).not.toContain('price');
    expect(config).not.toContain(versions['feed-mfe']);
    expect((await verifyStore(store)).problems).toContain(
      `feed-mfe/${versions['feed-mfe']}: "price$list.json": ` +
        'a name outside letters, digits and ._~/-, which release refuses',
    );
  });
});
