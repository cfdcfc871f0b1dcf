// @ts-check
import { z } from 'zod';
import { readLiveFile } from './liveFiles.js';
import { integrityPattern } from './releaseRecord.js';
import { storeKeys, storeLayout, versionPattern } from './storePaths.js';

const manifestUrl = z.url({ protocol: /^https?$/ });

/**
 * `shell/remotes.json`, the remotes' pointer: each remote's name, and where its stable version's manifest is; under
 * `canaries`, each remote in a canary with where the canary's manifest is and the share of people who load it
 * (packages/config/cohort.js: the page picks its side); under `integrity`, the recorded hash of each file of theirs a
 * page loads, both sides', by URL (switches/promote.js); under `shell`, the shell's live version; under
 * `withdrawn`, the manifests of each remote's versions a rollback took off the air (an open tab running one says
 * so). The same file for everyone: any edge serves it as it is, and an open tab asks for it again, conditionally
 * (docs/open-tabs.md). Every
 * read and write of the file goes through this module, so that a damaged one is refused the same way, naming the file,
 * wherever it is read.
 */
const remotesPointerSchema = z
  .object({
    shell: z.string().regex(versionPattern, 'not a version').optional(),
    withdrawn: z.record(z.string(), z.array(manifestUrl)).optional(),
    integrity: z.record(z.url(), z.string().regex(integrityPattern)).optional(),
    canaries: z
      .record(z.string(), z.strictObject({ manifest: manifestUrl, percent: z.number().gt(0).lt(100) }))
      .optional(),
  })
  .catchall(manifestUrl);

/** remotes.json's keys that name no remote. */
const notRemotes = new Set(['shell', 'withdrawn', 'integrity', 'canaries']);

/**
 * remotes.json parsed: the text as it is to be sent (`json`) and its content as checked (`content`), each remote's
 * stable manifest URL (`locations`), its canaries, the recorded integrity by URL, and the origins of the remotes it
 * names (the only origins besides a page's own its policy lets load code).
 * @typedef {{ json: string; content: Record<string, unknown>; locations: Record<string, string>; canaries: Canaries;
 *   integrity: Record<string, string>; origins: string[] }} RemotesPointer
 */

/** @typedef {Record<string, { manifest: string; percent: number }>} Canaries */

/**
 * remotes.json's content, checked.
 * @param {string} json
 * @param {string} file where it was read, for the message
 * @returns {RemotesPointer}
 * @throws {Error} naming the file when it is not JSON, or not a map of remote names to http(s) URLs
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
    if (!notRemotes.has(name) && typeof location === 'string') locations[name] = location;
  const integrity = parsed.data.integrity ?? {};
  const canaries = parsed.data.canaries ?? {};
  const loaded = [...Object.values(locations), ...Object.values(canaries).map(({ manifest }) => manifest)];
  const origins = [...new Set(loaded.map((url) => new URL(url).origin))];
  return { json, content: parsed.data, locations, canaries, integrity, origins };
}

/**
 * remotes.json's content for `locations`, the canaries where any runs, the shell's live version and the withdrawn
 * versions where there are any, and, where given, `integrity` (left out where not: only a measure of what the
 * integrity adds writes it so, switches/integrityData.js).
 * @param {{ locations: Record<string, string>; canaries?: Canaries; integrity?: Record<string, string>;
 *   shell?: string; withdrawn?: Record<string, string[]> }} pointer
 */
export function serializeRemotesPointer({ locations, canaries = {}, integrity, shell, withdrawn = {} }) {
  const content = {
    ...locations,
    ...(Object.keys(canaries).length > 0 ? { canaries } : {}),
    ...(shell ? { shell } : {}),
    ...(Object.keys(withdrawn).length > 0 ? { withdrawn } : {}),
    ...(integrity ? { integrity } : {}),
  };
  return `${JSON.stringify(content, null, 2)}\n`;
}

/**
 * The remotes' pointer of a store in a folder, as the server reads it (liveFiles.js#readLiveFile: never through a
 * link), or null where there is none.
 * @param {string} store
 * @returns {RemotesPointer | null}
 * @throws {Error} naming the file when it is damaged
 */
export function readRemotesPointer(store) {
  const file = storeLayout(store).remotesPointer;
  const json = readLiveFile(file);
  return json === null ? null : parseRemotesPointer(json, file);
}

/**
 * The remotes' pointer of a store on any backend, or null where there is none.
 * @param {import('./backends/backend.js').StoreBackend} backend
 * @returns {Promise<RemotesPointer | null>}
 * @throws {Error} naming the file when it is damaged
 */
export async function remotesPointerOf(backend) {
  const json = await backend.read(storeKeys.remotesPointer);
  return json === null ? null : parseRemotesPointer(json, storeKeys.remotesPointer);
}
