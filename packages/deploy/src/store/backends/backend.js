// @ts-check

/**
 * Where a release store is kept: a folder (folderBackend.js, the default) or S3-compatible object storage
 * (s3Backend.js). The store's commands (release, promote, rollback, releases, status, verify) are written once
 * against this; each backend keeps the store's promises its own way (docs/release-store.md, "Where the store is kept").
 * Keys are paths inside the store with "/" separators, as storeLayout('') writes them: `feed-mfe/live.json`.
 * @typedef {object} StoreBackend
 * @property {string} location where the store is, for messages: a folder, or s3://bucket/prefix
 * @property {(key: string) => Promise<string | null>} read a file's text, or null when there is none
 * @property {(key: string) => Promise<Buffer | null>} readBytes a file's bytes, or null when there is none
 * @property {(key: string) => Promise<boolean>} has whether there is such a file
 * @property {(key: string) => Promise<string | null>} versionOf a file's version (null: there is none) as the work
 *   under the lock first saw it: read then, or else now. Two versions are equal when the file is unchanged; what
 *   they are is the backend's (an S3 ETag, a folder file's content hash). Under the lock (store/lockedWork.js).
 * @property {(key: string, content: string, version?: string | null) => Promise<void>} write replaces a pointer, a
 *   live state or the switch journal whole, in one step: a reader sees the old content or the new. Never a
 *   release's file. With `version` (null: the file must not exist), only if the file is still that version, else
 *   it throws a LostLock (store/lockedWork.js) naming the file and writes nothing: another command took the lock
 *   over and changed it.
 * @property {(key: string, version?: string | null) => Promise<void>} remove removes such a file; absent is fine,
 *   unless a `version` is given, which it must still be (as for write)
 * @property {(app: string) => Promise<{ version: string; released: number }[]>} releasesOf the complete releases of
 *   an app, with when each was added (milliseconds), in no order
 * @property {(app: string, version: string) => Promise<boolean>} holdsRelease whether the store holds that release,
 *   whole (`version` is a version id)
 * @property {(app: string, version: string) => Promise<string[]>} filesOf the files of a release, its record among
 *   them, as sorted paths inside its folder
 * @property {(app: string) => Promise<string>} stagingFolder a fresh local folder to prepare a release of `app` in
 * @property {(app: string, version: string, staged: string) => Promise<boolean>} addRelease makes the folder
 *   `staged` (the build, its precompressed variants and its record) the release `version`, once: false when the
 *   store held it already. The release is visible to the other methods only once whole.
 * @property {<T>(work: () => Promise<T>) => Promise<T>} withLock runs `work` while no other command of any machine
 *   writes pointers to this store
 * @property {() => Promise<string[]>} removeLeftovers removes what commands killed midway left behind (temporary
 *   files, staging folders) whose owners are gone; under the lock. One line per thing removed.
 * @property {() => Promise<string[]>} ownProblems what verify finds that only this backend can see (links,
 *   leftovers, foreign files), one line each
 */

export {};
