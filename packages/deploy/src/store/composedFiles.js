// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/** A relative path in quotes: how a built chunk names another file of its folder (an import, a preload list). */
const relativeReference = /["'`](\.{1,2}\/[^"'`\s]+)["'`]/g;

/**
 * @typedef {{ js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } }} Assets
 * @typedef {{ metaData?: { remoteEntry?: { name?: string } }; exposes?: { assets?: Assets }[];
 *   shared?: { assets?: Assets }[] }} Manifest
 */

/** @param {Assets | undefined} assets */
const filesOf = (assets) => [
  ...(assets?.js?.sync ?? []),
  ...(assets?.js?.async ?? []),
  ...(assets?.css?.sync ?? []),
  ...(assets?.css?.async ?? []),
];

/**
 * The files of a remote's build a composed page may load, by path in the folder: its manifest, its entry, what the
 * manifest lists for its exposes and shared packages, and every file of the folder that one of those scripts names,
 * and so on. Not what only the remote's own page loads (its standalone entry). A script can name a file only as a
 * string, so following every relative path in quotes finds all it can load, and perhaps more, never less. Undefined
 * for a build without a federation manifest.
 * @param {string} dir the build's folder
 * @returns {string[] | undefined}
 */
export function composedFiles(dir) {
  const manifestPath = join(dir, 'mf-manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const pending = [
    manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js',
    ...(manifest.exposes ?? []).flatMap((expose) => filesOf(expose.assets)),
    ...(manifest.shared ?? []).flatMap((shared) => filesOf(shared.assets)),
  ];
  const found = new Set(['mf-manifest.json']);
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (found.has(file) || !existsSync(join(dir, file))) continue;
    found.add(file);
    if (!file.endsWith('.js')) continue;
    for (const [, reference = ''] of readFileSync(join(dir, file), 'utf8').matchAll(relativeReference))
      pending.push(posix.normalize(posix.join(posix.dirname(file), reference)));
  }
  return [...found].sort();
}
