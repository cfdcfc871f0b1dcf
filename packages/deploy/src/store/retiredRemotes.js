// @ts-check
import { z } from 'zod';
import { parseJsonFile } from './jsonFile.js';
import { appNamePattern, storeKeys } from './storePaths.js';

/**
 * `retired.json` at the store's root: the remotes `retire` let go (switches/retire.js), `{ "remotes": [...] }`,
 * sorted. A retired remote has no live pointer, its releases stay, and a promote of it takes it off the list. The list
 * is what keeps it retired once its name has left packages/config/apps.js or is still there: a switch writes no route
 * page for it (page/routePages.js), and verify takes its folder for an app's. No file: none retired.
 */
const retiredRemotesSchema = z.strictObject({ remotes: z.array(z.string().regex(appNamePattern, 'not an app name')) });

/**
 * @param {string} text
 * @param {string} file where it was read, for the message
 * @returns {string[]}
 * @throws {Error} naming the file when it is not JSON or not such a list
 */
export function parseRetiredRemotes(text, file) {
  return parseJsonFile(text, file, retiredRemotesSchema).remotes;
}

/**
 * The retired remotes a backend's own check of its files (backend.js, `ownProblems`) takes for apps' folders: none
 * where the file is missing or damaged, which verify names apart.
 * @param {string | null | undefined} text
 */
export function retiredInCheck(text) {
  try {
    return text ? parseRetiredRemotes(text, storeKeys.retiredRemotes) : [];
  } catch {
    return [];
  }
}

/**
 * The file's content for `remotes`, or null (the file removed) for none.
 * @param {string[]} remotes
 */
export function serializeRetiredRemotes(remotes) {
  if (remotes.length === 0) return null;
  return `${JSON.stringify({ remotes: [...new Set(remotes)].sort() }, null, 2)}\n`;
}

/**
 * @param {import('./backends/backend.js').StoreBackend} backend
 * @returns {Promise<string[]>}
 * @throws {Error} naming the file when it is damaged
 */
export async function retiredRemotesOf(backend) {
  const text = await backend.read(storeKeys.retiredRemotes);
  return text === null ? [] : parseRetiredRemotes(text, storeKeys.retiredRemotes);
}
