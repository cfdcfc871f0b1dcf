// @ts-check
import { loggedLines } from '../../test-support/loggedLines.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageLoadReport, postReport } from '../../test-support/reportSender.js';
import { portOf } from '../../test-support/rawHttp.js';
import { startStoreServer } from '../edge/server.js';
import { promotedStore } from '../../test-support/testStore.js';
import { crossSitePosts } from '../../test-support/crossSitePosts.js';
import { reportFolderOf } from '../../test-support/reportFolderOf.js';

// A page of another site posting reports through its visitors' browsers, against the real server: refused, nothing
// stored; the shell's own page, as a browser sends its beacon, is taken.

/** @type {Awaited<ReturnType<typeof promotedStore>>} */
let promoted;
/** @type {Awaited<ReturnType<typeof startStoreServer>>} */
let server;
let url = '';
let host = '';

beforeAll(async () => {
  promoted = await promotedStore();
  server = await startStoreServer({ store: promoted.store, apps: ['shell'], portOf: () => 0, host: '127.0.0.1' });
  host = `127.0.0.1:${portOf(server.servers[0])}`;
  url = `http://${host}/_telemetry`;
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
  expect(await post(headers)).toBe(403);
  expect(storedCount()).toBe(before);
});

it("takes a report from the page's own origin, over HTTP or through an edge that ended TLS", async () => {
  const before = storedCount();
  expect(await post({ 'Sec-Fetch-Site': 'same-origin', Origin: `http://${host}` })).toBe(204);
  expect(await post({ 'Sec-Fetch-Site': 'same-origin', Origin: `https://${host}` })).toBe(204);
  // Neither field: not a browser's, taken and counted as any client by its network.
  expect(await post({})).toBe(204);
  expect(storedCount()).toBe(before + 3);
});
