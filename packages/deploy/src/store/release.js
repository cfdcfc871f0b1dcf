// @ts-check
import { cpSync, existsSync, lstatSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { precompress } from './compress.js';
import { contentHash, filesUnder, linksUnder } from './contentHash.js';
import { safeFilePath, safeFilePathRule } from './fileNames.js';
import { openStore } from './backends/openStore.js';
import { Refusal } from './refusal.js';
import { recordName, writeReleaseRecord } from './releaseRecord.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {import('./backends/backend.js').StoreBackend} StoreBackend */

/**
 * Files a build may hold that describe one environment or one release rather than the build: the store's pointers
 * replace the first, and a release writes its own record.
 */
const notOfTheBuild = new Set(['remotes.json', recordName]);

/**
 * Whether `path` is a precompressed variant the build brought, `<file>.br` or `<file>.gz` beside `<file>`: the store
 * writes its own (compress.js).
 * @param {string} path
 */
function isGivenVariant(path) {
  const isFile = (/** @type {string} */ file) => lstatSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  return /\.(?:br|gz)$/.test(path) && isFile(path) && isFile(path.slice(0, -3));
}

/**
 * Copies a build into the store as an immutable version named by its content (and commit), with .gz and .br beside
 * each text file and the record of every file's hash. Releasing the same build twice, one after the other or at the
 * same moment, gives the same version and writes it once. A file's name must be of the safe set (fileNames.js). A
 * `<file>.br` or `<file>.gz` the build holds beside `<file>` (a pipeline that precompresses, a copy of a version
 * folder) is left out: the store's own variants replace it, so the version is named by the build's own files alone,
 * as verify hashes them.
 * @param {{ store: string | StoreBackend; app: AppName; from: string; commit?: string | undefined;
 *   env?: Record<string, string | undefined> }} options
 *   `store`: its location (a folder or s3://bucket/prefix) or its backend
 * @returns {Promise<{ version: string; created: boolean }>}
 */
export async function release({ store, app, from, commit, env = process.env }) {
  refuseNonBuild(from, app);
  refuseUnsafeNames(from);
  const backend = openStore(store, env);
  const staging = await backend.stagingFolder(app);
  try {
    cpSync(from, staging, {
      recursive: true,
      filter: (source) => !notOfTheBuild.has(basename(source)) && !isGivenVariant(source),
    });
    refuseLinks(staging, from);
    const version = `${contentHash(staging).slice(0, 12)}${commit ? `-${commit}` : ''}`;
    if (await backend.holdsRelease(app, version)) return { version, created: false };
    writeReleaseRecord(staging, await precompress(staging));
    return { version, created: await backend.addRelease(app, version, staging) };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * @param {string} from
 * @param {AppName} app
 */
function refuseNonBuild(from, app) {
  if (!lstatSync(from, { throwIfNoEntry: false })?.isDirectory()) throw new Refusal(`${from} is not a folder`);
  if (!existsSync(join(from, 'index.html')) && !existsSync(join(from, 'mf-manifest.json'))) {
    throw new Refusal(`${from} holds no build of ${app} (no index.html, no mf-manifest.json)`);
  }
}

/**
 * A file whose name is outside the safe set, refused in one line naming it, before anything is copied.
 * @param {string} from
 */
function refuseUnsafeNames(from) {
  const unsafe = filesUnder(from).find((file) => !safeFilePath.test(file));
  if (unsafe !== undefined) {
    throw new Refusal(`${from} holds ${JSON.stringify(unsafe)}: a released file's path holds only ${safeFilePathRule}`);
  }
}

/**
 * A link in a build would be copied as a link and followed when served; a release holds plain files only.
 * @param {string} staging
 * @param {string} from
 */
function refuseLinks(staging, from) {
  const links = linksUnder(staging);
  if (links.length > 0) {
    throw new Refusal(`${from} holds links (${links.slice(0, 3).join(', ')}); a release holds plain files only`);
  }
}
