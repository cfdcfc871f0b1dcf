// @ts-check
import { existsSync, lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { appNames, remoteNames } from '@murmur/config/apps';
import { contentHash, filesUnder, linksUnder } from './contentHash.js';
import { livePage } from './livePage.js';
import { readRemotesPointer } from './liveFiles.js';
import { readLiveState } from './liveState.js';
import { interruptedSwitch } from './pointerSwitch.js';
import { integrityOf, readReleaseRecord, recordName } from './releaseRecord.js';
import { isTemporary, straysOf } from './strays.js';
import { storeLayout, versionPattern } from './storePaths.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */

/** What a store's root and app folders may hold besides release folders. */
const rootEntries = new Set([...appNames, '.lock', '.switch.json']);
const appEntries = new Set(['live.json', 'index.html', 'remotes.json']);

/**
 * Checks a whole store: every release's files against its record and its name, the pointers against each other,
 * no switch left half done, no stray temporary file, no link. Reads only.
 * @param {string} store
 * @returns {{ problems: string[]; releases: number; files: number }}
 */
export function verifyStore(store) {
  /** @type {string[]} */
  const problems = [];
  let releases = 0;
  let files = 0;
  if (!existsSync(store)) return { problems: [`${store} does not exist`], releases, files };

  const pending = interruptedSwitch(store);
  if (pending) {
    problems.push(
      'problem' in pending
        ? pending.problem
        : `a switch of ${pending.app} to ${pending.version} was interrupted; the next promote or rollback completes it, or verify-store --repair`,
    );
  }
  for (const stray of straysOf(store)) problems.push(`${stray}: left by a command that stopped midway`);
  for (const name of readdirSync(store)) {
    if (!rootEntries.has(name) && !isTemporary(name)) problems.push(`${name}: not part of a store`);
  }

  for (const app of appNames) {
    const dir = storeLayout(store).appDir(app);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = `${app}/${entry.name}`;
      if (entry.isSymbolicLink()) problems.push(`${path}: a link`);
      else if (entry.isDirectory() && versionPattern.test(entry.name)) {
        releases += 1;
        const checked = verifyRelease(join(dir, entry.name), entry.name);
        files += checked.files;
        problems.push(...checked.problems.map((problem) => `${path}: ${problem}`));
      } else if (!appEntries.has(entry.name) && !isTemporary(entry.name)) {
        problems.push(`${path}: not a release, a pointer or a live state`);
      }
    }
    problems.push(...verifyPointers(store, app));
  }
  return { problems, releases, files };
}

/**
 * A release folder against its record: the same files, each with its recorded hash, the build's own hashing to the
 * version's name, and no links.
 * @param {string} dir
 * @param {string} version
 */
function verifyRelease(dir, version) {
  /** @type {string[]} */
  const problems = linksUnder(dir).map((link) => `${link} is a link`);
  const read = readReleaseRecord(dir);
  if ('problem' in read) return { problems: [...problems, read.problem], files: 0 };
  const { record } = read;
  const onDisk = filesUnder(dir).filter((file) => file !== recordName);
  for (const file of onDisk) {
    const recorded = record.files[file];
    if (!recorded) problems.push(`${file} is not in its record`);
    else if (integrityOf(readFileSync(join(dir, file))) !== recorded) problems.push(`${file} was changed`);
  }
  for (const file of Object.keys(record.files)) {
    if (!onDisk.includes(file)) problems.push(`${file} is missing`);
  }
  const built = onDisk.filter((file) => !record.precompressed.includes(file));
  if (problems.length === 0 && contentHash(dir, built).slice(0, 12) !== version.slice(0, 12)) {
    problems.push('its files do not hash to its name');
  }
  return { problems, files: onDisk.length };
}

/**
 * An app's pointers against its live state: live.json valid and naming releases the store holds, the live page
 * that version's page, and remotes.json naming exactly the live remotes' versions.
 * @param {string} store
 * @param {AppName} app
 */
function verifyPointers(store, app) {
  const layout = storeLayout(store);
  /** @type {import('./liveState.js').LiveState | null} */
  let live;
  try {
    live = readLiveState(store, app);
  } catch (error) {
    return [/** @type {Error} */ (error).message];
  }
  /** @type {string[]} */
  const problems = [];
  if (app === 'shell') problems.push(...verifyRemotesPointer(store));
  if (!live) {
    if (existsSync(layout.livePage(app))) problems.push(`${app}/index.html: a live page, but no live version`);
    return problems;
  }
  for (const version of [live.version, ...live.previous]) {
    if (!lstatSync(layout.versionDir(app, version), { throwIfNoEntry: false })?.isDirectory()) {
      problems.push(`${app}/live.json names ${version}, which the store does not hold`);
    }
  }
  const page = join(layout.versionDir(app, live.version), 'index.html');
  if (existsSync(page)) {
    const served = existsSync(layout.livePage(app)) ? readFileSync(layout.livePage(app), 'utf8') : '';
    const base = /<base href="([^"]*)" \/>/.exec(served)?.[1] ?? '';
    if (!base.endsWith(`/${live.version}/`) || served !== livePage(readFileSync(page, 'utf8'), base)) {
      problems.push(`${app}/index.html is not the page of ${live.version}, the live version`);
    }
  }
  return problems;
}

/** @param {string} store */
function verifyRemotesPointer(store) {
  /** @type {Record<string, string>} */
  let locations;
  try {
    locations = readRemotesPointer(store)?.locations ?? {};
  } catch (error) {
    return [/** @type {Error} */ (error).message];
  }
  /** @type {string[]} */
  const problems = [];
  for (const name of Object.keys(locations)) {
    if (!remoteNames.includes(/** @type {never} */ (name)))
      problems.push(`shell/remotes.json names ${name}, not a remote`);
  }
  for (const app of remoteNames) {
    /** @type {string | undefined} */
    let version;
    try {
      version = readLiveState(store, app)?.version;
    } catch {
      continue; // said by verifyPointers for that app
    }
    const location = locations[app];
    if (!version) {
      if (location !== undefined) problems.push(`shell/remotes.json names ${app}, but it has no live version`);
    } else if (typeof location !== 'string' || !location.endsWith(`/${version}/mf-manifest.json`)) {
      problems.push(`shell/remotes.json does not point ${app} at ${version}, the live version`);
    }
  }
  return problems;
}
