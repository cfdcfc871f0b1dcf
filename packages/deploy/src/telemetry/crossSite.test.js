// @ts-check
import { loggedLines } from '../../test-support/loggedLines.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageLoadReport, postReport } from '../../test-support/reportSender.js';
import { portOf } from '../../test-support/rawHttp.js';
import { startStoreServer } from '../edge/server.js';
import { promotedStore } from '../../test-support/testStore.js';
import { crossSitePosts, crossSiteStatus } from '../../test-support/crossSitePosts.js';
import { fakeBuild } from '../../test-support/testBuilds.js';
import { release } from '../store/release.js';
import { promote } from '../switches/promote.js';
import { reportFolderOf } from '../../test-support/reportFolderOf.js';

// A page of another site posting reports through its visitors' browsers, against the real server: refused, nothing
// stored; the shell's own page (at its recorded public URL, http://localhost:4000/), as a browser sends its beacon, is
// taken.

/** @type {Awaited<ReturnType<typeof promotedStore>>} */
let promoted;
/** @type {Awaited<ReturnType<typeof startStoreServer>>} */
let server;
let url = '';

beforeAll(async () => {
  promoted = await promotedStore();
  server = await startStoreServer({ store: promoted.store, apps: ['shell'], portOf: () => 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${portOf(server.servers[0])}/_telemetry`;
});

afterAll(async () => {
  await server.close();
});

const storedCount = () => {
  return loggedLines(reportFolderOf(promoted.store)).length;
};
let pages = 0;
/** @param {Record<string, string>} headers */
const post = (headers) => {
  pages += 1;
  const report = pageLoadReport(`pg_site_${pages}`, { app: 'feed-mfe', version: '0123456789ab-1c0ffee', fails: true });
  return postReport(url, report, { headers });
};

it.each(crossSitePosts)('refuses a report from %s with a 403 and stores nothing', async (_, headers) => {
  const before = storedCount();
  expect(await post(headers)).toBe(crossSiteStatus(headers));
  expect(storedCount()).toBe(before);
});

it("takes a report from the shell's recorded origin, under this machine's names, whatever the Host", async () => {
  const before = storedCount();
  for (const origin of ['http://localhost:4000', 'http://127.0.0.1:4000', 'http://[::1]:4000', 'HTTP://LOCALHOST:4000'])
    expect(await post({ 'Sec-Fetch-Site': 'same-origin', Origin: origin }), origin).toBe(204);
  expect(await post({ 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost:4000', Host: 'elsewhere' })).toBe(204);
  // Neither field: not a browser's, taken and counted as any client by its network.
  expect(await post({})).toBe(204);
  expect(storedCount()).toBe(before + 6);
  // Another scheme is another origin: an edge that ends TLS in front has the shell recorded at https://.
  expect(await post({ 'Sec-Fetch-Site': 'same-origin', Origin: 'https://localhost:4000' })).toBe(403);
});

it('follows a move of the shell to another public URL, with no restart', async () => {
  const from = fakeBuild({ name: 'shell', page: '<title>moved</title>' });
  const moved = await release({ store: promoted.store, app: 'shell', from });
  const env = { MURMUR_SHELL_PUBLIC_URL: 'https://murmur.example.org/' };
  await promote({ store: promoted.store, app: 'shell', version: moved.version, env });
  const before = storedCount();
  expect(await post({ 'Sec-Fetch-Site': 'same-origin', Origin: 'https://murmur.example.org' })).toBe(204);
  expect(await post({ 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost:4000' })).toBe(403);
  expect(storedCount()).toBe(before + 1);
});
