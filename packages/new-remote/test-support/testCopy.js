// @ts-check
/** What the tests of the commands share (not itself a test): copies of the repository to change. */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from '../src/repo.js';

/**
 * The files of this repository's work tree that git tracks or would (untracked but not ignored): a remote
 * new-remote added and nobody committed yet is listed in the tables, so its folder is copied too.
 */
const trackedFiles = () =>
  execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(repoRoot, file)));

/**
 * A temporary copy of the tracked files `keep` selects (all by default).
 * @param {(file: string) => boolean} [keep]
 */
export function repoCopy(keep = () => true) {
  const root = mkdtempSync(join(tmpdir(), 'murmur-new-remote-'));
  for (const file of trackedFiles().filter(keep)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(root, file));
  }
  return root;
}

/**
 * The text of each of `files` under `root`, to compare before and after.
 * @param {string} root
 * @param {string[]} files
 */
export const textsOf = (root, files) =>
  Object.fromEntries(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));

/**
 * Runs a command in-process on the copy at `root`, with what it prints collected line by line.
 * @param {typeof import('../src/commands.js').newRemote} command
 * @param {string[]} argv
 * @param {{ root: string; install: (root: string) => boolean }} io
 */
export async function runCommand(command, argv, { root, install }) {
  /** @type {string[]} */
  const out = [];
  /** @type {string[]} */
  const err = [];
  const code = await command(argv, { root, out: (line) => out.push(line), err: (line) => err.push(line), install });
  return { code, out, err };
}
