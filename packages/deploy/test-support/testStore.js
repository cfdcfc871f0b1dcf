// @ts-check
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { appNames, consumedOf, federationNameOf, remoteNames } from '@murmur/config/apps';
import { runCommandLine } from '../src/commands/commandLine.js';
import { readLiveState } from '../src/store/liveState.js';
import { promote } from '../src/switches/promote.js';
import { release } from '../src/store/release.js';
import { storeLayout } from '../src/store/storePaths.js';
import { fakeBuild, temporaryStore } from './testBuilds.js';

/** The store's commands, as a pipeline runs them. */
export const cli = fileURLToPath(new URL('../src/cli.js', import.meta.url));
const killAfterWriteStep = fileURLToPath(new URL('./killAfterWriteStep.js', import.meta.url));

/**
 * The remotes of the composed app, the apps table's, with their federation names and what their fake builds expose:
 * the modules the composed app loads of each (`consumedOf`), all a promote asks of it.
 */
export const remotes = /** @type {Record<RemoteName, { name: string; exposes: string[] }>} */ (
  Object.fromEntries(
    remoteNames.map((remote) => [remote, { name: federationNameOf(remote), exposes: consumedOf(remote) }]),
  )
);

/** @typedef {import('@murmur/config/apps').RemoteName} RemoteName */

/**
 * A store with a live shell and `versions` releases of each remote (labelled v0, v1, …), the first of each live.
 * @param {number} versions
 */
export async function storeWithRemotes(versions) {
  const store = temporaryStore();
  /** @type {Record<string, string>} */
  const env = {};
  const shell = await release({ store, app: 'shell', from: fakeBuild({ name: 'shell' }) });
  await promote({ store, app: 'shell', version: shell.version, env });
  /** @type {Record<RemoteName, string[]>} */
  const releases = /** @type {never} */ (Object.fromEntries(remoteNames.map((app) => [app, []])));
  for (const app of remoteNames) {
    const { name, exposes } = remotes[app];
    for (let i = 0; i < versions; i += 1) {
      const from = fakeBuild({ name, exposes: [...exposes], page: `<title>${app} v${i}</title>` });
      releases[app].push((await release({ store, app, from })).version);
    }
    await promote({ store, app, version: releases[app][0] ?? '', env });
  }
  return { store, releases };
}

/**
 * A store where each remote has two releases, the first stable and the second its canary at 50 %; each remote's
 * `stable` and `canary` versions.
 */
export async function storeWithCanaries() {
  const fixture = await storeWithRemotes(2);
  /** @type {Record<keyof typeof remotes, { stable: string; canary: string }>} */
  const versions = /** @type {never} */ ({});
  for (const app of /** @type {(keyof typeof remotes)[]} */ (Object.keys(remotes))) {
    const [stable = '', canary = ''] = fixture.releases[app];
    versions[app] = { stable, canary };
    await promote({ store: fixture.store, app, version: canary, canary: 50, env: {} });
  }
  return { ...fixture, versions };
}

/**
 * A temporary store where one release of every app is live, as `npm start` leaves it.
 * @returns {Promise<{ store: string; versions: Record<import('@murmur/config/apps').AppName, string> }>}
 */
export async function promotedStore() {
  const { store, releases } = await storeWithRemotes(1);
  const shell = readLiveState(store, 'shell')?.version ?? '';
  const first = (/** @type {keyof typeof remotes} */ app) => releases[app][0] ?? '';
  return {
    store,
    versions: /** @type {never} */ ({ shell, ...Object.fromEntries(remoteNames.map((app) => [app, first(app)])) }),
  };
}

/**
 * Runs a store command in a process of its own, as a pipeline would.
 * @param {string} store
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @param {{ started?: (child: import('node:child_process').ChildProcess) => void }} [options] `started`: given the
 *   process as soon as it runs, to signal it
 * @returns {Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>}
 */
export function storeCommand(store, args, env = {}, { started } = {}) {
  return new Promise((resolve, reject) => {
    // A crash test's command kills itself after a write step (killAfterWriteStep.js).
    const faults = env.MURMUR_TEST_KILL_AFTER_WRITE ? ['--import', killAfterWriteStep] : [];
    const child = spawn(process.execPath, [...faults, cli, ...args], {
      env: { ...process.env, MURMUR_STORE: store, MURMUR_STORE_LOCK_STALE_MS: '2000', ...env },
    });
    started?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout: stdout.trimEnd(), stderr: stderr.trimEnd() }));
  });
}

/**
 * Runs a store command in this process, as the CLI runs it, with what it prints collected: for tests where a process
 * of its own is not the point (a kill, a lock held by another process, a crash), and the same answer as storeCommand's.
 * @param {string} store
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<{ code: number; signal: null; stdout: string; stderr: string }>}
 */
export async function storeCommandInProcess(store, args, env = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCommandLine(args, {
    env: { ...process.env, MURMUR_STORE: store, MURMUR_STORE_LOCK_STALE_MS: '2000', ...env },
    io: {
      out: (line) => (stdout += `${line}\n`),
      err: (line) => (stderr += `${line}\n`),
      write: (text) => (stdout += text),
    },
  });
  return { code, signal: null, stdout: stdout.trimEnd(), stderr: stderr.trimEnd() };
}

/**
 * An app's name as `status` starts its line: padded to the longest name of the app table, then two spaces.
 * @param {string} app
 */
export const statusName = (app) => `${app.padEnd(Math.max(...appNames.map((name) => name.length)))}  `;

/**
 * Every entry under a store, with a hash of each file's bytes and each link's target: two equal snapshots mean
 * nothing in the store changed.
 * @param {string} store
 */
export function snapshot(store) {
  /** @type {Record<string, string>} */
  const entries = {};
  for (const entry of readdirSync(store, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const key = relative(store, path);
    if (entry.isSymbolicLink()) entries[key] = `link ${readlinkSync(path)}`;
    else if (entry.isFile()) entries[key] = createHash('sha256').update(readFileSync(path)).digest('hex');
    else entries[key] = 'folder';
  }
  return entries;
}

/**
 * Plants in feed-mfe's version folder what no release writes, for the servers to refuse: links to a file and a folder
 * outside the store, a version folder that is a link, a precompressed variant that is a link, and a hidden folder.
 * @param {string} store
 * @param {string} feedVersion
 */
export function plantHostileFiles(store, feedVersion) {
  const layout = storeLayout(store);
  const feedDir = layout.versionDir('feed-mfe', feedVersion);
  const outside = mkdtempSync(join(tmpdir(), 'murmur-outside-'));
  writeFileSync(join(outside, 'outside.js'), 'outside the store\n');
  writeFileSync(join(outside, 'outside.js.br'), brotliCompressSync('outside the store, compressed\n'));
  symlinkSync(join(outside, 'outside.js'), join(feedDir, 'assets', 'outside.js'));
  symlinkSync(outside, join(feedDir, 'linked'));
  symlinkSync(feedDir, layout.versionDir('feed-mfe', '0123456789ab'));
  copyFileSync(join(feedDir, 'assets', 'index-Ab12Cd34.js'), join(feedDir, 'assets', 'variant.js'));
  symlinkSync(join(outside, 'outside.js.br'), join(feedDir, 'assets', 'variant.js.br'));
  mkdirSync(join(feedDir, '.hidden'));
  writeFileSync(join(feedDir, '.hidden', 'x.js'), 'hidden\n');
}
