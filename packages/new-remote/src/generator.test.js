// @ts-check
/**
 * The commands as a team runs them, on a copy of the repository: new-remote, then the new remote's type check, build
 * and tests and the shell's with it, then remove-remote, which must leave the copy as git has it.
 */
import { execFile as execFileCallback } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { readTables } from './repo.js';
import { repoCopy } from '../test-support/testCopy.js';

const execFile = promisify(execFileCallback);
const pnpm = ['--yes', 'pnpm@10.34.9'];
const root = repoCopy();
// The copy holds a whole install: removing it takes seconds, more on busy cores than a hook's default 10 s.
afterAll(() => rmSync(root, { recursive: true, force: true }), 120_000);

/**
 * Runs a command in the copy; its output is part of the failure when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {string} [cwd] relative to the copy
 */
async function inCopy(command, args, cwd = '.') {
  try {
    return (await execFile(command, args, { cwd: join(root, cwd), env, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = /** @type {{ stdout?: string; stderr?: string }} */ (error);
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed:\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`);
  }
}

/**
 * The environment of the commands: not this Vitest's (its NODE_ENV=test would make the builds development builds,
 * and the nested Vitest would add its report to `npm test`'s totals).
 */
const env = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(NODE_ENV|VITEST.*|TEST|MURMUR_REPORT_DIR)$/.test(key)),
);

const git = (/** @type {string[]} */ ...args) =>
  inCopy('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.org', '-c', 'commit.gpgsign=false', ...args]);

it('makes a remote that type checks, builds, passes its tests and composes, and unmakes it', async () => {
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'the copy');
  // The store is warm: `npm test` installed this repository first.
  await inCopy('npx', [...pnpm, 'install', '--frozen-lockfile', '--offline']);
  const lockBefore = readFileSync(join(root, 'pnpm-lock.yaml'), 'utf8');

  const made = await inCopy('node', [
    'packages/new-remote/src/cli.js',
    'new',
    'announcements-mfe',
    '--route',
    '/announcements',
    '--nav',
    'Announcements',
  ]);
  expect(made).toContain('announcements-mfe/src/AnnouncementsPage.tsx\n');

  // Each is a process of its own, mostly waiting on the disk: together they keep two cores busy.
  await Promise.all([
    inCopy('npx', ['tsc', '-p', 'tsconfig.json'], 'announcements-mfe'),
    inCopy('npx', ['tsc', '-p', 'tsconfig.json'], 'shell'),
    inCopy('npx', ['vite', 'build'], 'announcements-mfe'),
    inCopy('npx', ['vite', 'build'], 'shell'),
    inCopy('npx', ['vitest', 'run'], 'announcements-mfe'),
  ]);

  // Composed: the shell's build lists the remote in its remotes.json, and has its route in its route table.
  const remotesJson = JSON.parse(readFileSync(join(root, 'shell/dist/remotes.json'), 'utf8'));
  const { apps } = await readTables(root);
  expect(remotesJson['announcements-mfe']).toBe(`http://localhost:${apps['announcements-mfe']?.port}/mf-manifest.json`);
  const shellCode = readdirSync(join(root, 'shell/dist/assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(root, 'shell/dist/assets', file), 'utf8'))
    .join('\n');
  const routeRow = /path:\s*[`"']\/announcements[`"'],\s*remote:\s*[`"']announcements-mfe[`"']/;
  expect(routeRow.test(shellCode), "the route in the shell's code").toBe(true);
  const manifest = JSON.parse(readFileSync(join(root, 'announcements-mfe/dist/mf-manifest.json'), 'utf8'));
  expect(manifest.name).toBe('announcements_mfe');
  expect(manifest.exposes.map((/** @type {{ path: string }} */ expose) => expose.path)).toEqual(['./app']);

  await inCopy('node', ['packages/new-remote/src/cli.js', 'remove', 'announcements-mfe']);
  expect(await git('status', '--porcelain')).toBe('');
  expect(readFileSync(join(root, 'pnpm-lock.yaml'), 'utf8')).toBe(lockBefore);
}, 900_000);
