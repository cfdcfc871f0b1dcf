// @ts-check
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import Negotiator from 'negotiator';

/** The content codings of the variants release writes beside a text file (store/compress.js), smallest first. */
const codings = /** @type {const} */ (['br', 'gzip', 'identity']);
/** @typedef {(typeof codings)[number]} Coding */
/** The suffix sirv looks for with each coding. */
const suffixOf = { br: '.br', gzip: '.gz', identity: '' };

/**
 * Whether `path` is a real folder (not a link to one), something else (a file, a link), or absent.
 * @param {string} path
 * @returns {'folder' | 'other' | null}
 */
export function entryKind(path) {
  const stats = lstatOrNull(path);
  if (!stats) return null;
  return stats.isDirectory() ? 'folder' : 'other';
}

/**
 * The file at `segments` inside a version folder, with its size, or null when there is none to serve: every folder
 * on the way, the version folder included, must be a real folder and the file a regular file, none of them a link
 * (a link could lead anywhere on the machine, and version folders hold none); no segment may be empty or hidden (a
 * dotfile is a record such as .release.json, not part of the build). A segment may not hold ? or #, which the URL
 * handed to sirv could not carry. Version folders never change once written, so what this finds is what sirv reads.
 * @param {string} versionDir
 * @param {string[]} segments decoded
 * @returns {{ path: string; size: number } | null}
 */
export function versionFile(versionDir, segments) {
  if (segments.length === 0 || segments.some((segment) => /^$|^\.|[?#]/.test(segment))) return null;
  let folder = versionDir;
  if (entryKind(folder) !== 'folder') return null;
  for (const segment of segments.slice(0, -1)) {
    folder = join(folder, segment);
    if (entryKind(folder) !== 'folder') return null;
  }
  const path = join(folder, /** @type {string} */ (segments.at(-1)));
  const stats = lstatOrNull(path);
  return stats?.isFile() ? { path, size: stats.size } : null;
}

/**
 * The content coding to send `file` in: of the precompressed variants beside it that are regular files, the one the
 * request accepts with the highest weight (at equal weight brotli, then gzip: the smaller), else the file itself.
 * @param {import('node:http').IncomingMessage} request
 * @param {string} file
 * @returns {Coding}
 */
export function contentCodingOf(request, file) {
  // negotiator 1.x breaks ties by the server's order with `preferred`; its published types (0.6) predate that option.
  const encodings = /** @type {(available: Coding[], options: { preferred: Coding[] }) => Coding[]} */ (
    Negotiator.prototype.encodings
  );
  const accepted = encodings.call(new Negotiator(request), [...codings], { preferred: [...codings] });
  return (
    accepted.find((coding) => coding === 'identity' || lstatOrNull(file + suffixOf[coding])?.isFile()) ?? 'identity'
  );
}

/**
 * The request header sirv picks the variant by, set so that it picks `coding` and nothing else: sirv takes brotli
 * when the header mentions "br" anywhere and gzip when it mentions "gzip", whatever their weights.
 * @param {Coding} coding
 */
export function acceptEncodingFor(coding) {
  return coding === 'identity' ? '' : coding;
}

/** @param {string} path */
function lstatOrNull(path) {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) ?? null;
  } catch (error) {
    // A file where a folder was expected, or a name longer than the file system allows: there is no such file.
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOTDIR' || code === 'ENAMETOOLONG') return null;
    throw error;
  }
}
