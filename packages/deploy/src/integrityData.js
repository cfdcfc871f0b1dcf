// @ts-check
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { appNames } from '@murmur/config/apps';
import { livePage, scriptsToInline } from './livePage.js';
import { promote } from './promote.js';
import { release } from './release.js';
import { readRemotesPointer, serializeRemotesPointer } from './remotesPointer.js';
import { storeLayout } from './storePaths.js';

/** @param {string} text */
const gzipKiB = (text) => gzipSync(text).length / 1024;

/**
 * What the integrity of the live versions adds to the first load of the composed page, in gzip KiB, as promote
 * writes it (docs/serving.md, "What the browser checks"): the `integrity` section of remotes.json and the shell's
 * page's import map and attributes. Measured on a store of its own, into which each app's build (`<app>/dist`) is
 * released and promoted, removed after.
 * @param {string} repoRoot
 * @returns {Promise<number>}
 */
export async function integrityDataOfBuilds(repoRoot) {
  const store = mkdtempSync(join(tmpdir(), 'murmur-integrity-data-'));
  const env = { MURMUR_STORE: store };
  try {
    for (const app of appNames) {
      const { version } = await release({ store, app, from: join(repoRoot, app, 'dist'), env });
      await promote({ store, app, version, env });
    }
    const remotes = readRemotesPointer(store);
    if (!remotes) throw new Error(`${store} has no remotes.json after promoting every app`);
    const page = readFileSync(storeLayout(store).livePage('shell'), 'utf8');
    const versionPath = /<base href="([^"]+)"/.exec(page)?.[1] ?? '';
    // The page as built, carrying the scripts promote inlines (they are code, not integrity data).
    const dist = join(repoRoot, 'shell', 'dist');
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const inlined = Object.fromEntries(
      scriptsToInline(html).map((file) => [file, readFileSync(join(dist, file), 'utf8')]),
    );
    const built = livePage(html, versionPath, {}, inlined);
    return (
      gzipKiB(remotes.json) -
      gzipKiB(serializeRemotesPointer({ locations: remotes.locations })) +
      gzipKiB(page) -
      gzipKiB(built)
    );
  } finally {
    rmSync(store, { recursive: true, force: true });
  }
}
