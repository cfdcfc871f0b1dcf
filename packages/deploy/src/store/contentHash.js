// @ts-check
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Every file under `dir`, as sorted paths relative to it with "/" separators. Links are not files: see linksUnder.
 * @param {string} dir
 * @returns {string[]}
 */
export function filesUnder(dir) {
  return entriesUnder(dir)
    .filter(({ entry }) => entry.isFile())
    .map(({ path }) => path);
}

/**
 * Every symbolic link under `dir`, as paths relative to it: a release holds none (a link could make the store serve
 * a file it never released).
 * @param {string} dir
 * @returns {string[]}
 */
export function linksUnder(dir) {
  return entriesUnder(dir)
    .filter(({ entry }) => entry.isSymbolicLink())
    .map(({ path }) => path);
}

/** @param {string} dir */
function entriesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => ({ entry, path: relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/') }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * A SHA-256 over every file's path and bytes: the same build gives the same hash wherever it was built.
 * @param {string} dir
 * @param {string[]} [files] the files that count, relative to `dir` and sorted (by default every file under it)
 */
export function contentHash(dir, files = filesUnder(dir)) {
  return hashOfFiles(files.map((file) => [file, readFileSync(join(dir, file))]));
}

/**
 * The same hash of files held anywhere, from their paths and bytes.
 * @param {[string, Uint8Array][]} files sorted by path
 */
export function hashOfFiles(files) {
  const hash = createHash('sha256');
  for (const [file, bytes] of files) hash.update(file).update('\0').update(bytes).update('\0');
  return hash.digest('hex');
}
