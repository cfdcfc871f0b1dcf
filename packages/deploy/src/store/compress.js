// @ts-check
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import pLimit from 'p-limit';
import { filesUnder } from './contentHash.js';

export const compressible = /\.(?:js|mjs|css|html|json|svg|txt|map)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files compressed at once: enough to keep libuv's four threads busy, few enough to hold a handful in memory. */
const atOnce = 8;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file worth compressing, once at release time, so the server
 * sends the smallest encoding the browser accepts without compressing on each request. Brotli's quality 11 is most of
 * a release's time: the files are compressed side by side on libuv's threads, which keeps every core busy.
 * @param {string} dir
 * @returns {Promise<string[]>} the files it wrote, in the order of `filesUnder`
 */
export async function precompress(dir) {
  const limit = pLimit(atOnce);
  const files = filesUnder(dir).filter((file) => compressible.test(file));
  const written = await Promise.all(files.map((file) => limit(() => compress(dir, file))));
  return written.flat();
}

/**
 * Writes the two variants of one file, unless it is too small to gain from them.
 * @param {string} dir
 * @param {string} file
 */
async function compress(dir, file) {
  const bytes = await readFile(join(dir, file));
  if (bytes.length < 512) return [];
  const [gz, br] = await Promise.all([
    gzipped(bytes, { level: 9 }),
    brotli(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  ]);
  await Promise.all([writeFile(join(dir, `${file}.gz`), gz), writeFile(join(dir, `${file}.br`), br)]);
  return [`${file}.gz`, `${file}.br`];
}
