// @ts-check
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { overridesOff, parseOverrideSetting } from '@murmur/release-checks/overrides';
import { readLiveState } from './liveState.js';
import { integrityPattern } from './releaseRecord.js';
import { storeLayout } from './storePaths.js';

// The files promote rewrites beside the version folders, as the server reads them. A file that is there but
// damaged (half-written by hand, not JSON, the wrong shape) throws, and the request that needed it is answered 500
// with the cause logged, rather than served as if the file were absent: absent would mean 404s for files that exist
// and pages whose policy leaves out the remotes, failures that hide their cause.

/**
 * remotes.json: each remote's name, and where its manifest is; under `integrity`, the recorded hash of each file of
 * theirs a page loads, by URL (promote.js).
 */
const remotesPointerSchema = z
  .object({ integrity: z.record(z.url(), z.string().regex(integrityPattern)).optional() })
  .catchall(z.url({ protocol: /^https?$/ }));

/**
 * The content of a file outside the version folders that is served on purpose (remotes.json, an app's live page),
 * or null when there is none to serve: absent (deleted, even as it is opened), a link, or not a regular file. The
 * file is opened once, not following a link (nor waiting on a FIFO), and read through that descriptor, so nothing can
 * change what is read between a check and the read.
 * @param {string} file
 */
export function readLiveFile(file) {
  let descriptor;
  try {
    descriptor = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR') return null;
    throw error;
  }
  try {
    return fstatSync(descriptor).isFile() ? readFileSync(descriptor, 'utf8') : null;
  } finally {
    closeSync(descriptor);
  }
}

/**
 * The shell's remotes.json as it is to be sent, and the origins of the remotes it names (the only origins besides
 * a page's own its policy lets load code), or null when there is none. Throws when it is not a map of names to
 * http(s) URLs.
 * @param {string} store
 * @returns {{ json: string; locations: Record<string, string>; integrity: Record<string, string>; origins: string[] } | null}
 */
export function readRemotesPointer(store) {
  const file = storeLayout(store).remotesPointer;
  const json = readLiveFile(file);
  return json === null ? null : parseRemotesPointer(json, file);
}

/**
 * remotes.json's content, checked.
 * @param {string} json
 * @param {string} file where it was read, for the message
 * @returns {{ json: string; locations: Record<string, string>; integrity: Record<string, string>; origins: string[] }}
 */
export function parseRemotesPointer(json, file) {
  /** @type {unknown} */
  let content;
  try {
    content = JSON.parse(json);
  } catch (error) {
    throw new Error(`${file} is not JSON (${/** @type {Error} */ (error).message})`);
  }
  const parsed = remotesPointerSchema.safeParse(content);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${file} is not a map of remote names to http(s) URLs: ${issue?.path.join('.') || 'the top'}: ${issue?.message}`,
    );
  }
  /** @type {Record<string, string>} */
  const locations = {};
  for (const [name, location] of Object.entries(parsed.data))
    if (typeof location === 'string') locations[name] = location;
  const integrity = parsed.data.integrity ?? {};
  return { json, locations, integrity, origins: Object.values(locations).map((location) => new URL(location).origin) };
}

/**
 * The live version of `app`, or null when none is. Throws, naming the file, when live.json is not a live state
 * (readLiveState checks that its versions are version ids, not paths such as "../..").
 * @param {string} store
 * @param {import('@murmur/config/apps').AppName} app
 */
export function liveVersionOf(store, app) {
  return readLiveState(store, app)?.version ?? null;
}

/**
 * The environment's override setting (`overrides`, packages/release-checks/src/overrides.js): off where the store has none. Throws,
 * naming the file, when it is damaged: a page must not be served with a policy that guesses.
 * @param {string} store
 * @returns {import('@murmur/release-checks/overrides').OverrideSetting}
 */
export function readOverrideSetting(store) {
  const file = storeLayout(store).overrideSetting;
  const json = readLiveFile(file);
  if (json === null) return overridesOff;
  try {
    return parseOverrideSetting(JSON.parse(json));
  } catch (error) {
    throw new Error(`${file}: ${/** @type {Error} */ (error).message}`);
  }
}
