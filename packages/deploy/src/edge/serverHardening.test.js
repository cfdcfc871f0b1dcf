// @ts-check
import { appNames } from '@murmur/config/apps';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange, portOf, request } from '../../test-support/rawHttp.js';
import { startStoreServer, storeServerTimeouts } from './server.js';
import { storeLayout } from '../store/storePaths.js';
import { plantHostileFiles, promotedStore } from '../../test-support/testStore.js';

// Requests a browser never sends, and store content no release writes: the server answers each by the rules, over
// raw connections so that no client library tidies the request first.
const { store, versions } = await promotedStore();
const layout = storeLayout(store);
const feed = versions['feed-mfe'];
const feedDir = layout.versionDir('feed-mfe', feed);
const script = `/${feed}/assets/index-Ab12Cd34.js`;
const scriptBytes = readFileSync(join(feedDir, 'assets', 'index-Ab12Cd34.js'));

plantHostileFiles(store, feed);
writeFileSync(join(feedDir, '.release.json'), '{"secret": "release record"}\n');

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

  it('answers methods other than GET and HEAD with 405, CONNECT too, which Node would close unanswered', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'CONNECT']) {
      const { response } = await request(feedPort(), method === 'CONNECT' ? '127.0.0.1:80' : '/', { method });
      expect(response?.status, method).toBe(405);
      expect(response?.headers.get('allow'), method).toEqual(['GET, HEAD']);
    }
    expect(await status(`/${feed}/mf-manifest.json`)).toBe(200);
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

  it('answers a malformed request line or header field with 400 (431 if too long), closing the socket', async () => {
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

describe('what is never served', () => {
  it('a dotfile or a file under a dot folder of a version, however the target spells it', async () => {
    for (const target of [
      `/${feed}/.release.json`,
      `/${feed}/%2erelease.json`,
      `/${feed}/.hidden/x.js`,
      `/_attempt/2/${feed}/.release.json`,
      '/.release.json',
      '/.hidden/x.js',
    ]) {
      expect(await status(target), target).toBe(404);
    }
  });

  it('a version folder, folder or file that is a link, nor a file reached through one', async () => {
    for (const target of [
      '/0123456789ab/mf-manifest.json',
      '/0123456789ab/',
      `/${feed}/assets/outside.js`,
      `/${feed}/linked/outside.js`,
      '/assets/outside.js',
      '/linked/outside.js',
    ]) {
      expect(await status(target, [['Accept-Encoding', 'gzip, br']]), target).toBe(404);
    }
  });

  it('a precompressed variant that is a link: the file itself is sent instead', async () => {
    const { response } = await request(feedPort(), `/${feed}/assets/variant.js`, {
      headers: [['Accept-Encoding', 'br, gzip']],
    });
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-encoding')).toBeUndefined();
    expect(response?.body).toEqual(scriptBytes);
  });
});

describe('Range', () => {
  const size = scriptBytes.length;

  it('sends one satisfiable range as 206, from the file itself even when a precompressed one is accepted', async () => {
    for (const [range, start, end] of [
      ['bytes=10-19', 10, 19],
      ['bytes=-10', size - 10, size - 1],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      ['bytes=5-99999999999999999999', 5, size - 1],
    ]) {
      const { response } = await request(feedPort(), script, {
        headers: [
          ['Range', String(range)],
          ['Accept-Encoding', 'gzip, br'],
        ],
      });
      expect(response?.status, String(range)).toBe(206);
      expect(response?.headers.get('content-range'), String(range)).toEqual([`bytes ${start}-${end}/${size}`]);
      expect(response?.headers.get('content-encoding'), String(range)).toBeUndefined();
      expect(response?.body, String(range)).toEqual(scriptBytes.subarray(Number(start), Number(end) + 1));
    }
  });

  it('sends the whole file for several ranges, bad Range, If-Range, HEAD, or the one byte sirv cannot', async () => {
    for (const [range, extra] of /** @type {[string, [string, string][]][]} */ ([
      ['bytes=0-1,5-6', []],
      ['bytes=0-1, 999999-', []],
      ['bytes=a-b', []],
      ['bytes=1-2-3', []],
      ['bytes=-', []],
      ['pages=1-2', []],
      ['bytes 1-2', []],
      ['bytes=0-0', []],
      ['bytes=1-2', [['If-Range', 'W/"whatever"']]],
    ])) {
      const { response } = await request(feedPort(), script, { headers: [['Range', range], ...extra] });
      expect(response?.status, range).toBe(200);
      expect(response?.headers.get('content-range'), range).toBeUndefined();
      expect(response?.body, range).toEqual(scriptBytes);
    }
    const head = await request(feedPort(), script, { method: 'HEAD', headers: [['Range', 'bytes=1-2']] });
    expect(head.response?.status).toBe(200);
  });

  it('answers a satisfiable-looking range past the end with 416 and the size of the file', async () => {
    for (const range of [`bytes=${size}-`, 'bytes=99999999999999999999-', 'bytes=-0']) {
      const { response } = await request(feedPort(), script, {
        headers: [
          ['Range', range],
          ['Accept-Encoding', 'br'],
        ],
      });
      expect(response?.status, range).toBe(416);
      expect(response?.headers.get('content-range'), range).toEqual([`bytes */${size}`]);
    }
  });
});

describe('Accept-Encoding', () => {
  it('sends the encoding the browser accepts with the highest weight, brotli before gzip at equal weight', async () => {
    for (const [accepted, expected] of [
      ['gzip, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['gzip;q=0', undefined],
      ['*', 'br'],
      ['identity', undefined],
      ['xbrx, gzipped', undefined],
    ]) {
      const { response } = await request(feedPort(), script, { headers: [['Accept-Encoding', String(accepted)]] });
      expect(response?.status, accepted).toBe(200);
      expect(response?.headers.get('content-encoding')?.[0], accepted).toBe(expected);
    }
  });
});

describe('connections', () => {
  it('gives every server it starts the timeouts that bound slow and half-sent requests', async () => {
    const all = await startStoreServer({ store, portOf: () => 0, host: '127.0.0.1' });
    try {
      expect(all.servers).toHaveLength(appNames.length);
      for (const one of all.servers) {
        expect(one.headersTimeout).toBe(storeServerTimeouts?.headersTimeout);
        expect(one.requestTimeout).toBe(storeServerTimeouts?.requestTimeout);
        expect(one.keepAliveTimeout).toBe(storeServerTimeouts?.keepAliveTimeout);
        expect(one.timeout).toBe(storeServerTimeouts?.idleTimeout);
      }
    } finally {
      await all.close();
    }
  });

  it('closes the servers already listening when one app cannot listen, so no port is left half-served', async () => {
    const taken = createServer();
    await new Promise((resolve) => taken.listen(0, '127.0.0.1', () => resolve(undefined)));
    const free = createServer();
    await new Promise((resolve) => free.listen(0, '127.0.0.1', () => resolve(undefined)));
    const freePort = portOf(free);
    await new Promise((resolve) => free.close(() => resolve(undefined)));
    try {
      const starting = startStoreServer({
        store,
        apps: ['feed-mfe', 'shell'],
        portOf: (app) => (app === 'shell' ? portOf(taken) : freePort),
        host: '127.0.0.1',
      });
      await expect(starting).rejects.toThrow(/EADDRINUSE/);
      const { response, closedByServer } = await request(freePort, `/${feed}/mf-manifest.json`, { waitMs: 1_000 });
      expect(response).toBeNull();
      expect(closedByServer).toBe(true);
    } finally {
      await new Promise((resolve) => taken.close(() => resolve(undefined)));
    }
  });

  it('closes a connection whose header never ends, whose promised body never comes, or that stays idle', async () => {
    const quick = await startStoreServer({
      store,
      apps: ['feed-mfe'],
      portOf: () => 0,
      host: '127.0.0.1',
      timeouts: { headersTimeout: 300, requestTimeout: 600, keepAliveTimeout: 300, connectionsCheckingInterval: 50 },
    });
    try {
      const quickPort = portOf(quick.servers[0]);
      const path = `/${feed}/mf-manifest.json`;
      for (const [bytes, expected] of /** @type {[string, number | undefined][]} */ ([
        [`GET ${path} HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n`, 408],
        [`GET ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n`, 200],
        [`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`, 200],
      ])) {
        const started = Date.now();
        const { response, closedByServer } = await exchange(quickPort, bytes, { untilClose: true, waitMs: 4_000 });
        expect(closedByServer, bytes).toBe(true);
        expect(Date.now() - started, bytes).toBeLessThan(3_000);
        expect(response?.status, bytes).toBe(expected);
      }
    } finally {
      await quick.close();
    }
  });
});
