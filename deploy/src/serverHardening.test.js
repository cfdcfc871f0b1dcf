// @ts-check
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange, portOf, request } from './rawHttp.js';
import { startStoreServer } from './server.js';
import { storeLayout } from './storePaths.js';
import { promotedStore } from './testStore.js';

// Requests a browser never sends, and store content no release writes: the server answers each by the rules, over
// raw connections so that no client library tidies the request first.
const { store, versions } = promotedStore();
const layout = storeLayout(store);
const feed = versions['feed-mfe'];
const feedDir = layout.versionDir('feed-mfe', feed);

/** @type {Awaited<ReturnType<typeof startStoreServer>>} */
let server;
let feedPortNumber = 0;
beforeAll(async () => {
  server = await startStoreServer({ store, apps: ['feed-mfe'], portOf: () => 0, host: '127.0.0.1' });
  feedPortNumber = portOf(server.servers[0]);
});
afterAll(() => server.close());

const feedPort = () => feedPortNumber;
/** @param {string} target @param {[string, string][]} [headers] */
const status = async (target, headers = []) => (await request(feedPort(), target, { headers })).response?.status;

describe('request targets and header fields', () => {
  it('answers 400 for a target that names no path of the store unambiguously', async () => {
    for (const target of [
      '*',
      'x',
      '%',
      '%zz',
      '/%',
      '/%zz',
      '/a%2',
      '/%ff',
      '/%c0%af',
      '/a%00b',
      `/${feed}/assets%2findex-Ab12Cd34.js`,
      '/a%5cb',
      '/a\\b',
      '/a/../b',
      `/${feed}/./mf-manifest.json`,
      '/%2e%2e/live.json',
      `/${feed}/%2E%2e/live.json`,
      '/a#b',
      '/a{b}',
      'http://a:99999/',
      'http://user@127.0.0.1/',
      'ftp://127.0.0.1/',
      'http:/x',
    ]) {
      expect(await status(target), target).toBe(400);
    }
  });

  it('serves the absolute form of a target as its path, as HTTP/1.1 requires', async () => {
    const { response } = await request(feedPort(), `http://127.0.0.1/${feed}/mf-manifest.json?x=1`);
    expect(response?.status).toBe(200);
    expect(response?.body).toEqual(readFileSync(join(feedDir, 'mf-manifest.json')));
  });

  it('answers 400 for several Host fields or an invalid one, and serves an HTTP/1.0 request without Host', async () => {
    const path = `/${feed}/mf-manifest.json`;
    const twice = await exchange(feedPort(), `GET ${path} HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n`);
    expect(twice.response?.status).toBe(400);
    const invalid = await exchange(feedPort(), `GET ${path} HTTP/1.1\r\nHost: a/b\r\nConnection: close\r\n\r\n`);
    expect(invalid.response?.status).toBe(400);
    expect((await exchange(feedPort(), `GET ${path} HTTP/1.0\r\n\r\n`)).response?.status).toBe(200);
  });

  it('answers a malformed request line or header field with 400 (431 when too long), closing the connection', async () => {
    for (const [bytes, expected] of /** @type {[string, number][]} */ ([
      ['GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400],
      ['GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n', 400],
      ['GET /\0 HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      [`GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
      [`GET / HTTP/1.1\r\nHost: x\r\nX: ${'a'.repeat(100_000)}\r\n\r\n`, 431],
    ])) {
      const { response, closedByServer } = await exchange(feedPort(), bytes, { untilClose: true, waitMs: 3_000 });
      expect(response?.status, bytes.slice(0, 40)).toBe(expected);
      expect(closedByServer, bytes.slice(0, 40)).toBe(true);
    }
    expect(await status(`/${feed}/mf-manifest.json`)).toBe(200);
  });
});
