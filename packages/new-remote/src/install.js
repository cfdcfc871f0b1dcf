// @ts-check
import { spawnSync } from 'node:child_process';

/**
 * Links the workspace's packages as pnpm-workspace.yaml now lists them, from the store alone where it has everything
 * (then once more from the registry). The lockfile must change, whatever CI's default. Its output goes to stderr, so
 * that stdout is the files changed and what to run next.
 * @param {string} root
 * @returns {boolean} whether it succeeded
 */
export function install(root) {
  const run = (/** @type {string[]} */ extra) =>
    spawnSync('npx', ['--yes', 'pnpm@10.34.9', 'install', '--no-frozen-lockfile', ...extra], {
      cwd: root,
      stdio: ['ignore', 2, 2],
    }).status === 0;
  return run(['--offline']) || run([]);
}
