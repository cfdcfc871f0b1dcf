// @ts-check

/** @typedef {import('../store/releaseRecord.js').ReleaseRecord} ReleaseRecord */

/**
 * Of a release's files, those a page loads (docs/serving.md, "What the browser checks"): its scripts, its
 * stylesheets and its federation manifest, the shell's development build's (`dev/`) among them, which a tab that holds
 * an override runs (docs/overriding-a-remote.md, "Fast Refresh through an override"). Not the precompressed variants
 * (the browser checks the bytes it decodes, the file's own), not source maps, pages or pictures.
 */
const loadedByPages = /(?:\.js|\.css|^mf-manifest\.json)$/;

/**
 * The integrity, as recorded at release, of each file of a release that a page loads, by its path in the version
 * folder.
 * @param {ReleaseRecord} record
 * @returns {Record<string, string>}
 */
export function loadedFilesIntegrity(record) {
  const precompressed = new Set(record.precompressed);
  return Object.fromEntries(
    Object.entries(record.files).filter(([file]) => loadedByPages.test(file) && !precompressed.has(file)),
  );
}

/**
 * Of a remote's release, the integrity of the files a composed page may load (remotes.json's share): those its
 * record lists as such, or, in a record written before it listed them, every file a page loads.
 * @param {ReleaseRecord} record
 * @returns {Record<string, string>}
 */
export function composedFilesIntegrity(record) {
  const loaded = loadedFilesIntegrity(record);
  if (!record.composed) return loaded;
  const composed = new Set(record.composed);
  return Object.fromEntries(Object.entries(loaded).filter(([file]) => composed.has(file)));
}
