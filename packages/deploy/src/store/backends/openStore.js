// @ts-check
import { folderBackend } from './folderBackend.js';
import { loadedOnFirstUse } from './loadedOnFirstUse.js';
import { isS3Location, parseS3Location } from './s3Location.js';

/** @typedef {import('./backend.js').StoreBackend} StoreBackend */

/**
 * The backend of the store at `location`: `s3://bucket/prefix` on S3-compatible object storage, anything else a
 * folder. A backend passed in is returned as it is.
 * @param {string | StoreBackend} location
 * @param {Record<string, string | undefined>} [env] where S3's endpoint, region and credentials are read, and the
 *   lock's timings
 * @returns {StoreBackend}
 */
export function openStore(location, env = process.env) {
  if (typeof location !== 'string') return location;
  if (!isS3Location(location)) return folderBackend(location, env);
  parseS3Location(location); // refused at once, not at first use
  return loadedOnFirstUse(location, async () => (await import('./s3Backend.js')).s3Backend(location, env));
}
