// @ts-check
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

/** The codings a page is sent in, smallest first. */
const codings = /** @type {const} */ (['br', 'gzip', 'identity']);

/**
 * A page promote wrote, with this response's nonce (pageNonce.js), encoded as the request accepts: the nonce is new on
 * each request, so the page cannot be compressed ahead of time as a version's files are (store/compress.js). Brotli
 * at a quality that takes about a millisecond for the shell's page, about a fifth of its size.
 * @param {import('node:http').IncomingMessage} request
 * @param {string} page
 * @returns {{ body: Buffer | string; coding: 'br' | 'gzip' | undefined }}
 */
export function encodedPage(request, page) {
  // negotiator 1.x breaks ties by the server's order with `preferred`; its published types (0.6) predate that option.
  const encodings = /** @type {(available: string[], options: { preferred: string[] }) => string[]} */ (
    Negotiator.prototype.encodings
  );
  const [coding] = encodings.call(new Negotiator(request), [...codings], { preferred: [...codings] });
  if (coding === 'br')
    return { body: brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), coding };
  if (coding === 'gzip') return { body: gzipSync(page), coding };
  return { body: page, coding: undefined };
}
