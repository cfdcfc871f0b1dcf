import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { openStore } from '@murmur/deploy';

const cli = join(import.meta.dirname, '..', '..', 'deploy', 'src', 'cli.js');

/** This run's release store, made by playwright.config.ts and served by its webServer. */
const store = process.env.MURMUR_E2E_STORE ?? '';
if (!store) throw new Error('MURMUR_E2E_STORE is not set: run the browser tests through playwright.config.ts');

/** The store as its commands see it, in a folder or on the run's S3 server. */
const backend = openStore(store);

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

/** Runs one of the store's commands (release, promote, rollback, releases) as a person would from the root. */
export function storeCommand(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, MURMUR_STORE: store, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout.trimEnd(), stderr: result.stderr.trimEnd() };
}

/** The live version of an app, as `releases` marks it. */
export function liveVersion(app: string) {
  const line = storeCommand(['releases', app])
    .stdout.split('\n')
    .find((entry) => entry.startsWith('*'));
  if (!line) throw new Error(`${app} has no live version in ${store}`);
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
