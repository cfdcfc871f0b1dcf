// @ts-check
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { temporarySuffix } from './writeAtomically.js';

/** A release's folder while it is copied and hashed, before it is renamed to its version. */
export const stagingPrefix = '.staging-';

/**
 * What a command killed midway leaves behind: temporary pointer files (`<file>.<pid>.<time>.tmp`) and staging
 * folders (`.staging-<pid>-…`), whose owner is no longer running on this machine. A live owner's are left alone.
 * @param {string} store
 * @returns {string[]} paths relative to the store
 */
export function straysOf(store) {
  /** @type {string[]} */
  const strays = [];
  for (const dir of ['', ...subfolders(store)]) {
    for (const name of names(join(store, dir))) {
      const owner = ownerOf(name);
      if (owner !== undefined && !isRunning(owner)) strays.push(dir ? `${dir}/${name}` : name);
    }
  }
  return strays;
}

/**
 * Removes what straysOf finds. Call it holding the store's lock.
 * @param {string} store
 */
export function removeStrays(store) {
  const strays = straysOf(store);
  for (const stray of strays) rmSync(join(store, stray), { recursive: true, force: true });
  return strays;
}

/**
 * Whether a name is a temporary file's or a staging folder's, in use or left behind.
 * @param {string} name
 */
export function isTemporary(name) {
  return ownerOf(name) !== undefined;
}

/** @param {string} name */
function ownerOf(name) {
  if (name.startsWith(stagingPrefix)) return Number(name.slice(stagingPrefix.length).split('-')[0]);
  if (name.endsWith(temporarySuffix)) return Number(name.split('.').at(-3));
  return undefined;
}

/** @param {number} pid */
function isRunning(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/** @param {string} dir */
function subfolders(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
}

/** @param {string} dir */
function names(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
