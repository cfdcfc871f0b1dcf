// @ts-check
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appNames } from '@murmur/config/apps';
import { routes } from '@murmur/config/routes';
import { contentSecurityPolicy } from '../headers.js';
import { withNonce } from '../pageNonce.js';
import { readRemotesPointer } from '../../store/remotesPointer.js';
import { promote, rollback } from '../../switches/promote.js';
import { openStore } from '../../store/backends/openStore.js';
import { s3Client } from '../../store/backends/s3Client.js';
import { setOverrides } from '../../store/overrideSetting.js';
import { parseReleaseRecord, recordName } from '../../store/releaseRecord.js';
import { release } from '../../store/release.js';
import { overridingLoads, tabCookie } from '../../../test-support/overridingLoads.js';
import { resolvedDataOf } from '../../../test-support/pageScripts.js';
import { startS3Server } from '../../../test-support/s3Server.js';
import { startStoreServer } from '../server.js';
import { storeLayout } from '../../store/storePaths.js';
import { storeRules } from '../../../test-support/storeRules.js';
import { fakeBuild } from '../../../test-support/testBuilds.js';
import { plantHostileFiles, promotedStore, remotes, storeCommandInProcess } from '../../../test-support/testStore.js';
import { nginxConfig } from './config.js';
import { findNginx } from './findNginx.js';
import { freePorts, startNginx } from './nginxProcess.js';
import { startStoreEdge } from './storeEdge.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */

// Real nginx, with the configuration the project writes, against a released store; the embedded server answers the
// same requests, so that both keep the same rules (storeRules.js).
const nginx = findNginx();
if (!nginx.found) console.log(`nginx tests skipped: ${nginx.reason}`);

const { store, versions } = await promotedStore();
// A live page with scripts, for their nonce.
const shellPage =
  '<title>x</title><meta property="csp-nonce" /><script type="module" src="./assets/index-Ab12Cd34.js"></script>';
versions.shell = (await release({ store, app: 'shell', from: fakeBuild({ name: 'shell', page: shellPage }) })).version;
await promote({ store, app: 'shell', version: versions.shell, env: {} });
const remoteOrigins = readRemotesPointer(store)?.origins ?? [];

// Store content no release writes: links planted in a version folder and a hidden folder.
plantHostileFiles(store, versions['feed-mfe']);

const host = '127.0.0.1';

/**
 * @type {{ name: string; skip: boolean;
 *   start: () => Promise<{ origin: (app: AppName) => string; stop: () => Promise<unknown> }> }[]}
 */
const servers = [
  {
    name: 'the embedded server',
    skip: false,
    start: async () => {
      const server = await startStoreServer({ store, portOf: () => 0, host });
      const portOf = (/** @type {AppName} */ app) =>
        /** @type {import('node:net').AddressInfo} */ (server.byApp.get(app)?.address() ?? {}).port;
      return { origin: (app) => `http://${host}:${portOf(app)}`, stop: server.close };
    },
  },
  {
    name: 'nginx',
    skip: !nginx.found,
    start: () => onFreePorts((/** @type {(app: AppName) => number} */ portOf) => startNginxOn(portOf, store, {})),
  },
  {
    name: 'nginx in front of S3',
    skip: !nginx.found,
    start: async () => {
      const s3 = await startS3Server();
      const bucketStore = await copyToS3(s3);
      const edge = await onFreePorts((/** @type {(app: AppName) => number} */ portOf) =>
        startNginxOn(portOf, bucketStore, s3.env),
      );
      return { ...edge, stop: async () => (await edge.stop(), await s3.stop()) };
    },
  },
];

/**
 * The releases of `store`, released again and promoted in the same order into a store on the S3 server: the same
 * versions, pointers and origins. Links cannot be planted in a bucket; a file whose precompressed variant cannot be
 * served (variant.js, whose .br is a link in the folder) is planted without one.
 * @param {Awaited<ReturnType<typeof startS3Server>>} s3
 */
async function copyToS3(s3) {
  const bucketStore = `s3://${s3.bucket}/rules`;
  for (const app of appNames) {
    const folder = storeLayout(store).versionDir(app, versions[app]);
    const build = mkdtempSync(join(tmpdir(), 'murmur-build-copy-'));
    const read = parseReleaseRecord(readFileSync(join(folder, recordName), 'utf8'));
    if ('problem' in read) throw new Error(read.problem);
    for (const file of Object.keys(read.record.files).filter((name) => !read.record.precompressed.includes(name))) {
      mkdirSync(dirname(join(build, file)), { recursive: true });
      cpSync(join(folder, file), join(build, file));
    }
    const copied = await release({ store: bucketStore, app, from: build, env: s3.env });
    expect(copied.version).toBe(versions[app]);
    await promote({ store: bucketStore, app, version: copied.version, env: s3.env });
  }
  const variant = readFileSync(
    join(storeLayout(store).versionDir('feed-mfe', versions['feed-mfe']), 'assets', 'variant.js'),
  );
  await s3Client(s3.env).send(
    new PutObjectCommand({
      Bucket: s3.bucket,
      Key: `rules/feed-mfe/${versions['feed-mfe']}/assets/variant.js`,
      Body: variant,
      ContentType: 'text/javascript',
    }),
  );
  return bucketStore;
}

/**
 * A server started on ports free a moment ago. Such a port can be taken by another process before nginx binds it
 * (other test files listen on ports the system picks): then nginx fails to start, or another server answers there.
 * Each of three tries checks who answers.
 * @template {{ stop: () => Promise<unknown> }} T
 * @param {(portOf: (app: AppName) => number) => Promise<T>} start
 * @returns {Promise<T & { origin: (app: AppName) => string }>}
 */
async function onFreePorts(start) {
  for (let attempt = 1; ; attempt++) {
    const ports = await freePorts(host, appNames.length);
    const portOf = (/** @type {AppName} */ app) => /** @type {number} */ (ports[appNames.indexOf(app)]);
    const origin = (/** @type {AppName} */ app) => `http://${host}:${portOf(app)}`;
    try {
      const running = await start(portOf);
      for (const app of appNames) {
        const answer = await fetch(`${origin(app)}/`, { method: 'HEAD', redirect: 'manual' });
        if (answer.headers.get('server') !== 'nginx') {
          await running.stop();
          throw new Error(`port ${portOf(app)} is answered by another server`);
        }
      }
      return { ...running, origin };
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * nginx with the configuration for `store`, on `portOf`'s ports.
 * @param {(app: AppName) => number} portOf
 * @param {string} store a folder or s3://bucket/prefix
 * @param {Record<string, string>} env the S3 server's, for a store there
 */
async function startNginxOn(portOf, store, env) {
  if (!nginx.found) throw new Error(nginx.reason);
  const httpConfig = await nginxConfig({
    store,
    env,
    listenOf: (app) => `${host}:${portOf(app)}`,
    brotli: nginx.brotliModule !== null,
  });
  return startNginx({
    nginx: nginx.path,
    brotliModule: nginx.brotliModule,
    writeConfig: (file) => writeFileSync(file, httpConfig),
    listening: appNames.map((app) => ({ host, port: portOf(app) })),
  });
}

/** What a fake build of `app` names and exposes. @param {AppName} app */
const remotesOrShell = (app) =>
  app === 'shell' ? { name: 'shell' } : { name: remotes[app].name, exposes: [...remotes[app].exposes] };

/** @param {string} url @param {RequestInit & { headers?: Record<string, string> }} [init] */
const get = (url, init = {}) =>
  fetch(url, { ...init, headers: { 'Accept-Encoding': 'identity', ...init.headers }, redirect: 'manual' });

/**
 * A GET on a new connection, closed after the answer.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ location: string | undefined; headers: import('node:http').IncomingHttpHeaders; body: string }>}
 */
const freshGet = (url, headers = {}) =>
  new Promise((resolve, reject) => {
    httpGet(url, { agent: false, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ location: response.headers.location, headers: response.headers, body }));
    }).on('error', reject);
  });

describe.each(servers)('$name', ({ skip, start }) => {
  /** @type {Awaited<ReturnType<typeof start>>} */
  let server;
  beforeAll(async () => {
    if (!skip) server = await start();
  });
  afterAll(() => server?.stop());

  it.skipIf(skip).each(storeRules({ versions, remoteOrigins }))(
    '$rule: $path',
    async ({ app, path, method = 'GET', headers = {}, status, expect: expected = {}, bodyIncludes, bodyExcludes }) => {
      const response = await get(`${server.origin(app)}${path}`, { method, headers });
      expect(response.status).toBe(status);
      for (const [name, value] of Object.entries(expected)) {
        if (value instanceof RegExp) expect(response.headers.get(name), name).toMatch(value);
        else expect(response.headers.get(name), name).toBe(value);
      }
      const body = await response.text();
      if (bodyIncludes) expect(body).toContain(bodyIncludes);
      if (bodyExcludes) expect(body).not.toContain(bodyExcludes);
    },
  );

  it.skipIf(skip)("gives each page's scripts a fresh nonce that only its own policy names", async () => {
    const nonces = [];
    for (const path of ['/', '/profile/miraokafor']) {
      const page = await get(`${server.origin('shell')}${path}`);
      const policy = page.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';
      expect(policy).toBe(contentSecurityPolicy(remoteOrigins, nonce));
      const html = await page.text();
      expect(html).toContain(`<script nonce="${nonce}" type="module"`);
      // The meta a dev server's client reads the nonce from (an override's styles).
      expect(html).toContain(`<meta nonce="${nonce}" property="csp-nonce" />`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it.skipIf(skip)("sends each route's page resolved for the remote that owns it (page/resolvedPage.js)", async () => {
    const pointer = JSON.parse(readFileSync(storeLayout(store).remotesPointer, 'utf8'));
    // Each route of the table, a `:name` part given a value, besides the three remotes' known addresses.
    /** @type {[string, AppName][]} */
    const everyRoute = Object.values(routes).map(({ path, remote }) => [path.replace(/:\w+/g, 'someone'), remote]);
    for (const [path, owner] of /** @type {[string, AppName][]} */ ([
      ['/', 'feed-mfe'],
      ['/bookmark', 'feed-mfe'],
      ['/auth', 'auth-mfe'],
      ['/profile/miraokafor', 'profile-mfe'],
      ...everyRoute,
    ])) {
      const page = await (await get(`${server.origin('shell')}${path}`)).text();
      const carried = resolvedDataOf(page) ?? {};
      expect(carried.remotes, path).toEqual(pointer);
      expect(Object.keys(carried.manifests), path).toEqual([pointer[owner]]);
    }
  });

  it.skipIf(skip)("sends the pages promote wrote, byte for byte, with this response's nonce added", async () => {
    const layout = storeLayout(store);
    /** @type {[AppName, string, string][]} */
    const everyRoute = Object.values(routes).map(({ path, remote }) => [
      'shell',
      path.replace(/:\w+/g, 'someone'),
      layout.routePage(remote),
    ]);
    for (const [app, path, file] of /** @type {[AppName, string, string][]} */ ([
      ...everyRoute,
      ['shell', '/', layout.routePage('feed-mfe')],
      ['shell', '/bookmark', layout.routePage('feed-mfe')],
      ['shell', '/explore', layout.routePage('feed-mfe')],
      ['shell', '/auth', layout.routePage('auth-mfe')],
      ['shell', '/profile/miraokafor', layout.routePage('profile-mfe')],
      // Where the route table's patterns stop, nginx's locations and the embedded server's match agree.
      ['shell', '/no/owner', layout.livePage('shell')],
      ['shell', '/bookmark/', layout.livePage('shell')],
      ['shell', '/profile/', layout.livePage('shell')],
      ['shell', '/profile/mira/posts', layout.livePage('shell')],
      ['shell', '/profile/mira%20okafor', layout.routePage('profile-mfe')],
      ['feed-mfe', '/some/route', layout.livePage('feed-mfe')],
      ['profile-mfe', '/', layout.livePage('profile-mfe')],
    ])) {
      const page = await get(`${server.origin(app)}${path}`);
      const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1] ?? '';
      expect(nonce, path).not.toBe('');
      expect(await page.text(), `${app} ${path}`).toBe(withNonce(readFileSync(file, 'utf8'), nonce));
    }
  });

  it.skipIf(skip)('answers a revalidation of an unchanged remotes.json with a 304 and no body', async () => {
    const url = `${server.origin('shell')}/remotes.json`;
    const first = await get(url);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect(await first.text()).toBe(readFileSync(storeLayout(store).remotesPointer, 'utf8'));
    const again = await get(url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await get(url, { headers: { 'If-None-Match': '"another"' } })).status).toBe(200);
  });

  it.skipIf(skip)('sends the same bytes whatever the coding, and with an attempt prefix', async () => {
    const asset = `${server.origin('feed-mfe')}/${versions['feed-mfe']}/assets/index-Ab12Cd34.js`;
    const plain = await (await get(asset)).text();
    expect(plain).toContain('feed_mfe');
    for (const coding of ['br', 'gzip']) {
      expect(await (await get(asset, { headers: { 'Accept-Encoding': coding } })).text(), coding).toBe(plain);
    }
    const prefixed = asset.replace(/(:\d+)\//, '$1/_attempt/3/');
    expect(await (await get(prefixed)).text()).toBe(plain);
  });
});

describe("nginx and the names of the apps' public URLs", () => {
  /** The status of a GET on a new connection to `url`, naming `name` in its Host. */
  const statusWithHost = (/** @type {string} */ url, /** @type {string} */ name) =>
    new Promise((resolve, reject) => {
      httpGet(url, { agent: false, headers: { Host: name } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      }).on('error', reject);
    });

  it.skipIf(!nginx.found)("answers each app's names (here this machine's), and any other Host 421", async () => {
    const edge = await onFreePorts((/** @type {(app: AppName) => number} */ portOf) => startNginxOn(portOf, store, {}));
    try {
      for (const app of appNames) {
        const url = `${edge.origin(app)}/remotes.json`;
        const status = app === 'shell' ? 200 : 404;
        for (const name of ['localhost', 'LocalHost:4000', '127.0.0.1', '[::1]:80'])
          expect(await statusWithHost(url, name), `${app} as ${name}`).toBe(status);
        // A site whose name a DNS record points at this address, or the address of another machine.
        for (const name of ['rebound.example', 'localhost.rebound.example', '10.0.0.7'])
          expect(await statusWithHost(url, name), `${app} as ${name}`).toBe(421);
      }
    } finally {
      await edge.stop();
    }
  });
});

describe('nginx at the edge of the local store', () => {
  it.skipIf(!nginx.found)(
    'serves a promote and a rollback at once, with no byte of its configuration changed and no reload',
    async () => {
      if (!nginx.found) return;
      const { store: edgeStore, versions: before } = await promotedStore();
      const script = '<script type="module" src="./assets/index-Ab12Cd34.js"></script>';
      const releaseOf = async (/** @type {AppName} */ app, /** @type {string} */ label) =>
        (
          await release({
            store: edgeStore,
            app,
            from: fakeBuild({ ...remotesOrShell(app), page: `<title>${label}</title>${script}` }),
          })
        ).version;
      const shellV1 = await releaseOf('shell', 'v1');
      await promote({ store: edgeStore, app: 'shell', version: shellV1, env: {} });
      const configured = await nginxConfig({ store: edgeStore });
      const edge = await onFreePorts((/** @type {(app: AppName) => number} */ portOf) =>
        startStoreEdge({ store: edgeStore, nginx, portOf, host }),
      );
      try {
        const shellPage = async () => (await freshGet(`${edge.origin('shell')}/`)).body;
        /** Where feed-mfe's root manifest sends a remote alone for its files. */
        const manifestFolder = async () =>
          JSON.parse((await freshGet(`${edge.origin('feed-mfe')}/mf-manifest.json`)).body).metaData.publicPath;
        expect(await shellPage()).toContain(`<base href="/${shellV1}/" />`);
        expect(await manifestFolder()).toBe(`http://localhost:4002/${before['feed-mfe']}/`);

        const shellV2 = await releaseOf('shell', 'v2');
        const feedV2 = await releaseOf('feed-mfe', 'v2');
        await promote({ store: edgeStore, app: 'shell', version: shellV2, env: {} });
        await promote({ store: edgeStore, app: 'feed-mfe', version: feedV2, env: {} });
        // The pointers are files nginx reads per request: the next request has the new versions.
        expect(await shellPage()).toContain(`<base href="/${shellV2}/" />`);
        expect(await manifestFolder()).toBe(`http://localhost:4002/${feedV2}/`);
        expect(await nginxConfig({ store: edgeStore })).toBe(configured);

        await rollback({ store: edgeStore, app: 'feed-mfe', env: {} });
        expect(await manifestFolder()).toBe(`http://localhost:4002/${before['feed-mfe']}/`);
        expect(await nginxConfig({ store: edgeStore })).toBe(configured);
        // Long enough for the edge to have seen any change it follows (it looks every 300 ms): it reloaded nothing.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(edge.errorLog()).not.toContain('reconfiguring');
      } finally {
        await edge.stop();
      }
    },
  );
});

describe('nginx and the override setting', () => {
  it.skipIf(!nginx.found)(
    "follows the environment's override setting into its answer and the shell's policy",
    async () => {
      if (!nginx.found) return;
      const { store: edgeStore } = await promotedStore();
      const backend = openStore(edgeStore);
      const edge = await onFreePorts((/** @type {(app: AppName) => number} */ portOf) =>
        startStoreEdge({ store: edgeStore, nginx, portOf, host }),
      );
      try {
        const setting = async () => JSON.parse((await freshGet(`${edge.origin('shell')}/overrides.json`)).body);
        /** The shell page's policies, from one answer to a load with `query` and `cookie`. */
        const page = async (query = '', /** @type {string | undefined} */ cookie = undefined) => {
          const { headers } = await freshGet(`${edge.origin('shell')}/${query}`, cookie ? { Cookie: cookie } : {});
          // Each answer's nonce is its own.
          const policy = String(headers['content-security-policy'] ?? '').replace(/'nonce-[^']+'/, "'nonce-…'");
          return { policy, integrity: headers['integrity-policy'], vary: headers.vary };
        };
        const overriding = '?overriding=1';
        const offSetting = { enabled: false, localhost: false, prefixes: [] };
        const onSetting = { enabled: true, localhost: true, prefixes: ['https://dev.example.org/~mira/'] };
        expect(await setting()).toEqual(offSetting);
        const off = await page();
        expect(off.policy).not.toContain('localhost:*');
        expect(off.integrity).toBe('blocked-destinations=(script)');
        // Off, a load that says it holds an override is served as any other.
        expect(await page(overriding, tabCookie)).toEqual(off);

        await setOverrides(backend, onSetting);
        // Until the reload, the old configuration answers (a worker finishing its connections may still): each answer
        // is the old one or the new one, and the new one comes within the edge's polling.
        const deadline = Date.now() + 20_000;
        let seen = { setting: await setting(), page: await page(overriding, tabCookie) };
        while (!seen.setting.enabled || !seen.page.policy.includes('localhost:*')) {
          expect(seen.setting, 'an answer neither the old nor the new setting').toEqual(
            seen.setting.enabled ? onSetting : offSetting,
          );
          expect(seen.page, 'a page neither as before nor as after').toEqual(
            seen.page.policy.includes('localhost:*')
              ? { policy: seen.page.policy, integrity: undefined, vary: 'Cookie' }
              : off,
          );
          expect(Date.now(), 'nginx still says overrides are off').toBeLessThan(deadline);
          seen = { setting: await setting(), page: await page(overriding, tabCookie) };
        }
        expect(seen.setting).toEqual(onSetting);
        expect(seen.page.policy).toMatch(
          /script-src [^;]*http:\/\/localhost:\* [^;]*https:\/\/dev\.example\.org\/~mira\//,
        );
        // The tab's remote's code has no recorded integrity: nothing blocks it for lacking one, in that tab alone.
        expect(seen.page.integrity).toBeUndefined();
        expect(await page('?from=link'), 'every other load keeps the full policies').toEqual(off);
        // Only the tab's own load: a link, whatever its spelling of the parameter, keeps the full policies. Asked of
        // the new configuration alone, once the worker of the old one is gone.
        await expect.poll(() => edge.errorLog(), { timeout: 20_000 }).toMatch(/worker process \d+ exited/);
        for (const [name, query, cookie, weak] of overridingLoads) {
          const load = await page(query, cookie);
          expect.soft(load.integrity, name).toBe(weak ? undefined : 'blocked-destinations=(script)');
          expect.soft(load.policy.includes('localhost:*'), name).toBe(weak);
          expect.soft(load.vary, name).toBe(query.includes('overriding=1') ? 'Cookie' : undefined);
        }
        const remotePage = await get(`${edge.origin('feed-mfe')}/${overriding}`);
        expect(remotePage.headers.get('content-security-policy') ?? '').not.toContain('localhost:*');
      } finally {
        await edge.stop();
      }
    },
  );
});

describe('nginx-config', () => {
  it('serve refuses an edge it does not know, before releasing anything', async () => {
    const refused = await storeCommandInProcess(store, ['serve', '--edge', 'apache']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refused: --edge takes one of: embedded, nginx');
  });

  it("prints the configuration for MURMUR_STORE's store, ports from the apps table, brotli when asked", async () => {
    const printed = await storeCommandInProcess(store, ['nginx-config', '--brotli']);
    expect(printed.code).toBe(0);
    expect(`${printed.stdout}\n`).toBe(await nginxConfig({ store, brotli: true }));
    expect(printed.stdout).toContain('listen 4000;');
    expect(printed.stdout).toContain('brotli_static on;');
    expect(printed.stdout).toContain('client_header_timeout 10s;');
    expect((await storeCommandInProcess(store, ['nginx-config'])).stdout).not.toContain('brotli_static');
  });

  it('refuses a store that is not there', async () => {
    const missing = await storeCommandInProcess(join(store, 'missing'), ['nginx-config']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('holds no release store');
  });
});
