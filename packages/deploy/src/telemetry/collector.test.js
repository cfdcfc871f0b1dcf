// @ts-check
import { loggedLines } from '../../test-support/loggedLines.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portOf } from '../../test-support/rawHttp.js';
import { startStoreServer } from '../edge/server.js';
import { promotedStore } from '../../test-support/testStore.js';
import { maxReportBytes } from '@murmur/reports';
import { reportFolderOf } from '../../test-support/reportFolderOf.js';

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

const version = '0123456789ab-1c0ffee';
/** A report as a page sends it: the load phases of feed-mfe, a vital, an error without any text of the page. */
const report = () => ({
  page: 'pg_7f3a9c21d4',
  events: [
    { type: 'load', app: 'feed-mfe', version, phase: 'manifest', ms: 41.5 },
    { type: 'load', app: 'feed-mfe', version, phase: 'mount', ms: 12 },
    { type: 'vital', app: 'feed-mfe', version, name: 'LCP', value: 840 },
    { type: 'error', app: 'profile-mfe', version, kind: 'runtime', name: 'TypeError', script: '/a/assets/remote.js' },
  ],
});

/** @param {unknown} body @param {Record<string, string>} [headers] */
const send = (body, headers = { 'Content-Type': 'application/json' }) =>
  fetch(url, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** The reports the store holds, in order. */
const stored = () => loggedLines(reportFolderOf(promoted.store));

describe('the store server takes the reports of the pages it serves', () => {
  it('stores a report that fits the schema, with when it came, and answers 204', async () => {
    const before = stored().length;
    const response = await send(report());
    expect(response.status).toBe(204);
    const after = stored();
    expect(after).toHaveLength(before + 1);
    // The line nginx writes too (reportLog.js): the report as text beside when it came and the client's network.
    expect(after.at(-1)).toEqual({ received: expect.any(String), network: '127.0.0.1', report: expect.any(String) });
    expect(JSON.parse(after.at(-1)?.report ?? '')).toEqual(report());
    // sendBeacon sends a string as text/plain.
    expect((await send(report(), { 'Content-Type': 'text/plain;charset=UTF-8' })).status).toBe(204);
    expect(stored()).toHaveLength(before + 2);
  });

  it.each([
    [
      'an error with its message (it may hold what a person wrote)',
      { ...report(), events: [{ ...report().events[3], message: 'Mira wrote: hi' }] },
    ],
    ['a field the schema does not name', { ...report(), user: 'miraokafor' }],
    ['an app that does not exist', { ...report(), events: [{ ...report().events[0], app: 'admin-mfe' }] }],
    ['a time out of range', { ...report(), events: [{ ...report().events[0], ms: -1 }] }],
    ['no events', { ...report(), events: [] }],
    ['too many events', { ...report(), events: Array.from({ length: 101 }, () => report().events[0]) }],
    [
      'a script path with a query (a token could ride in it)',
      { ...report(), events: [{ ...report().events[3], script: '/a.js?token=x' }] },
    ],
  ])('refuses %s with a 400 and stores nothing', async (_, body) => {
    const before = stored().length;
    const response = await send(body);
    expect(response.status).toBe(400);
    expect(stored()).toHaveLength(before);
  });

  it('refuses what is not a JSON report, a report over the size limit, other methods, storing nothing', async () => {
    const before = stored().length;
    expect((await send('{"page":')).status).toBe(400);
    expect((await send(report(), { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    const padded = { ...report(), page: 'p'.repeat(maxReportBytes) };
    expect((await send(padded)).status).toBe(413);
    expect((await fetch(url)).status).toBe(405);
    expect(stored()).toHaveLength(before);
  });
});
