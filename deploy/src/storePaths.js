// @ts-check
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root, where every app folder is. */
export const workspaceRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The release store: MURMUR_STORE, or `.murmur-store/` at the workspace root (gitignored).
 * @param {Record<string, string | undefined>} [env]
 */
export function storeRoot(env = process.env) {
  return resolve(env.MURMUR_STORE ?? join(workspaceRoot, '.murmur-store'));
}

/** A version id: a content hash, then the short commit it was built from where there is one. */
export const versionPattern = /^[0-9a-f]{12}(?:-[0-9a-f]{7,40})?$/;

/**
 * The files of one store. `<app>/<version>/` folders never change once written; the rest are the environment's
 * pointers, each replaced whole by a rename.
 * @param {string} store
 */
export function storeLayout(store) {
  return {
    /** @param {string} app */
    appDir: (app) => join(store, app),
    /** @param {string} app @param {string} version */
    versionDir: (app, version) => join(store, app, version),
    /** Which version of the app is live, and the ones before it, for rollback. Not served. @param {string} app */
    liveState: (app) => join(store, app, 'live.json'),
    /** The live version's page, served for the app's routes. @param {string} app */
    livePage: (app) => join(store, app, 'index.html'),
    /** The shell's pointer to every live remote's manifest. */
    remotesPointer: join(store, 'shell', 'remotes.json'),
  };
}
