// @ts-check
/**
 * Serves the benchmark's single-bundle baseline (packages/monolith/) as the store serves a release, so that the two
 * compare like with like: a copy of its build, precompressed as a release is (brotli and gzip beside each text file:
 * the store's own `precompress`), each file sent in the smallest encoding the browser accepts, hashed assets cached for
 * a year, and every other path answered with the page (a single-page app). Measured, never deployed.
 * Run as `node baselineServer.mjs <dist folder> <port>`.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sirv from 'sirv';
import { precompress } from '@murmur/deploy';

const [dist = '', port = ''] = process.argv.slice(2);
if (!dist || !/^\d+$/.test(port)) throw new Error('usage: node baselineServer.mjs <dist folder> <port>');
const folder = mkdtempSync(join(tmpdir(), 'murmur-baseline-'));
cpSync(dist, folder, { recursive: true });
precompress(folder);

const serve = sirv(folder, {
  brotli: true,
  gzip: true,
  etag: true,
  single: true,
  setHeaders: (response, pathname) =>
    response.setHeader(
      'Cache-Control',
      pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    ),
});
createServer((request, response) => serve(request, response)).listen(Number(port), 'localhost');
