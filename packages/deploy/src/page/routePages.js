// @ts-check
import { routeOwners } from '@murmur/config/routes';
import { pageHtml } from './pageHtml.js';
import { parseRemotesPointer } from '../store/remotesPointer.js';
import { manifestKeyOf, resolvedPage } from './resolvedPage.js';
import { storeKeys } from '../store/storePaths.js';

/** @typedef {import('../store/backends/backend.js').StoreBackend} StoreBackend */
/** @typedef {import('@murmur/config/page-data').PageData} PageData */

/**
 * The shell's live page resolved for the addresses of each remote that owns some (resolvedPage.js): what every edge
 * sends for those addresses, with each response's nonce (docs/architecture.md, "The served page"). Each pointer
 * switch writes them again, with the pointers they are made of, so they never name other versions than the live ones.
 * None while no remote is live, nor for a retired remote (store/retiredRemotes.js): its addresses get the live page,
 * as an address no remote owns does.
 * @param {{ page: PageData | null; remotes: string | null;
 *   readManifest: (remote: string, key: string) => string | null; retired: string[] }} live the shell's live page
 *   and remotes.json, as the switch is about to leave them; `readManifest`: the text of the manifest a remote's
 *   release holds at that key of the store (`manifestKeyOf`), or null; `retired`: the retired remotes, as the switch
 *   leaves them
 * @returns {{ file: string; content: string }[]}
 */
export function routePages({ page, remotes, readManifest, retired }) {
  if (page === null || remotes === null) return [];
  const pointer = parseRemotesPointer(remotes, storeKeys.remotesPointer);
  if (Object.keys(pointer.locations).length === 0) return [];
  const manifestAt = (/** @type {string} */ owner, /** @type {string} */ url) => {
    const key = manifestKeyOf(owner, url);
    return key === null ? null : readManifest(owner, key);
  };
  return routeOwners
    .filter((owner) => !retired.includes(owner))
    .map((owner) => ({
      file: storeKeys.routePage(owner),
      content: pageHtml(resolvedPage(page, { remotes: pointer, owner, readManifest: manifestAt })),
    }));
}

/**
 * The route pages of the live page and remotes.json (`routePages`), the manifests they name read from a store: what
 * verify-store expects the store to hold.
 * @param {StoreBackend} backend
 * @param {{ page: PageData | null; remotes: string | null; retired: string[] }} live the shell's live page,
 *   remotes.json's text and the retired remotes
 * @returns {Promise<{ file: string; content: string }[]>}
 */
export async function routePagesInStore(backend, { page, remotes, retired }) {
  if (page === null || remotes === null) return [];
  const pointer = parseRemotesPointer(remotes, storeKeys.remotesPointer);
  /** @type {Map<string, string | null>} */
  const manifests = new Map();
  for (const owner of routeOwners) {
    for (const location of [pointer.locations[owner], pointer.canaries[owner]?.manifest]) {
      const key = location ? manifestKeyOf(owner, location) : null;
      if (key !== null && !manifests.has(key)) manifests.set(key, await backend.read(key));
    }
  }
  return routePages({ page, remotes, retired, readManifest: (_, key) => manifests.get(key) ?? null });
}
