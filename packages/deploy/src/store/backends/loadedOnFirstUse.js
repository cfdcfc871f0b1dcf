// @ts-check

/** @typedef {import('./backend.js').StoreBackend} StoreBackend */

/**
 * A backend that loads its implementation on first use: a store command on a folder never loads what a bucket needs
 * (the AWS SDK takes most of a second to load, on every command).
 * @param {string} location
 * @param {() => Promise<StoreBackend>} load
 * @returns {StoreBackend}
 */
export function loadedOnFirstUse(location, load) {
  /** @type {Promise<StoreBackend> | undefined} */
  let loaded;
  const backend = () => (loaded ??= load());
  return {
    location,
    read: async (key) => (await backend()).read(key),
    readBytes: async (key) => (await backend()).readBytes(key),
    has: async (key) => (await backend()).has(key),
    versionOf: async (key) => (await backend()).versionOf(key),
    write: async (key, content, version) => (await backend()).write(key, content, version),
    remove: async (key, version) => (await backend()).remove(key, version),
    releasesOf: async (app) => (await backend()).releasesOf(app),
    holdsRelease: async (app, version) => (await backend()).holdsRelease(app, version),
    filesOf: async (app, version) => (await backend()).filesOf(app, version),
    stagingFolder: async (app) => (await backend()).stagingFolder(app),
    addRelease: async (app, version, staged) => (await backend()).addRelease(app, version, staged),
    withLock: async (work) => (await backend()).withLock(work),
    removeLeftovers: async () => (await backend()).removeLeftovers(),
    ownProblems: async () => (await backend()).ownProblems(),
  };
}
