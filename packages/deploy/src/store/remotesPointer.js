// @ts-check
import { readRemotesJson, remotesJsonProblem } from '@murmur/config/remotes-json';
import { readLiveFile } from './liveFiles.js';
import { storeKeys, storeLayout } from './storePaths.js';

export { writeRemotesJson as serializeRemotesPointer } from '@murmur/config/remotes-json';

/**
 * `shell/remotes.json`, the remotes' pointer (packages/config/remotesJson.js, its rules and its one codec, which the
 * shell reads it with too). The same file for everyone: any edge serves it as it is, and an open tab asks for it
 * again, conditionally (docs/open-tabs.md). Every read and write of the file goes through this module, so that a
 * damaged one is refused the same way, naming the file, wherever it is read.
 */

/**
 * remotes.json parsed: the text as it is to be sent (`json`) and its content as checked (`content`), each remote's
 * stable manifest URL (`locations`), its canaries, the recorded integrity by URL, and the origins of the remotes it
 * names (the only origins besides a page's own its policy lets load code).
 * @typedef {{ json: string; content: Record<string, unknown>; locations: Record<string, string>; canaries: Canaries;
 *   integrity: Record<string, string>; origins: string[] }} RemotesPointer
 */

/** @typedef {import('@murmur/config/remotes-json').Canaries} Canaries */

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
  const { locations, canaries, integrity, problems } = readRemotesJson(content);
  const [problem] = problems;
  if (problem) throw new Error(remotesJsonProblem(file, problem));
  const loaded = [...Object.values(locations), ...Object.values(canaries).map(({ manifest }) => manifest)];
  const origins = [...new Set(loaded.map((url) => new URL(url).origin))];
  return { json, content: /** @type {Record<string, unknown>} */ (content), locations, canaries, integrity, origins };
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
