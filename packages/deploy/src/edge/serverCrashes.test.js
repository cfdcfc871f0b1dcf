// @ts-check
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appNames } from '@murmur/config/apps';
import { request } from '../../test-support/rawHttp.js';
import { startServerProcess } from '../../test-support/serverProcess.js';
import { storeLayout } from '../store/storePaths.js';
import { promotedStore } from '../../test-support/testStore.js';

// Each defect here once ended the server's process, and with it every port: the server runs in a process of its
// own, so that an exception escaping a handler ends it here too, and each test checks every port answers after.

/** @type {Awaited<ReturnType<typeof startServerProcess>> | null} */
let server = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

/**
 * @param {{
 *   vanishing?: (store: string, versions: Record<import('@murmur/config/apps').AppName, string>) => string[]
 * }} [options]
 */
async function serve({ vanishing } = {}) {
  const { store, versions } = await promotedStore();
  server = await startServerProcess({ store, vanishing: vanishing?.(store, versions) ?? [] });
  return { store, versions, layout: storeLayout(store), ports: server.ports, running: server };
}

/** @param {Awaited<ReturnType<typeof serve>>} served */
async function expectEveryPortAnswers({ ports, versions, running }) {
  for (const app of appNames) {
    const path = app === 'shell' ? '/remotes.json' : `/${versions[app]}/mf-manifest.json`;
    const { response } = await request(ports[app], path);
    expect(response?.status, `${app} ${path}`).toBe(200);
  }
  expect(running.hasExited()).toBe(false);
}

describe('the store server goes on serving every port after', () => {
  it('a target that new URL() cannot parse (//a:99999/), which is a route: the live page', async () => {
    const served = await serve();
    for (const app of appNames) {
      const { response } = await request(served.ports[app], '//a:99999/');
      expect(response?.status, app).toBe(200);
      expect(response?.body.toString(), app).toContain(`<base href="/${served.versions[app]}/" />`);
    }
    await expectEveryPortAnswers(served);
  });

  it('a reversed Range (bytes=50-10), unsatisfiable: 416 with the size of the file it applies to', async () => {
    const served = await serve();
    const path = `/${served.versions['feed-mfe']}/assets/index-Ab12Cd34.js`;
    const size = statSync(join(served.layout.appDir('feed-mfe'), path)).size;
    // A range applies to the file as it is, even when a precompressed one would be sent for the whole.
    for (const encoding of ['identity', 'gzip, br']) {
      const { response } = await request(served.ports['feed-mfe'], path, {
        headers: [
          ['Range', 'bytes=50-10'],
          ['Accept-Encoding', encoding],
        ],
      });
      expect(response?.status, encoding).toBe(416);
      expect(response?.headers.get('content-range'), encoding).toEqual([`bytes */${size}`]);
    }
    await expectEveryPortAnswers(served);
  });

  it('an invalid live.json: the server reads none, and every path answers as before', async () => {
    const served = await serve();
    const file = served.layout.liveState('feed-mfe');
    for (const content of ['{"version": "ab', '[]', '{"version": 5}', '{"version": "../../../etc"}']) {
      writeFileSync(file, content);
      expect((await request(served.ports['feed-mfe'], '/mf-manifest.json')).response?.status, content).toBe(200);
      expect((await request(served.ports['feed-mfe'], '/users/mira')).response?.status, content).toBe(200);
      await expectEveryPortAnswers(served);
    }
  });

  it('an invalid remotes.json: 500 for it and the pages whose policy names its origins, logged once each', async () => {
    const served = await serve();
    const shell = served.ports.shell;
    const pointer = served.layout.remotesPointer;
    const valid = readFileSync(pointer, 'utf8');
    for (const content of [
      '{"feed-mfe": "http://loc',
      '["http://localhost:4002/x/mf-manifest.json"]',
      '{"feed-mfe": 42}',
      '{"feed-mfe": "javascript:alert(1)"}',
    ]) {
      writeFileSync(pointer, content);
      const logged = served.running.errorLines.length;
      for (const path of ['/', `/${served.versions.shell}/index.html`, '/remotes.json']) {
        expect((await request(shell, path)).response?.status, `${content} ${path}`).toBe(500);
      }
      expect(await served.running.errorLinesAfter(logged, 3), content).toHaveLength(3);
      const feedFile = `/${served.versions['feed-mfe']}/remoteEntry.js`;
      expect((await request(served.ports['feed-mfe'], feedFile)).response?.status, content).toBe(200);
      expect(served.running.hasExited()).toBe(false);
    }
    writeFileSync(pointer, valid);
    await expectEveryPortAnswers(served);
  });

  it('the pages and remotes.json vanishing as they are read: 404, as when they are absent', async () => {
    const served = await serve({
      vanishing: (store) => [
        storeLayout(store).livePage('shell'),
        storeLayout(store).routePage('feed-mfe'),
        storeLayout(store).remotesPointer,
      ],
    });
    expect((await request(served.ports.shell, '/')).response?.status).toBe(404);
    expect((await request(served.ports.shell, '/remotes.json')).response?.status).toBe(404);
    expect(served.running.hasExited()).toBe(false);
    for (const app of appNames.filter((app) => app !== 'shell')) {
      const { response } = await request(served.ports[app], `/${served.versions[app]}/mf-manifest.json`);
      expect(response?.status, app).toBe(200);
    }
  });

  it('a file vanishing before its read stream opens: that response ends unfinished, logged once', async () => {
    const css = (/** @type {string} */ version) => `/${version}/assets/index-Ab12Cd34.css`;
    const served = await serve({
      vanishing: (store, versions) => [join(storeLayout(store).appDir('feed-mfe'), css(versions['feed-mfe']))],
    });
    const logged = served.running.errorLines.length;
    const { response, closedByServer } = await request(served.ports['feed-mfe'], css(served.versions['feed-mfe']));
    expect(response).toBeNull();
    expect(closedByServer).toBe(true);
    expect(await served.running.errorLinesAfter(logged, 1)).toEqual([expect.stringContaining('ENOENT')]);
    await expectEveryPortAnswers(served);
  });
});
