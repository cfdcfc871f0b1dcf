// @ts-check
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { developmentShellFolder, screenFiles } from '@murmur/config/resolved-page';

/**
 * The budget file, size-budget.json: `newRemoteGzipKiB` is the first budget of an app `pnpm new-remote` adds, which
 * it writes into `gzipKiB`; no figure is compared with it.
 * @typedef {{ tolerance: number; newRemoteGzipKiB?: number; gzipKiB: Record<string, number> }} SizeBudget
 * @typedef {{ name: string; actualKiB: number; budgetKiB: number; limitKiB: number; over: boolean }} BudgetLine
 */

/**
 * Compares measured gzip sizes with their budgets: a figure fails when it exceeds its budget by more than the
 * tolerance (0.05: 5 %). A measured figure without a budget, or a budget without a figure, fails too, so that a new
 * or renamed app cannot slip past. Only `gzipKiB` holds budgets: `newRemoteGzipKiB` is none.
 * @param {Record<string, number>} figures gzip KiB by name
 * @param {SizeBudget} budget
 * @returns {BudgetLine[]}
 */
export function checkBudget(figures, budget) {
  const names = [...new Set([...Object.keys(budget.gzipKiB), ...Object.keys(figures)])];
  return names.map((name) => {
    const actualKiB = figures[name] ?? NaN;
    const budgetKiB = budget.gzipKiB[name] ?? NaN;
    const limitKiB = budgetKiB * (1 + budget.tolerance);
    return { name, actualKiB, budgetKiB, limitKiB, over: !(actualKiB <= limitKiB) };
  });
}

/** @param {Buffer} content */
const gzipKiB = (content) => gzipSync(content).length / 1024;

/** @param {string} dir @returns {string[]} */
const jsFiles = (dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    // Not the shell's development build: only a tab that holds an override loads it (developmentShellFolder).
    .filter((file) => file.endsWith('.js') && !file.startsWith(developmentShellFolder))
    .map((file) => join(dir, file));

/**
 * The gzip sizes the budget holds, from the production builds: each app's JavaScript in all, and the first load of
 * the signed-in feed, which is the shell's scripts its page names (its entry and every chunk it preloads; not what it
 * imports later, such as the not-found page) plus the feed remote's files of its screen and its data preload, each
 * expose's own file and what it imports (shared packages come from the shell).
 * @param {string} repoRoot
 * @param {{ apps: string[]; firstLoadRemote: string }} options
 * @returns {Record<string, number>}
 */
export function measureBuilds(repoRoot, { apps, firstLoadRemote }) {
  /** @type {Record<string, number>} */
  const figures = {};
  /** @type {Map<string, number>} */
  const sizes = new Map();
  for (const app of apps) {
    let total = 0;
    for (const file of jsFiles(join(repoRoot, app, 'dist'))) {
      const size = gzipKiB(readFileSync(file));
      sizes.set(relative(repoRoot, file), size);
      total += size;
    }
    figures[app] = total;
  }
  const remoteDist = join(repoRoot, firstLoadRemote, 'dist');
  const manifest = JSON.parse(readFileSync(join(remoteDist, 'mf-manifest.json'), 'utf8'));
  const shellPage = readFileSync(join(repoRoot, 'shell', 'dist', 'index.html'), 'utf8');
  const shellFiles = [...shellPage.matchAll(/(?:src|href)="\.\/([^"]+\.js)"/g)].map((match) =>
    join('shell', 'dist', match[1] ?? ''),
  );
  // A remote file named as one of the shell's (the federation runtime's core, content-hashed) is the shell's copy on
  // the page (packages/build-tools/runtimeCoreChunk.js): counted once.
  const shellNames = new Set(shellFiles.map((file) => basename(file)));
  // What the page loads of the remote: its screen's own files where the shell loads them straight, else its entry
  // and what the manifest lists (packages/config/resolvedPage.js#screenFiles).
  const screen = screenFiles(manifest, 'http://remote.invalid/mf-manifest.json', { direct: true });
  if (!screen) throw new Error(`${firstLoadRemote} exposes no ./app`);
  const remoteFiles = new Set(screen.scripts.filter((file) => !shellNames.has(basename(file))));
  figures['first load of /'] =
    shellFiles.reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0) +
    [...remoteFiles].reduce(
      (sum, file) =>
        sum + (sizes.get(join(firstLoadRemote, 'dist', file)) ?? gzipKiB(readFileSync(join(remoteDist, file)))),
      0,
    );
  return figures;
}
