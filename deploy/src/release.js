// @ts-check
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { precompress } from './compress.js';
import { contentHash } from './contentHash.js';
import { storeLayout, workspaceRoot } from './storePaths.js';

/** @typedef {import('./apps.js').AppName} AppName */

/** Files a build writes that describe one environment rather than the build: the store's pointers replace them. */
const environmentFiles = new Set(['remotes.json']);

/**
 * Builds `app` with Vite into a fresh folder (the environment, such as VITE_BUILD_LABEL, passes through), writing
 * the build's output to stderr so that stdout stays the version id.
 * @param {AppName} app
 * @returns {string} the folder holding the build
 */
export function build(app) {
  const outDir = mkdtempSync(join(tmpdir(), `murmur-build-${app}-`));
  const appDir = join(workspaceRoot, app);
  execFileSync(join(appDir, 'node_modules', '.bin', 'vite'), ['build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: appDir,
    stdio: ['ignore', 2, 2],
  });
  return outDir;
}

/** The short commit the workspace is at, or undefined outside a git checkout. */
export function currentCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], {
      cwd: workspaceRoot,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}

/**
 * Copies a build into the store as an immutable version folder named by its content (and commit), with .gz and .br
 * beside each text file. Releasing the same build twice gives the same version and writes nothing.
 * @param {{ store: string; app: AppName; from: string; commit?: string | undefined }} options
 * @returns {{ version: string; created: boolean }}
 */
export function release({ store, app, from, commit }) {
  if (!existsSync(join(from, 'index.html')) && !existsSync(join(from, 'mf-manifest.json'))) {
    throw new Error(`${from} holds no build of ${app} (no index.html, no mf-manifest.json)`);
  }
  const layout = storeLayout(store);
  mkdirSync(layout.appDir(app), { recursive: true });
  // Staged inside the app's folder, so the final rename stays on one file system and is atomic.
  const staging = mkdtempSync(join(layout.appDir(app), '.staging-'));
  try {
    cpSync(from, staging, { recursive: true, filter: (source) => !environmentFiles.has(basename(source)) });
    const version = `${contentHash(staging).slice(0, 12)}${commit ? `-${commit}` : ''}`;
    const target = layout.versionDir(app, version);
    if (existsSync(target)) return { version, created: false };
    precompress(staging);
    renameSync(staging, target);
    return { version, created: true };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
