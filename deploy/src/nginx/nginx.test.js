// @ts-check
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appNames } from '@murmur/config/apps';
import { contentSecurityPolicy } from '../headers.js';
import { readRemotesPointer } from '../liveFiles.js';
import { promote } from '../promote.js';
import { release } from '../release.js';
import { startStoreServer } from '../server.js';
import { storeRules } from '../storeRules.js';
import { fakeBuild } from '../testBuilds.js';
import { plantHostileFiles, promotedStore, storeCommand } from '../testStore.js';
import { nginxConfig } from './config.js';
import { findNginx } from './findNginx.js';
import { freePorts, startNginx } from './nginxProcess.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */

// Real nginx, with the configuration the project writes, against a released store; the embedded server answers the
// same requests, so that both keep the same rules (storeRules.js).
const nginx = findNginx();
if (!nginx.found) console.log(`nginx tests skipped: ${nginx.reason}`);

const { store, versions } = await promotedStore();
// A live page with scripts, for their nonce.
const shellPage = '<title>x</title><script type="module" src="./assets/index-Ab12Cd34.js"></script>';
versions.shell = (await release({ store, app: 'shell', from: fakeBuild({ name: 'shell', page: shellPage }) })).version;
await promote({ store, app: 'shell', version: versions.shell, env: {} });
const remoteOrigins = readRemotesPointer(store)?.origins ?? [];

// Store content no release writes: links planted in a version folder and a hidden folder.
plantHostileFiles(store, versions['feed-mfe']);

const host = '127.0.0.1';

/** @type {{ name: string; skip: boolean; start: () => Promise<{ origin: (app: AppName) => string; stop: () => Promise<unknown> }> }[]} */
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
    start: async () => {
      // A port found free can be taken by another process before nginx binds it (other test files listen on ports
      // the system picks): then nginx fails to start, or another server answers there. Each try checks who answers.
      for (let attempt = 1; ; attempt++) {
        try {
          return await startNginxOnFreePorts();
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    },
  },
];

/** nginx on ports free a moment ago; refused where any of them is answered by another server. */
async function startNginxOnFreePorts() {
  if (!nginx.found) throw new Error(nginx.reason);
  const ports = await freePorts(host, appNames.length);
  const portOf = (/** @type {AppName} */ app) => /** @type {number} */ (ports[appNames.indexOf(app)]);
  const httpConfig = await nginxConfig({
    store,
    listenOf: (app) => `${host}:${portOf(app)}`,
    brotli: nginx.brotliModule !== null,
  });
  const running = await startNginx({
    nginx: nginx.path,
    brotliModule: nginx.brotliModule,
    httpConfig,
    listening: appNames.map((app) => ({ host, port: portOf(app) })),
  });
  for (const app of appNames) {
    const answer = await fetch(`http://${host}:${portOf(app)}/`, { method: 'HEAD', redirect: 'manual' });
    if (answer.headers.get('server') !== 'nginx') {
      await running.stop();
      throw new Error(`port ${portOf(app)} is answered by another server`);
    }
  }
  return { origin: (/** @type {AppName} */ app) => `http://${host}:${portOf(app)}`, stop: running.stop };
}

/** @param {string} url @param {RequestInit & { headers?: Record<string, string> }} [init] */
const get = (url, init = {}) =>
  fetch(url, { ...init, headers: { 'Accept-Encoding': 'identity', ...init.headers }, redirect: 'manual' });

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
      expect(await page.text()).toContain(`<script nonce="${nonce}" type="module"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
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

describe('nginx-config', () => {
  it("prints the configuration for MURMUR_STORE's store, ports from the apps table, brotli when asked", async () => {
    const printed = await storeCommand(store, ['nginx-config', '--brotli']);
    expect(printed.code).toBe(0);
    expect(`${printed.stdout}\n`).toBe(await nginxConfig({ store, brotli: true }));
    expect(printed.stdout).toContain('listen 4000;');
    expect(printed.stdout).toContain('brotli_static on;');
    expect(printed.stdout).toContain('client_header_timeout 10s;');
    expect((await storeCommand(store, ['nginx-config'])).stdout).not.toContain('brotli_static');
  });

  it('refuses a store that is not there', async () => {
    const missing = await storeCommand(join(store, 'missing'), ['nginx-config']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('holds no release store');
  });
});
