// @ts-check
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/backends/openStore.js';
import { setOverrides } from '../store/overrideSetting.js';
import { promote } from '../switches/promote.js';
import { release } from '../store/release.js';
import { startStoreServer } from './server.js';
import { fakeBuild, temporaryStore } from '../../test-support/testBuilds.js';
import { overridingLoads, tabCookie } from '../../test-support/overridingLoads.js';

// Real HTTP against the real server, on ports the system picks (outside the apps' 4000-4099).
const store = temporaryStore();
const shellVersion = (await release({ store, app: 'shell', from: fakeBuild({ name: 'shell' }) })).version;
await promote({ store, app: 'shell', version: shellVersion, env: {} });
const feedVersion = (
  await release({
    store,
    app: 'feed-mfe',
    from: fakeBuild({ name: 'feed_mfe', exposes: ['./app', './UserPostList'] }),
  })
).version;
await promote({ store, app: 'feed-mfe', version: feedVersion, env: {} });

/** @type {Awaited<ReturnType<typeof startStoreServer>>} */
let server;
const origin = { shell: '', feed: '' };
beforeAll(async () => {
  server = await startStoreServer({ store, apps: ['shell', 'feed-mfe'], portOf: () => 0, host: '127.0.0.1' });
  const [feed, shell] = server.servers.map(
    (s) => `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (s.address()).port}`,
  );
  Object.assign(origin, { shell, feed });
});
afterAll(() => server.close());

/** @param {string} url @param {Record<string, string>} [headers] */
const get = (url, headers = {}) =>
  fetch(url, { headers: { 'Accept-Encoding': 'identity', ...headers }, redirect: 'manual' });

describe('the store server', () => {
  it('caches hashed assets for a year, immutable, with their MIME type', async () => {
    const js = await get(`${origin.feed}/${feedVersion}/assets/index-Ab12Cd34.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-type')).toBe('text/javascript');
    const css = await get(`${origin.feed}/${feedVersion}/assets/index-Ab12Cd34.css`);
    expect(css.headers.get('content-type')).toBe('text/css');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('has the browser revalidate manifests, remote entries, pages and remotes.json', async () => {
    for (const url of [
      `${origin.feed}/${feedVersion}/mf-manifest.json`,
      `${origin.feed}/${feedVersion}/remoteEntry.js`,
      `${origin.shell}/${shellVersion}/index.html`,
      `${origin.shell}/remotes.json`,
      `${origin.shell}/`,
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      // The same for everyone, a canary's share included (the page picks its side): a shared cache may keep them.
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      expect(response.headers.get('set-cookie'), url).toBeNull();
    }
    expect((await get(`${origin.shell}/remotes.json`)).headers.get('content-type')).toBe('application/json');
    expect((await get(`${origin.feed}/${feedVersion}/mf-manifest.json`)).headers.get('content-type')).toBe(
      'application/json',
    );
  });

  it("lets any origin read a remote's files, and not the shell's", async () => {
    expect(
      (await get(`${origin.feed}/${feedVersion}/mf-manifest.json`)).headers.get('access-control-allow-origin'),
    ).toBe('*');
    expect(
      (await get(`${origin.feed}/${feedVersion}/assets/index-Ab12Cd34.js`)).headers.get('access-control-allow-origin'),
    ).toBe('*');
    expect((await get(`${origin.shell}/remotes.json`)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends the precompressed file the browser accepts, brotli first', async () => {
    const url = `${origin.feed}/${feedVersion}/assets/index-Ab12Cd34.js`;
    const plain = await get(url);
    const brotli = await get(url, { 'Accept-Encoding': 'gzip, br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toBe('text/javascript');
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
    expect(await brotli.text()).toBe(await plain.text());
    const gzip = await get(url, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('answers 404 for a missing asset, in a version or at the root, never the page', async () => {
    for (const url of [
      `${origin.shell}/${shellVersion}/assets/missing-00000000.js`,
      `${origin.shell}/assets/missing-00000000.js`,
      `${origin.feed}/${feedVersion}/assets/missing.css`,
      `${origin.feed}/0123456789ab/assets/index-Ab12Cd34.js`,
      `${origin.shell}/favicon.ico`,
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('<html');
    }
  });

  it("answers the shell's routes with the live page, which loads the live version's files", async () => {
    const page = await get(`${origin.shell}/profile/miraokafor`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain(`<base href="/${shellVersion}/" />`);
  });

  it("limits the pages' scripts and styles to their own origin and the live remotes'", async () => {
    const page = await get(`${origin.shell}/`);
    const policy = page.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(policy).toContain(`script-src 'self' http://localhost:4002 'nonce-${nonce}';`);
    const again = (await get(`${origin.shell}/`)).headers.get('content-security-policy');
    expect(again).not.toContain(`'nonce-${nonce}'`);
    expect(policy).toContain("style-src 'self' http://localhost:4002;");
    expect(policy).toContain('img-src');
    expect(policy).toMatch(/img-src [^;]*data:/);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect((await get(`${origin.shell}/${shellVersion}/index.html`)).headers.get('content-security-policy')).toBe(
      policy.replace(` 'nonce-${nonce}'`, ''),
    );
  });

  it("sends the environment's override setting; weakens only a load holding an override, only while on", async () => {
    const backend = openStore(store);
    const page = async (/** @type {string} */ query = '', /** @type {string | undefined} */ cookie = undefined) => {
      const { headers } = await get(`${origin.shell}/${query}`, cookie ? { Cookie: cookie } : {});
      const vary = headers.get('vary');
      return { policy: headers.get('content-security-policy') ?? '', integrity: headers.get('integrity-policy'), vary };
    };
    const overriding = '?overriding=1';
    expect(await (await get(`${origin.shell}/overrides.json`)).json()).toEqual({
      enabled: false,
      localhost: false,
      prefixes: [],
    });
    // Off, a load that says it holds an override is served as any other.
    for (const query of ['', overriding]) {
      const off = await page(query, tabCookie);
      expect(off.integrity).toBe('blocked-destinations=(script)');
      expect(off.policy).not.toContain('localhost:*');
    }
    await setOverrides(backend, { enabled: true, localhost: true, prefixes: ['https://dev.example.org/~mira/'] });
    try {
      const setting = await get(`${origin.shell}/overrides.json`);
      expect(setting.headers.get('cache-control')).toBe('no-cache');
      expect(await setting.json()).toEqual({
        enabled: true,
        localhost: true,
        prefixes: ['https://dev.example.org/~mira/'],
      });
      // Every visitor's load keeps the full policies.
      const visitor = await page('?from=link');
      expect(visitor.integrity).toBe('blocked-destinations=(script)');
      expect(visitor.policy).not.toContain('localhost:*');
      expect(visitor.policy).not.toContain('dev.example.org');
      // The tab that holds an override: its remote's code has no recorded integrity, and comes from the setting's
      // sources.
      const tab = await page(overriding, tabCookie);
      expect(tab.integrity).toBeNull();
      for (const directive of ['script-src', 'style-src', 'connect-src'])
        expect(tab.policy).toMatch(
          new RegExp(`${directive} [^;]*http://localhost:\\* [^;]*https://dev\\.example\\.org/~mira/`),
        );
      expect(tab.policy).toMatch(/connect-src [^;]*ws:\/\/localhost:\*/);
      expect(tab.policy).not.toMatch(/img-src [^;]*localhost:\*/);
      // A remote's own page, and a version's page, never load an override.
      for (const url of [
        `${origin.feed}/${feedVersion}/index.html${overriding}`,
        `${origin.shell}/${shellVersion}/index.html${overriding}`,
      ])
        expect((await get(url)).headers.get('content-security-policy') ?? '').not.toContain('localhost:*');
    } finally {
      await setOverrides(backend, { enabled: false });
    }
    const after = await page(overriding, tabCookie);
    expect(after.policy).not.toContain('localhost:*');
    expect(after.policy).not.toContain('dev.example.org');
    expect(after.integrity).toBe('blocked-destinations=(script)');
  });

  it.each(overridingLoads)(
    'where overrides are on, serves %s (%s, cookie %s) the weaker policy: %s',
    async (...load) => {
      const [, query, cookie, weak] = load;
      const backend = openStore(store);
      await setOverrides(backend, { enabled: true, localhost: true, prefixes: [] });
      try {
        const { headers } = await get(`${origin.shell}/${query}`, cookie ? { Cookie: cookie } : {});
        expect(headers.get('integrity-policy')).toBe(weak ? null : 'blocked-destinations=(script)');
        expect(headers.get('content-security-policy')?.includes('localhost:*')).toBe(weak);
        // The answer to an address that asks depends on the cookie: a cache keeps one answer per cookie.
        expect(headers.get('vary')).toBe(
          query.includes('overriding=1') ? 'Cookie, Accept-Encoding' : 'Accept-Encoding',
        );
      } finally {
        await setOverrides(backend, { enabled: false });
      }
    },
  );

  it(
    "serves a remote's live manifest at its root, its files in the live version's folder, " + 'for a remote alone',
    async () => {
      const response = await get(`${origin.feed}/mf-manifest.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const publicPath = new URL((await response.json()).metaData.publicPath);
      expect(publicPath.pathname).toBe(`/${feedVersion}/`);
      // Where a remote alone then asks for the entry: a file of the live version.
      expect((await get(`${origin.feed}${publicPath.pathname}remoteEntry.js`)).status).toBe(200);
      expect((await get(`${origin.feed}/remoteEntry.js`)).status).toBe(404);
    },
  );

  it("answers a remote's files under an attempt prefix as without it, so that Retry gets URLs of its own", async () => {
    for (const path of [`/${feedVersion}/mf-manifest.json`, `/${feedVersion}/assets/index-Ab12Cd34.js`]) {
      const plain = await get(`${origin.feed}${path}`);
      const prefixed = await get(`${origin.feed}/_attempt/3${path}`);
      expect(prefixed.status, path).toBe(200);
      expect(prefixed.headers.get('content-type'), path).toBe(plain.headers.get('content-type'));
      expect(await prefixed.text(), path).toBe(await plain.text());
    }
    const manifest = await get(`${origin.feed}/_attempt/3/mf-manifest.json`);
    expect(await manifest.text()).toBe(await (await get(`${origin.feed}/mf-manifest.json`)).text());
    expect((await get(`${origin.feed}/_attempt/3/${feedVersion}/assets/missing.css`)).status).toBe(404);
    expect((await get(`${origin.feed}/_attempt/x/${feedVersion}/mf-manifest.json`)).status).toBe(404);
    expect((await get(`${origin.shell}/_attempt/3/remotes.json`)).status).toBe(404);
  });

  it('does not serve the store files outside version folders, nor other methods than GET and HEAD', async () => {
    expect((await get(`${origin.feed}/live.json`)).status).toBe(404);
    expect((await get(`${origin.feed}/${feedVersion}/../live.json`)).status).toBe(404);
    expect((await fetch(`${origin.shell}/remotes.json`, { method: 'PUT', body: '{}' })).status).toBe(405);
  });
});
