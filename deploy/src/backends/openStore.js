// @ts-check
import { folderBackend } from './folderBackend.js';
import { s3Backend } from './s3Backend.js';
import { isS3Location } from './s3Location.js';

/** @typedef {import('./backend.js').StoreBackend} StoreBackend */

/**
 * The backend of the store at `location`: `s3://bucket/prefix` on S3-compatible object storage, anything else a
 * folder. A backend passed in is returned as it is.
 * @param {string | StoreBackend} location
 * @param {Record<string, string | undefined>} [env] where S3's endpoint, region and credentials are read, and the lock's timings
 * @returns {StoreBackend}
 */
export function openStore(location, env = process.env) {
  if (typeof location !== 'string') return location;
  return isS3Location(location) ? s3Backend(location, env) : folderBackend(location, env);
}
