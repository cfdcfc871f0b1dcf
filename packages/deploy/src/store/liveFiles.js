// @ts-check
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';

// The files promote rewrites beside the version folders, as the server reads them. A file that is there but
// damaged (half-written by hand, not JSON, the wrong shape) throws, and the request that needed it is answered 500
// with the cause logged, rather than served as if the file were absent: absent would mean 404s for files that exist
// and pages whose policy leaves out the remotes, failures that hide their cause.

/**
 * The content of a file outside the version folders that is served on purpose (remotes.json, an app's live page),
 * or null when there is none to serve: absent (deleted, even as it is opened), a link, or not a regular file. The
 * file is opened once, not following a link (nor waiting on a FIFO), and read through that descriptor, so nothing can
 * change what is read between a check and the read.
 * @param {string} file
 */
export function readLiveFile(file) {
  let descriptor;
  try {
    descriptor = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR') return null;
    throw error;
  }
  try {
    return fstatSync(descriptor).isFile() ? readFileSync(descriptor, 'utf8') : null;
  } finally {
    closeSync(descriptor);
  }
}
