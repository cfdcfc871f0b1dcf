// @ts-check
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { filesUnder } from './contentHash.js';

export const compressible = /\.(?:js|mjs|css|html|json|svg|txt|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file worth compressing, once at release time, so the server
 * sends the smallest encoding the browser accepts without compressing on each request.
 * @param {string} dir
 * @returns {string[]} the files it wrote
 */
export function precompress(dir) {
  /** @type {string[]} */
  const written = [];
  for (const file of filesUnder(dir)) {
    if (!compressible.test(file)) continue;
    const bytes = readFileSync(join(dir, file));
    if (bytes.length < 512) continue;
    writeFileSync(join(dir, `${file}.gz`), gzipSync(bytes, { level: 9 }));
    writeFileSync(
      join(dir, `${file}.br`),
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
    written.push(`${file}.gz`, `${file}.br`);
  }
  return written;
}
