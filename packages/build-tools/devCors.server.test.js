// @ts-check
/**
 * A remote's real dev server (feed-mfe's, made by vite.js as `npm run dev` makes it) answers other origins only as
 * devCors.js allows: its modules, and the watch build a deployed tab overrides the remote with.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'vite';
import { murmurAppConfig } from './vite.js';

const root = fileURLToPath(new URL('../../feed-mfe/', import.meta.url));
/** @type {import('vite').ViteDevServer} */
let server;
let base = '';

beforeAll(async () => {
  const config = murmurAppConfig({ app: 'feed-mfe', root });
  server = await createServer({
    ...config,
    configFile: false,
    logLevel: 'silent',
    server: { ...config.server, port: 0, strictPort: false, hmr: false },
  });
  await server.listen();
  const address = server.httpServer?.address();
  base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);
afterAll(() => server?.close());

/**
 * The `Access-Control-Allow-Origin` a request from `origin` gets for `path`; the body is not waited for.
 * @param {string} path @param {string} origin
 */
async function allowedOriginFor(path, origin) {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, { headers: { Origin: origin }, signal: controller.signal });
  controller.abort();
  return response.headers.get('access-control-allow-origin');
}

describe("a remote's dev server, read from another origin", () => {
  it('answers a page on this machine, and gives no other site its modules', async () => {
    expect(await allowedOriginFor('/src/exposes.ts', 'http://localhost:4000')).toBe('http://localhost:4000');
    expect(await allowedOriginFor('/src/exposes.ts', 'https://evil.example')).toBeNull();
  });

  it('serves its watch build to a page on this machine only', async () => {
    expect(await allowedOriginFor('/_build/updates', 'http://localhost:4000')).toBe('http://localhost:4000');
    expect(await allowedOriginFor('/_build/updates', 'https://evil.example')).toBeNull();
  });
});
