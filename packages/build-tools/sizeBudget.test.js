// @ts-check
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { appNames, remoteNames } from '@murmur/config/apps';
import { describe, expect, it } from 'vitest';
import { checkBudget, measureBuilds } from './sizeBudget.js';

const budget = { tolerance: 0.05, gzipKiB: { shell: 100, 'feed-mfe': 50 } };

describe('checkBudget', () => {
  it('has a budget in size-budget.json for each app of the apps table, under its name', () => {
    const file = JSON.parse(readFileSync(new URL('./size-budget.json', import.meta.url), 'utf8'));
    expect(Object.keys(file.gzipKiB)).toEqual(expect.arrayContaining(appNames));
  });

  it("holds a new remote's first budget, no larger than the smallest remote's", () => {
    const file = JSON.parse(readFileSync(new URL('./size-budget.json', import.meta.url), 'utf8'));
    const smallest = Math.min(...remoteNames.map((remote) => file.gzipKiB[remote]));
    expect(file.newRemoteGzipKiB).toBeGreaterThan(0);
    expect(file.newRemoteGzipKiB).toBeLessThanOrEqual(smallest);
  });

  it("takes the new remote's budget for no app's: no line of its own, nothing over", () => {
    const lines = checkBudget({ shell: 105, 'feed-mfe': 50 }, { ...budget, newRemoteGzipKiB: 1 });
    expect(lines.map(({ name, over }) => [name, over])).toEqual([
      ['shell', false],
      ['feed-mfe', false],
    ]);
  });

  it('passes figures up to the budget plus the tolerance, and fails just above it', () => {
    const lines = checkBudget({ shell: 105, 'feed-mfe': 52.6 }, budget);
    expect(lines.map(({ name, over }) => [name, over])).toEqual([
      ['shell', false],
      ['feed-mfe', true],
    ]);
    expect(lines[1]?.limitKiB).toBeCloseTo(52.5);
  });

  it('fails an app with no budget and a budget with no figure, so a renamed app cannot slip past', () => {
    const lines = checkBudget({ shell: 10, 'new-mfe': 1 }, budget);
    expect(
      lines
        .filter((line) => line.over)
        .map((line) => line.name)
        .sort(),
    ).toEqual(['feed-mfe', 'new-mfe']);
  });
});

describe('measureBuilds', () => {
  it(
    "adds up each app's gzip JavaScript, and for the first load the scripts the shell's page names " +
      "plus the remote's files of ./app but the shell's own",
    () => {
      const root = mkdtempSync(join(tmpdir(), 'size-budget-'));
      /** @param {string} file @param {string} text */
      const write = (file, text) => {
        mkdirSync(join(root, file, '..'), { recursive: true });
        writeFileSync(join(root, file), text);
      };
      const kib = (/** @type {string} */ text) => gzipSync(text).length / 1024;
      write('shell/dist/assets/index.js', 'a'.repeat(5000));
      write('shell/dist/assets/style.css', 'b'.repeat(5000));
      write('feed-mfe/dist/remoteEntry.js', 'entry');
      write('feed-mfe/dist/assets/app.js', 'console.log("app")');
      write('feed-mfe/dist/assets/other.js', 'console.log("only on another route")');
      write('shell/dist/assets/core-Ab12.js', 'export const core = 1;');
      // Imported later (a page few visits need): not part of the first load.
      write('shell/dist/assets/later.js', 'export const later = "a page few visits need";');
      write(
        'shell/dist/index.html',
        '<script type="module" src="./assets/index.js"></script>' +
          '<link rel="modulepreload" href="./assets/core-Ab12.js">',
      );
      write('feed-mfe/dist/assets/core-Ab12.js', 'export const core = 1;');
      write(
        'feed-mfe/dist/mf-manifest.json',
        JSON.stringify({
          metaData: { remoteEntry: { name: 'remoteEntry.js' } },
          exposes: [
            {
              path: './app',
              assets: { js: { sync: ['assets/core-Ab12.js', 'assets/app.js'], async: [] }, css: { sync: [] } },
            },
            { path: './Other', assets: { js: { sync: ['assets/other.js'], async: [] }, css: { sync: [] } } },
          ],
        }),
      );

      const figures = measureBuilds(root, { apps: ['shell', 'feed-mfe'], firstLoadRemote: 'feed-mfe' });

      const core = kib('export const core = 1;');
      expect(figures.shell).toBeCloseTo(
        kib('a'.repeat(5000)) + core + kib('export const later = "a page few visits need";'),
      );
      expect(figures['feed-mfe']).toBeCloseTo(
        kib('entry') + kib('console.log("app")') + kib('console.log("only on another route")') + core,
      );
      // The runtime's core, named as the shell's, is the shell's copy on the page: counted once.
      expect(figures['first load of /']).toBeCloseTo(
        kib('a'.repeat(5000)) + core + kib('entry') + kib('console.log("app")'),
      );

      // A remote whose manifest names each expose's own files is loaded straight from them: no entry.
      const manifest = JSON.parse(readFileSync(join(root, 'feed-mfe/dist/mf-manifest.json'), 'utf8'));
      manifest.exposes[0] = { ...manifest.exposes[0], murmurEntry: 'assets/app.js', murmurFiles: ['assets/app.js'] };
      write('feed-mfe/dist/mf-manifest.json', JSON.stringify(manifest));
      const direct = measureBuilds(root, { apps: ['shell', 'feed-mfe'], firstLoadRemote: 'feed-mfe' });
      expect(direct['first load of /']).toBeCloseTo(kib('a'.repeat(5000)) + core + kib('console.log("app")'));
    },
  );
});
