// @ts-check
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspaceRoot } from '../store/storePaths.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */

/**
 * Builds `app` with Vite into a fresh folder (the environment, such as VITE_BUILD_LABEL, passes through), writing
 * the build's output to stderr so that stdout stays the version id.
 * @param {AppName} app
 * @returns {string} the folder holding the build
 */
export function buildApp(app) {
  const outDir = mkdtempSync(join(tmpdir(), `murmur-build-${app}-`));
  const appDir = join(workspaceRoot, app);
  execFileSync(join(appDir, 'node_modules', '.bin', 'vite'), ['build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: appDir,
    stdio: ['ignore', 2, 2],
  });
  return outDir;
}

/** The short commit the workspace is at, or undefined outside a git checkout: the suffix of a release's version. */
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
