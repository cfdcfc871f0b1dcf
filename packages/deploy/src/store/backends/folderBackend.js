// @ts-check
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { appNames } from '@murmur/config/apps';
import { overrideSettingFile } from '@murmur/release-checks/overrides';
import { filesUnder, linksUnder } from '../contentHash.js';
import { wroteStep } from '../writeSteps.js';
import { withStoreLock } from '../lock.js';
import { checkStillHeld, lostLock, noteSeen, noteWritten, seenVersion } from '../lockedWork.js';
import { isTemporary, removeStrays, stagingPrefix, straysOf } from '../strays.js';
import { retiredInCheck } from '../retiredRemotes.js';
import { checkedKey, pointerKeys, storeKeys, storeLayout, versionPattern, reportFolder } from '../storePaths.js';
import { writeAtomically } from '../writeAtomically.js';

/** @typedef {import('./backend.js').StoreBackend} StoreBackend */

/** What a store's root and app folders may hold besides release folders (and the pages' reports, telemetry/). */
const rootEntries = new Set([
  ...appNames,
  '.lock',
  '.switch.json',
  basename(storeKeys.healthSetting),
  basename(storeKeys.environmentSetting),
  storeKeys.retiredRemotes,
  reportFolder,
]);
const appEntries = new Set([
  overrideSettingFile,
  ...pointerKeys.filter((key) => key.includes('/')).map((key) => basename(key)),
]);

/**
 * The store in a folder of this machine: a release is renamed into place whole, a pointer replaced by a rename, and
 * commands take turns through a lock file (store/lock.js). The embedded server and nginx serve this folder as it is.
 * A version is a file's content hash; a write given one compares the file with it right before its rename, with
 * nothing of this command in between, as S3 compares an ETag (If-Match): a command that lost the lock (paused past
 * the stale time and taken over) and resumes finds the pointers the taker wrote changed, and stops. Another
 * process that renames between that comparison and the rename would have to hold the lock as well, and be within
 * the same microseconds.
 * @param {string} folder
 * @param {Record<string, string | undefined>} env
 * @returns {StoreBackend}
 */
export function folderBackend(folder, env) {
  const root = resolve(folder);
  const layout = storeLayout(root);
  // Never a path outside the root, whatever the key.
  const path = (/** @type {string} */ key) => join(root, checkedKey(key, root));

  /** A release's folder when it is a real folder right inside its app's, not a link to somewhere else. */
  const releaseDir = (/** @type {string} */ app, /** @type {string} */ version) => {
    const dir = layout.versionDir(app, version);
    return versionPattern.test(version) && lstatSync(dir, { throwIfNoEntry: false })?.isDirectory() ? dir : null;
  };

  /** A file's bytes, noting its version as the work under the lock saw it. */
  const readBytes = (/** @type {string} */ key) => {
    const bytes = readOrNull(path(key));
    noteSeen(key, bytes && versionOfBytes(bytes));
    return bytes;
  };
  /** Throws where the lock is known lost, or unless the file is `version` now (nothing when none is given). */
  const check = (/** @type {string} */ key, /** @type {string | null | undefined} */ version) => () => {
    checkStillHeld(root);
    if (version === undefined) return;
    const now = readOrNull(path(key));
    if ((now && versionOfBytes(now)) !== version) {
      throw lostLock(root, `${key} changed since this command read it, so another command took the lock over`);
    }
  };

  return {
    location: root,
    read: async (key) => readBytes(key)?.toString('utf8') ?? null,
    readBytes: async (key) => readBytes(key),
    has: async (key) => existsSync(path(key)),
    versionOf: async (key) => {
      const seen = seenVersion(key);
      if (seen !== undefined) return seen;
      const bytes = readOrNull(path(key));
      const version = bytes && versionOfBytes(bytes);
      noteSeen(key, version);
      return version;
    },
    write: async (key, content, version) => {
      writeAtomically(path(key), content, check(key, version));
      noteWritten(key, versionOfBytes(Buffer.from(content)));
    },
    remove: async (key, version) => {
      check(key, version)();
      rmSync(path(key), { force: true });
      noteWritten(key, null);
    },
    releasesOf: async (app) => {
      const dir = layout.appDir(app);
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .filter((name) => releaseDir(app, name))
        .map((version) => ({ version, released: lstatSync(join(dir, version)).mtimeMs }));
    },
    holdsRelease: async (app, version) => releaseDir(app, version) !== null,
    filesOf: async (app, version) => {
      const dir = releaseDir(app, version);
      return dir ? filesUnder(dir) : [];
    },
    stagingFolder: async (app) => {
      mkdirSync(layout.appDir(app), { recursive: true });
      // Inside the app's folder, so that the rename that adds the release stays on one file system: atomic.
      const staged = mkdtempSync(join(layout.appDir(app), `${stagingPrefix}${process.pid}-`));
      // Readable by the edge, as every folder of the store: nginx's workers run as a user of their own (www-data).
      chmodSync(staged, 0o755);
      return staged;
    },
    addRelease: (app, version, staged) =>
      // The check and the rename under the lock: of two identical releases at once, one renames its folder.
      withStoreLock(
        root,
        () => {
          const target = layout.versionDir(app, version);
          if (existsSync(target)) return false;
          renameSync(staged, target);
          wroteStep(target);
          return true;
        },
        { env },
      ),
    withLock: (work) => withStoreLock(root, work, { env }),
    removeLeftovers: async () =>
      removeStrays(root).map((stray) => `removed ${stray}, left by a command that stopped midway`),
    ownProblems: async () => {
      if (!existsSync(root)) return [`${root} does not exist`];
      const problems = straysOf(root).map((stray) => `${stray}: left by a command that stopped midway`);
      // A retired remote's folder keeps its releases, whether or not the app table still lists it.
      const retired = retiredInCheck(readOrNull(path(storeKeys.retiredRemotes))?.toString('utf8'));
      const apps = [...new Set([...appNames, ...retired])];
      for (const name of readdirSync(root)) {
        if (!rootEntries.has(name) && !apps.includes(name) && !isTemporary(name))
          problems.push(`${name}: not part of a store`);
      }
      for (const app of apps) {
        const dir = layout.appDir(app);
        if (!existsSync(dir)) continue;
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const where = `${app}/${entry.name}`;
          if (entry.isSymbolicLink()) problems.push(`${where}: a link`);
          else if (entry.isDirectory() && versionPattern.test(entry.name)) {
            problems.push(...linksUnder(join(dir, entry.name)).map((link) => `${where}: ${link} is a link`));
          } else if (!appEntries.has(entry.name) && !isTemporary(entry.name)) {
            problems.push(`${where}: not a release, a pointer or a live state`);
          }
        }
      }
      return problems;
    },
  };
}

/** A file's version: the hash of its bytes. @param {Buffer} bytes */
function versionOfBytes(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/** @param {string} file */
function readOrNull(file) {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw error;
  }
}
