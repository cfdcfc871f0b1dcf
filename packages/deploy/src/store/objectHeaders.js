// @ts-check
import { lookup } from 'mrmime';

/** The folder of a version where Vite names every file by its content, so a URL there always means the same bytes. */
export const hashedAssetsFolder = '/assets/';
/** What a hashed asset is cached with. */
export const immutable = 'public, max-age=31536000, immutable';
/** Entries, manifests, pages and pointers keep their names across builds: the browser asks again each time. */
export const revalidate = 'no-cache';

/**
 * What a file of the store is cached with, whichever server sends it (the embedded one, nginx, an object store that
 * keeps it with the object): hashed assets for a year, the rest revalidated.
 * @param {string} pathInVersion a file's path inside its version folder, such as "/assets/index-3f2a.js"
 */
export function cacheControlFor(pathInVersion) {
  return pathInVersion.startsWith(hashedAssetsFolder) ? immutable : revalidate;
}

/** The content codings of the variants release writes beside a text file (compress.js), by suffix. */
const codingOf = /** @type {const} */ ({ '.br': 'br', '.gz': 'gzip' });

/**
 * The headers an object store keeps with one file of the store (a release's, or a pointer) and sends with it, as the
 * embedded server would send them: its Content-Type (mrmime's, as sirv's), its Cache-Control (hashed assets for a
 * year, the rest revalidated), and for a precompressed variant the coding and the type of the file it encodes.
 * @param {string} pathInVersion a path inside its version folder, such as "assets/index-3f2a.js.br", or a pointer's
 *   key, such as "shell/remotes.json" (never under assets/, so revalidated)
 * @param {string[]} precompressed the variants the release record names
 * @returns {{ ContentType: string; CacheControl: string; ContentEncoding?: string }}
 */
export function objectHeaders(pathInVersion, precompressed) {
  const suffix = /** @type {keyof typeof codingOf | undefined} */ (
    Object.keys(codingOf).find((end) => pathInVersion.endsWith(end))
  );
  const variant = suffix !== undefined && precompressed.includes(pathInVersion);
  const file = variant ? pathInVersion.slice(0, -suffix.length) : pathInVersion;
  return {
    ContentType: contentTypeOf(file),
    CacheControl: cacheControlFor(`/${file}`),
    ...(variant ? { ContentEncoding: codingOf[suffix] } : {}),
  };
}

/**
 * A file's Content-Type: mrmime's, with the charset of an HTML page.
 * @param {string} file
 */
function contentTypeOf(file) {
  const type = lookup(file) ?? 'application/octet-stream';
  return type === 'text/html' ? 'text/html; charset=utf-8' : type;
}
