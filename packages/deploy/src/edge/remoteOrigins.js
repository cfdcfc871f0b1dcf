// @ts-check
import { lstatSync } from 'node:fs';
import { readRemotesPointer } from '../store/remotesPointer.js';
import { storeLayout } from '../store/storePaths.js';

/**
 * The live remotes' origins for the policy of a store's pages, as remotes.json names them (store/remotesPointer.js),
 * read again only when the file changed: a switch renames a new one into place, which is another file (another inode),
 * and an edit in place changes its size or its change time. Between switches a page load looks at the file's metadata
 * alone, as nginx reads the origins from its configuration. A damaged remotes.json is never kept: each request that
 * needs it throws, and is answered 500 with the cause logged (liveFiles.js).
 * @param {string} store a store in a folder
 * @returns {() => string[]}
 */
export function remoteOriginsOf(store) {
  const file = storeLayout(store).remotesPointer;
  /** @type {{ identity: string; origins: string[] } | null} */
  let known = null;
  return () => {
    const stats = lstatSync(file, { throwIfNoEntry: false });
    const identity = stats ? `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}` : 'none';
    if (known?.identity !== identity) known = { identity, origins: readRemotesPointer(store)?.origins ?? [] };
    return known.origins;
  };
}
