// @ts-check
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appNames } from '@murmur/config/apps';
import { routeOwners } from '@murmur/config/routes';
import { exchange, portOf, request } from '../../test-support/rawHttp.js';
import { startStoreServer } from './server.js';
import { storeLayout } from '../store/storePaths.js';
import { promotedStore } from '../../test-support/testStore.js';

// Hostile requests, generated from a fixed seed, against the real server on all four ports: whatever arrives, every
// port goes on answering, nothing is a 5xx the test did not ask for, and no answer holds a byte of a store file
// outside the version folders, of a dotfile, or of what a link leads to.

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {import('../../test-support/rawHttp.js').Exchange} Exchange */

const seed = 20_261_125;
const requestCount = 10_000;
const halfSentCount = 100;
const batchCount = 10;
const inFlight = 32;

const { store, versions } = await promotedStore();
const layout = storeLayout(store);

// Canaries: distinctive content in every kind of file the server must never send.
/** @type {string[]} */
const canaries = [];
/** @param {string} file @param {string} name */
const plant = (file, name) => {
  const canary = `CANARY-${name}-${canaries.length}-a7c3`;
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${canary}\n`);
  canaries.push(canary);
};
const outside = mkdtempSync(join(tmpdir(), 'murmur-outside-'));
plant(join(outside, 'secret.js'), 'outside');
plant(join(outside, 'mf-manifest.json'), 'outside-manifest');
const compressedCanary = 'CANARY-outside-compressed-a7c3';
writeFileSync(join(outside, 'secret.js.br'), brotliCompressSync(`${compressedCanary}\n`));
canaries.push(compressedCanary);
plant(join(store, 'canary.txt'), 'store-root');
plant(join(store, 'mf-manifest.json'), 'store-root-manifest');
for (const app of appNames) {
  const appDir = layout.appDir(app);
  const versionDir = layout.versionDir(app, versions[app]);
  canaries.push(readFileSync(layout.liveState(app), 'utf8'));
  plant(join(appDir, 'canary.json'), `${app}-folder`);
  // A remote's is its live manifest, which is served; the shell has none.
  if (app === 'shell') plant(join(appDir, 'mf-manifest.json'), `${app}-folder-manifest`);
  for (const file of ['mf-manifest.json', 'index.html', 'remoteEntry.js', 'assets/index-Ab12Cd34.js']) {
    plant(join(appDir, '.staging-canary', file), `${app}-staging`);
  }
  plant(join(versionDir, '.release.json'), `${app}-release-record`);
  plant(join(versionDir, 'assets', '.hidden.js'), `${app}-hidden`);
  plant(join(versionDir, '.git', 'config'), `${app}-dot-folder`);
  symlinkSync(join(outside, 'secret.js'), join(versionDir, 'assets', 'linked.js'));
  symlinkSync(outside, join(versionDir, 'linked-dir'));
  symlinkSync(join('..', '..', 'live.json'), join(versionDir, 'assets', 'live-link.json'));
  // A precompressed variant that is a link: a browser accepting brotli must get the file itself.
  symlinkSync(join(outside, 'secret.js.br'), join(versionDir, 'assets', 'index-Ab12Cd34.css.br'));
  symlinkSync(outside, layout.versionDir(app, '0123456789ab'));
}

// What may be sent whole: the regular files of the version folders that are no dotfiles, the pointer, the remotes'
// live manifests, and the live pages (their script elements get a nonce per response).
/** @type {Buffer[]} */
const servable = [];
/** @param {string} dir */
const addServable = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) addServable(join(dir, entry.name));
    else if (entry.isFile()) servable.push(readFileSync(join(dir, entry.name)));
  }
};
for (const app of appNames) {
  addServable(layout.versionDir(app, versions[app]));
  servable.push(readFileSync(layout.livePage(app)));
  if (app !== 'shell') servable.push(readFileSync(layout.liveManifest(app)));
}
servable.push(readFileSync(layout.remotesPointer));
// The shell's page as promote resolved it for each owner of an address (page/routePages.js): no canary runs, so
// every browser is sent the same.
for (const owner of routeOwners) servable.push(readFileSync(layout.routePage(owner)));
const servableWhole = new Set(servable.map((bytes) => bytes.toString('latin1')));

/** @type {Awaited<ReturnType<typeof startStoreServer>>} */
let server;
/** @type {Record<AppName, number>} */
const ports = /** @type {Record<AppName, number>} */ ({});
beforeAll(async () => {
  server = await startStoreServer({ store, portOf: () => 0, host: '127.0.0.1' });
  for (const app of appNames) ports[app] = portOf(server.byApp.get(app));
});
afterAll(() => server.close());

// --- Generation -------------------------------------------------------------------------------------------------

const servableKnown = appNames.flatMap((app) =>
  ['mf-manifest.json', 'remoteEntry.js', 'assets/index-Ab12Cd34.js', 'assets/index-Ab12Cd34.css', 'index.html'].map(
    (file) => `/${versions[app]}/${file}`,
  ),
);
const known = appNames.flatMap((app) => {
  const v = versions[app];
  return [
    `/${v}/mf-manifest.json`,
    `/${v}/remoteEntry.js`,
    `/${v}/assets/index-Ab12Cd34.js`,
    `/${v}/assets/index-Ab12Cd34.css`,
    `/${v}/index.html`,
    `/${v}/.release.json`,
    `/${v}/assets/.hidden.js`,
    `/${v}/.git/config`,
    `/${v}/assets/linked.js`,
    `/${v}/linked-dir/secret.js`,
    `/${v}/linked-dir/mf-manifest.json`,
    `/${v}/assets/live-link.json`,
    `/${v}/../live.json`,
    `/${v}/../../canary.txt`,
    `/_attempt/3/${v}/mf-manifest.json`,
    `/_attempt/3/${v}/.release.json`,
  ];
});
known.push(
  ...[
    '/',
    '/remotes.json',
    '/live.json',
    '/canary.json',
    '/canary.txt',
    '/mf-manifest.json',
    '/index.html',
    '/profile/mira',
    '/.release.json',
    '/assets/linked.js',
    '/assets/live-link.json',
    '/linked-dir/secret.js',
    '/.staging-canary/mf-manifest.json',
    '/.staging-canary/index.html',
    '/0123456789ab/secret.js',
    '/0123456789ab/mf-manifest.json',
    '/_attempt/1/mf-manifest.json',
    '/_attempt/1/.staging-canary/index.html',
  ],
);

const tricks = [
  ...['..', '.', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%2e', '..%2f', '..%2F..%2f', '%2f', '%5c', '\\', '..\\', ''],
  ...['%00', '\0', '%', '%zz', '%c0%ae%c0%ae', '%252e%252e', 'é', '😀', '\u2028', '%e2%80%a8', ';', '?', '#', '..;'],
  ...['.release.json', '.git', 'live.json', 'index.html', 'remotes.json', 'mf-manifest.json', 'canary.json'],
  ...['.staging-canary', '0123456789ab', 'assets', 'linked.js', 'linked-dir', 'secret.js', 'live-link.json'],
  ...['_attempt', '3', 'x'.repeat(300), ...Object.values(versions)],
];

/** Percent-encodes the character at `at` (a slash, a dot...), in upper or lower case hex. */
const encodeOne = fc.tuple(fc.constantFrom(...known), fc.nat(), fc.boolean()).map(([path, at, upper]) => {
  const i = at % path.length;
  const hex = `%${(path.codePointAt(i) ?? 0).toString(16).padStart(2, '0')}`;
  return `${path.slice(0, i)}${upper ? hex.toUpperCase() : hex}${path.slice(i + 1)}`;
});
const built = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...tricks) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(encodeURIComponent) },
    ),
    { maxLength: 6 },
  )
  .map((segments) => `/${segments.join('/')}`);
const fixed = fc.constantFrom(
  ...['//a:99999/', '*', '%', '%zz', '/%', '/%zz', '', ' ', '/ /', 'http://a:99999/', 'https://x/..', 'ftp://x/'],
  ...['localhost:4000', 'http://127.0.0.1/', `http://127.0.0.1/${versions['feed-mfe']}/mf-manifest.json`],
  ...[`/${'a'.repeat(100_000)}`, `/?${'q'.repeat(20_000)}`, `/${'%41'.repeat(4_000)}`, '/\0', '/\r\n', '/é/😀'],
);
const target = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...known) },
      { weight: 3, arbitrary: encodeOne },
      { weight: 3, arbitrary: built },
      { weight: 1, arbitrary: fixed },
    ),
    fc.option(fc.string({ unit: 'binary-ascii', maxLength: 16 }), { freq: 4 }),
  )
  .map(([path, query]) => (query === null ? path : `${path}?${query}`));

const method = fc.oneof(
  { weight: 12, arbitrary: fc.constant('GET') },
  { weight: 3, arbitrary: fc.constant('HEAD') },
  { weight: 2, arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PATCH', 'CONNECT') },
  { weight: 1, arbitrary: fc.constantFrom('get', 'BREW', 'G\0T', '', 'PROPFIND', 'GET GET') },
);
const version = fc.oneof(
  { weight: 20, arbitrary: fc.constant('HTTP/1.1') },
  { weight: 2, arbitrary: fc.constant('HTTP/1.0') },
  { weight: 1, arbitrary: fc.constantFrom('HTTP/2.0', 'HTTP/9.9', 'HTTP/1.1 x', 'FOO', '') },
);

// Most store files are a few hundred bytes, one is a few thousand: positions of both sizes.
const position = fc.oneof(fc.nat(60), fc.nat(4_000));
const rangeValue = fc.oneof(
  fc.tuple(position, position).map(([a, b]) => `bytes=${a}-${b}`),
  position.map((a) => `bytes=${a}-`),
  position.map((a) => `bytes=-${a}`),
  fc
    .array(fc.tuple(position, position), { minLength: 2, maxLength: 5 })
    .map((ranges) => `bytes=${ranges.map(([a, b]) => `${a}-${b}`).join(',')}`),
  fc.bigInt({ min: 0n, max: 10n ** 30n }).chain((n) => fc.constantFrom(`bytes=${n}-`, `bytes=0-${n}`, `bytes=-${n}`)),
  fc.constantFrom('bytes=', 'bytes=-', 'bytes=--1', 'bytes=0-0', 'bytes=-0', 'bytes=1-2-3', 'pages=1-2', 'bytes 1-2'),
  fc.constantFrom('bytes=0x10-', 'bytes=+1-2', 'bytes=1.5-2', 'BYTES=1-2', 'bytes=\t1-2', 'bytes=50-10'),
  fc.string({ unit: 'binary-ascii', maxLength: 20 }).map((s) => `bytes=${s}`),
);
const acceptEncoding = fc.oneof(
  fc.constantFrom('br', 'gzip', 'gzip, br', 'br;q=0', 'gzip;q=0, br;q=0', '*', '*;q=0', 'identity', 'identity;q=0'),
  fc.constantFrom('gzip, deflate, br, zstd', 'br;q=0.5, gzip;q=1', 'br;q=abc', ';;;,,,', ''),
  fc.string({ unit: 'binary-ascii', maxLength: 30 }),
);
/** @type {fc.Arbitrary<[string, string]>} */
const readHeader = fc.oneof(
  rangeValue.map((value) => /** @type {[string, string]} */ (['Range', value])),
  acceptEncoding.map((value) => /** @type {[string, string]} */ (['Accept-Encoding', value])),
);
/** @type {fc.Arbitrary<[string, string]>} */
const conditionHeader = fc.constantFrom(
  ...[
    ['If-None-Match', '*'],
    ['If-None-Match', 'W/"1-2"'],
    ['If-Range', 'W/"x"'],
    ['If-Range', 'Wed, 21 Oct 2015 07:28:00 GMT'],
    ['If-Modified-Since', 'Wed, 21 Oct 2015 07:28:00 GMT'],
  ].map((pair) => /** @type {[string, string]} */ (pair)),
);
/** @type {fc.Arbitrary<[string, string]>} */
const header = fc.oneof(
  { weight: 4, arbitrary: rangeValue.map((value) => /** @type {[string, string]} */ (['Range', value])) },
  { weight: 4, arbitrary: acceptEncoding.map((value) => /** @type {[string, string]} */ (['Accept-Encoding', value])) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      ...[
        ['If-None-Match', '*'],
        ['If-None-Match', 'W/"1-2"'],
        ['If-Range', 'W/"x"'],
        ['If-Range', 'Wed, 21 Oct 2015 07:28:00 GMT'],
        ['Content-Length', '100'],
        ['Content-Length', '-1'],
        ['Content-Length', 'abc'],
        ['Transfer-Encoding', 'chunked'],
        ['Transfer-Encoding', 'gzip, chunked'],
        ['Expect', '100-continue'],
        ['Expect', 'x'],
        ['Connection', 'keep-alive'],
        ['Connection', 'upgrade'],
        ['Upgrade', 'websocket'],
        ['Upgrade', 'h2c'],
        ['Host', 'a/b'],
        ['Host', 'a:99999'],
        ['Host', ''],
        ['Host', 'localhost'],
        ['X-Forwarded-For', '127.0.0.1'],
        ['Cookie', 'a=b'],
        ['Accept', 'text/html'],
      ].map((pair) => /** @type {[string, string]} */ (pair)),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(
      fc.string({ unit: 'binary-ascii', maxLength: 16 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      /** @type {[string, string]} */ (['X-Huge', 'h'.repeat(20_000)]),
      /** @type {[string, string]} */ (['X-Big', 'b'.repeat(8_000)]),
    ),
  },
);

const hostLine = fc.oneof(
  { weight: 12, arbitrary: fc.constant('valid') },
  { weight: 1, arbitrary: fc.constantFrom('none', 'twice', 'invalid') },
);

/**
 * A whole request: it ends, with Connection: close, so that the server closes the connection once it answers. Half
 * are hostile anywhere; the other half are well-formed requests for the store's paths with the header fields the
 * server reads (Range, Accept-Encoding, conditions), so that they reach past Node's parser into every branch.
 */
const wholeRequest = fc.oneof(
  fc.record({
    app: fc.constantFrom(...appNames),
    method,
    target,
    version,
    host: hostLine,
    headers: fc.array(header, { maxLength: 4 }),
  }),
  fc.record({
    app: fc.constantFrom(...appNames),
    method: fc.oneof({ weight: 4, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constant('HEAD') }),
    target: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...servableKnown) },
      { weight: 1, arbitrary: fc.constantFrom(...known) },
      { weight: 1, arbitrary: encodeOne },
    ),
    version: fc.constant('HTTP/1.1'),
    host: fc.constant('valid'),
    headers: fc.array(fc.oneof(readHeader, readHeader, conditionHeader), { maxLength: 3 }),
  }),
);

/**
 * @param {typeof wholeRequest extends fc.Arbitrary<infer T> ? T : never} spec
 * @param {number} port
 */
function bytesOf(spec, port) {
  const lines = [`${spec.method} ${spec.target} ${spec.version}`];
  if (spec.host === 'valid' || spec.host === 'twice') lines.push(`Host: 127.0.0.1:${port}`);
  if (spec.host === 'twice') lines.push('Host: localhost');
  if (spec.host === 'invalid') lines.push('Host: a b/c');
  for (const [name, value] of spec.headers) lines.push(`${name}: ${value}`);
  lines.push('Connection: close');
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
}

/** Requests that never finish: the test closes them (the server's own timeouts are longer than a test). */
const halfSent = fc.record({
  app: fc.constantFrom(...appNames),
  bytes: fc.constantFrom(
    'GET / HTT',
    'GET /remotes.json HTTP/1.1\r\nHost: x\r\nX-Slow: a',
    'GET /remotes.json HTTP/1.1\r\nHost: x\r\n',
    'POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\npartial',
    'GET /mf-manifest.json HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab',
  ),
});

// --- Checks ------------------------------------------------------------------------------------------------------

/**
 * What is wrong with one exchange, if anything.
 * @param {Exchange} seen
 * @param {{ whole: boolean; head: boolean }} sent whole: the request was complete, and must be answered
 * @returns {string | null}
 */
function problemOf(seen, sent) {
  const { response, closedByServer, received } = seen;
  const raw = received.toString('latin1');
  const leaked = canaries.find((canary) => raw.includes(canary));
  if (leaked) return `sent a canary: ${leaked.slice(0, 40)}`;
  if (!response) return sent.whole ? `no answer (${closedByServer ? 'closed' : 'left open'})` : null;
  if (response.status >= 500) return `answered ${response.status}`;
  const coding = response.headers.get('content-encoding')?.[0];
  let body = response.body;
  if (!sent.head && coding && response.status === 200) {
    try {
      body = coding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
    } catch {
      return `a ${coding} body that does not decompress`;
    }
  }
  const text = body.toString('latin1');
  const leakedDecoded = canaries.find((canary) => text.includes(canary));
  if (leakedDecoded) return `sent a canary, ${coding}-encoded: ${leakedDecoded.slice(0, 40)}`;
  if (sent.head) return null;
  if (response.status === 200 && !servableWhole.has(text.replace(/ nonce="[^"]*"/g, ''))) {
    return `sent 200 with a body that is no servable file: ${JSON.stringify(text.slice(0, 60))}`;
  }
  if (response.status === 206) {
    const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get('content-range')?.[0] ?? '');
    if (!match || coding) return `a 206 without a byte range of the file itself: ${match?.[0]} ${coding}`;
    const [start, end, size] = match.slice(1).map(Number);
    const ok = servable.some((file) => file.length === size && file.subarray(start, Number(end) + 1).equals(body));
    if (!ok) return `a 206 whose bytes are no part of a servable file: ${match[0]}`;
  }
  const location = response.headers.get('location')?.[0];
  if (location !== undefined && !/^\/(?![/\\])/.test(location)) return `redirects off the origin: ${location}`;
  return null;
}

/** @param {AppName} app */
const plainPath = (app) => (app === 'shell' ? '/remotes.json' : `/${versions[app]}/mf-manifest.json`);

/**
 * @template T
 * @param {T[]} items
 * @param {(item: T) => Promise<void>} run
 */
async function inPool(items, run) {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < items.length) await run(/** @type {T} */ (items[next++]));
    }),
  );
}

describe('the store server under hostile requests', () => {
  it(
    `answers ${requestCount} generated requests and ${halfSentCount} half-sent ones on every port, ` +
      'leaking nothing',
    async () => {
      const errors = vi.spyOn(console, 'error');
      const started = Date.now();
      const whole = fc.sample(wholeRequest, { seed, numRuns: requestCount });
      const unfinished = fc.sample(halfSent, { seed, numRuns: halfSentCount });
      /** @type {Map<number | string, number>} */
      const statuses = new Map();
      /** @type {string[]} */
      const problems = [];
      const perBatch = requestCount / batchCount;
      for (let batch = 0; batch < batchCount; batch++) {
        const jobs = [
          ...whole.slice(batch * perBatch, (batch + 1) * perBatch).map((spec) => async () => {
            const port = ports[spec.app];
            const seen = await exchange(port, bytesOf(spec, port), { head: spec.method === 'HEAD', waitMs: 10_000 });
            const status = seen.response?.status ?? (seen.closedByServer ? 'closed' : 'open');
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            const problem = problemOf(seen, { whole: true, head: spec.method === 'HEAD' });
            if (problem) problems.push(`${problem}: ${JSON.stringify(bytesOf(spec, port).toString().slice(0, 200))}`);
          }),
          ...unfinished
            .slice(batch * (halfSentCount / batchCount), (batch + 1) * (halfSentCount / batchCount))
            .map((spec) => async () => {
              const seen = await exchange(ports[spec.app], spec.bytes, { waitMs: 150 });
              const problem = problemOf(seen, { whole: false, head: false });
              if (problem) problems.push(`${problem}: ${JSON.stringify(spec.bytes)}`);
            }),
        ];
        await inPool(jobs, (job) => job());
        for (const app of appNames) {
          const { response } = await request(ports[app], plainPath(app));
          expect(response?.status, `${app} after batch ${batch}`).toBe(200);
          expect(response?.body, `${app} after batch ${batch}`).toEqual(
            readFileSync(join(layout.appDir(app), plainPath(app))),
          );
        }
        expect(problems.slice(0, 20), `batch ${batch}`).toEqual([]);
        expect(errors, `batch ${batch}: failures the server logged`).not.toHaveBeenCalled();
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `fuzz: ${requestCount} whole and ${halfSentCount} half-sent requests over 4 ports in ${seconds} s; answers:`,
        Object.fromEntries([...statuses].sort(([a], [b]) => String(a).localeCompare(String(b)))),
      );
      // The generation reaches each of the server's answers, not only Node's parser: each came back many times.
      for (const status of [200, 206, 400, 404, 405, 416, 431]) {
        expect(statuses.get(status) ?? 0, String(status)).toBeGreaterThanOrEqual(20);
      }
      errors.mockRestore();
    },
    120_000,
  );
});
