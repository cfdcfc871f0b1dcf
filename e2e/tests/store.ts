import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { openStore } from '@murmur/deploy';

const cli = join(import.meta.dirname, '..', '..', 'packages', 'deploy', 'src', 'cli.js');

/** This run's release store, made by playwright.config.ts and served by its webServer. */
export const runStore = process.env.MURMUR_E2E_STORE ?? '';
if (!runStore) throw new Error('MURMUR_E2E_STORE is not set: run the browser tests through playwright.config.ts');

/** The store as its commands see it, in a folder or on the run's S3 server. */
const backend = openStore(runStore);

/** A file of the store (a pointer, a release's file), or null where there is none. */
export const readStoreFile = (key: string) => backend.read(key);

/**
 * Copies the files of a release that `keep` keeps (by default every one, its record and precompressed variants too)
 * into the folder `into`.
 */
export async function copyRelease(app: string, version: string, into: string, keep = (_file: string) => true) {
  for (const file of (await backend.filesOf(app, version)).filter(keep)) {
    const bytes = await backend.readBytes(`${app}/${version}/${file}`);
    if (!bytes) throw new Error(`${app} ${version}: ${file} vanished`);
    mkdirSync(dirname(join(into, file)), { recursive: true });
    writeFileSync(join(into, file), bytes);
  }
}

/**
 * Releases, in the store `env` names (an environment's), a copy of `app`'s release `version` in which the one script
 * `change` alters (it answers the script's new text, or null to leave it) behaves as the test chose: another version
 * of the app, hashed, compressed and recorded by `release` itself. `script` says which script that is, for the failure
 * when none or several are. Answers the new version, and the changed script's path in it.
 */
export async function releaseChangedCopy(
  app: string,
  version: string,
  env: Record<string, string>,
  { script, change }: { script: string; change: (text: string) => string | null },
): Promise<{ version: string; file: string }> {
  const folder = mkdtempSync(join(tmpdir(), `murmur-changed-${app}-`));
  try {
    await copyRelease(app, version, folder, (file) => !/\.(br|gz)$/.test(file) && file !== '.release.json');
    const changed = readdirSync(join(folder, 'assets')).filter((file) => {
      if (!file.endsWith('.js')) return false;
      const text = change(readFileSync(join(folder, 'assets', file), 'utf8'));
      if (text === null) return false;
      writeFileSync(join(folder, 'assets', file), text);
      return true;
    });
    expect(changed, script).toHaveLength(1);
    const released = storeCommand(['release', app, '--from', folder], env);
    expect(released.status, released.stderr).toBe(0);
    const changedVersion = released.stdout.split('\n').at(-1) ?? '';
    expect(changedVersion).not.toBe(version);
    return { version: changedVersion, file: `assets/${changed[0]}` };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs one of the store's commands (release, promote, rollback, releases) as a person would from the root. */
export function storeCommand(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, MURMUR_STORE: runStore, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout.trimEnd(), stderr: result.stderr.trimEnd() };
}

/**
 * Starts a store command that runs until stopped (`canary-health --watch`), its output on this run's; `stop` ends it.
 */
export function startStoreCommand(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [cli, ...args], {
    env: { ...process.env, MURMUR_STORE: runStore, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else {
          child.once('exit', () => resolve());
          child.kill();
        }
      }),
  };
}

/** The live version of an app, as `releases` marks it. */
export function liveVersion(app: string) {
  const line = storeCommand(['releases', app])
    .stdout.split('\n')
    .find((entry) => entry.startsWith('*'));
  if (!line) throw new Error(`${app} has no live version in ${runStore}`);
  return line.slice(2);
}

/** Every error the page logs or throws from now on, for a test to expect none. */
export function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
