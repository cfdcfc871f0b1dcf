// Runs a package script in every app of the apps table (packages/config/apps.js), whose names make the `--filter` list,
// so that a new app needs no edit here or in package.json: `node packages/scripts/each-app.mjs build`, or with pnpm's
// options before the script, `node packages/scripts/each-app.mjs dev --parallel`.
import { spawnSync } from 'node:child_process';
import { basename } from 'node:path';
import { appNames } from '../config/apps.js';

const [script, ...options] = process.argv.slice(2);
if (!script) {
  console.error('usage: node packages/scripts/each-app.mjs <script> [pnpm options]');
  process.exit(2);
}

// Run from a pnpm script, the same pnpm; from npm's (`npm run dev`), the workspace's pnpm through npx.
const execPath = process.env.npm_execpath ?? '';
const pnpm = !basename(execPath).startsWith('pnpm')
  ? ['npx', '--yes', 'pnpm@10.34.9']
  : /\.[cm]?js$/.test(execPath)
    ? [process.execPath, execPath]
    : [execPath];
const filters = appNames.flatMap((app) => ['--filter', app]);
const [command = 'npx', ...args] = pnpm;
const result = spawnSync(command, [...args, ...filters, ...options, 'run', script], { stdio: 'inherit' });
process.exit(result.status ?? 1);
