// @ts-check
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { appNames } from '@murmur/config/apps';
import { pageDataOf } from '@murmur/config/page-data';
import { livePage, scriptsToInline } from '../page/livePage.js';
import { baseOf } from '../page/pageElements.js';
import { pageHtml } from '../page/pageHtml.js';
import { promote } from './promote.js';
import { release } from '../store/release.js';
import { readRemotesPointer, serializeRemotesPointer } from '../store/remotesPointer.js';
import { releasePage } from '../page/releasePage.js';
import { storeLayout } from '../store/storePaths.js';

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
    const versionPath = baseOf(pageDataOf(page)) ?? '';
    // The page as built, carrying the scripts promote inlines (they are code, not integrity data).
    const dist = join(repoRoot, 'shell', 'dist');
    const inDist = async (/** @type {string} */ file) =>
      existsSync(join(dist, file)) ? readFileSync(join(dist, file), 'utf8') : null;
    const built = await releasePage(inDist, 'shell/dist');
    if (built === null) throw new Error('shell/dist holds no page');
    const inlined = Object.fromEntries(
      scriptsToInline(built).map((file) => [file, readFileSync(join(dist, file), 'utf8')]),
    );
    const unchecked = pageHtml(livePage(built, versionPath, {}, inlined));
    return (
      gzipKiB(remotes.json) -
      gzipKiB(serializeRemotesPointer({ locations: remotes.locations })) +
      gzipKiB(page) -
      gzipKiB(unchecked)
    );
  } finally {
    rmSync(store, { recursive: true, force: true });
  }
}
