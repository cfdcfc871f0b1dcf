// @ts-check
import { pageDataOf } from '@murmur/config/page-data';
import { routeOwners } from '@murmur/config/routes';
import { pageHtml } from './pageHtml.js';
import { parseRemotesPointer } from '../store/remotesPointer.js';
import { manifestKeyOf, resolvedPage } from './resolvedPage.js';
import { storeKeys } from '../store/storePaths.js';

/** @typedef {import('../store/backends/backend.js').StoreBackend} StoreBackend */

/**
 * The shell's live page resolved for the addresses of each remote that owns some (resolvedPage.js): what an edge that
 * serves files (nginx, a CDN) sends for those addresses, as the store server resolves the page (docs/architecture.md,
 * "The served page"). Each pointer switch writes them again, with the pointers they are made of, so they never name
 * other versions than the live ones. None while no remote is live. The live page is read back as data by an HTML
 * parser: it is the page promote wrote from its release's data.
 * @param {StoreBackend} backend
 * @param {{ page: string | null; remotes: string | null }} live the shell's live page and remotes.json, as the
 *   switch is about to leave them
 * @returns {Promise<{ file: string; content: string }[]>}
 */
export async function routePages(backend, { page, remotes }) {
  if (page === null || remotes === null) return [];
  const pointer = parseRemotesPointer(remotes, storeKeys.remotesPointer);
  if (Object.keys(pointer.locations).length === 0) return [];
  /** @type {Map<string, string | null>} */
  const manifests = new Map();
  for (const owner of routeOwners) {
    for (const location of [pointer.locations[owner], pointer.canaries[owner]?.manifest]) {
      const key = location ? manifestKeyOf(owner, location) : null;
      if (location && key !== null) manifests.set(location, await backend.read(key));
    }
  }
  const live = pageDataOf(page);
  const readManifest = (/** @type {string} */ _, /** @type {string} */ url) => manifests.get(url) ?? null;
  return routeOwners.map((owner) => ({
    file: storeKeys.routePage(owner),
    content: pageHtml(resolvedPage(live, { remotes: pointer, owner, readManifest })),
  }));
}
