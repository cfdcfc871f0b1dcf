// @ts-check
import { loggedLines } from '../../test-support/loggedLines.js';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { portOf } from '../../test-support/rawHttp.js';
import { startStoreServer } from '../edge/server.js';
import { promotedStore } from '../../test-support/testStore.js';
import { maxReportBytes } from '@murmur/reports';
import { reportFolderOf } from '../../test-support/reportFolderOf.js';

// Malformed, oversized and flooding reports, generated from a fixed seed, against the real store server: every one
// is refused with a 4xx, nothing of them is stored, and the server goes on answering.

const seed = 20_261_125;
const malformedCount = 5_000;
const floodCount = 1_000;
const inFlight = 16;

/** @type {Awaited<ReturnType<typeof promotedStore>>} */
let promoted;
/** The server without a rate (each report meets the schema), and one with its own, for the flood. */
/** @type {Awaited<ReturnType<typeof startStoreServer>>[]} */
const servers = [];

beforeAll(async () => {
  promoted = await promotedStore();
  for (const telemetry of [{ rate: { burst: 1e9 } }, {}])
    servers.push(
      await startStoreServer({ store: promoted.store, apps: ['shell'], portOf: () => 0, host: '127.0.0.1', telemetry }),
    );
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

const urlOf = (/** @type {number} */ index) => `http://127.0.0.1:${portOf(servers[index]?.servers[0])}`;
const stored = () => {
  return loggedLines(reportFolderOf(promoted.store)).length;
};

const version = '0123456789ab-1c0ffee';
const event = { type: 'load', app: 'feed-mfe', version, phase: 'entry', ms: 20 };
const valid = { page: 'pg_fuzz_0001', events: [event] };
const outsideKeys = (/** @type {string[]} */ known) =>
  fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !known.includes(key) && key !== '__proto__');

/** Bodies no report can be, each with the type it is sent as. */
const malformed = fc.oneof(
  // Any JSON at all: none has the report's shape.
  fc.json().map((body) => ({ body, type: 'application/json' })),
  // A report with a field the schema does not name, on the report or on its event.
  fc
    .tuple(outsideKeys(['page', 'events']), fc.jsonValue())
    .map(([key, value]) => ({ body: JSON.stringify({ ...valid, [key]: value }), type: 'application/json' })),
  fc.tuple(outsideKeys(Object.keys(event)), fc.jsonValue()).map(([key, value]) => ({
    body: JSON.stringify({ ...valid, events: [{ ...event, [key]: value }] }),
    type: 'text/plain',
  })),
  // A field of the wrong kind: a string where a number goes, or a number where a string goes.
  fc.constantFrom('page', 'app', 'version', 'phase', 'ms', 'type').chain((field) =>
    (field === 'ms' ? fc.string() : fc.double()).map((value) => ({
      body: JSON.stringify(
        field === 'page' ? { ...valid, page: value } : { ...valid, events: [{ ...event, [field]: value }] },
      ),
      type: 'application/json',
    })),
  ),
  // Over the size limit, whatever it holds.
  fc.integer({ min: 1, max: 4 * maxReportBytes }).map((extra) => ({
    body: JSON.stringify({ ...valid, page: 'p'.repeat(maxReportBytes + extra) }),
    type: 'application/json',
  })),
  // A valid report as a type a report is never sent as.
  fc
    .constantFrom('application/x-www-form-urlencoded', 'multipart/form-data', 'text/html', 'application/octet-stream')
    .map((type) => ({
      body: JSON.stringify(valid),
      type,
    })),
);

/**
 * Sends each body, `inFlight` at a time; answers the statuses in order.
 * @param {string} url
 * @param {{ body: string; type: string }[]} bodies
 */
async function sendAll(url, bodies) {
  /** @type {number[]} */
  const statuses = [];
  for (let start = 0; start < bodies.length; start += inFlight) {
    const batch = bodies.slice(start, start + inFlight).map(async ({ body, type }) => {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': type }, body });
      await response.arrayBuffer();
      return response.status;
    });
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

it(`refuses ${malformedCount} malformed and oversized reports with a 4xx, stores none, goes on answering`, async () => {
  const bodies = fc.sample(malformed, { numRuns: malformedCount, seed });
  const before = stored();
  const statuses = await sendAll(`${urlOf(0)}/_telemetry`, bodies);
  const outOfRange = statuses.filter((status) => status < 400 || status >= 500);
  expect(outOfRange).toEqual([]);
  expect(new Set(statuses)).toEqual(new Set([400, 413, 415]));
  expect(stored()).toBe(before);
  // Still answering: a valid report is taken, and the page is served.
  expect((await sendAll(`${urlOf(0)}/_telemetry`, [{ body: JSON.stringify(valid), type: 'text/plain' }]))[0]).toBe(204);
  expect(stored()).toBe(before + 1);
  expect((await fetch(`${urlOf(0)}/`)).status).toBe(200);
}, 120_000);

it(
  `takes no more of a flood of ${floodCount} reports from one client than its rate, ` + 'refusing the rest with 429',
  async () => {
    const before = stored();
    const statuses = await sendAll(
      `${urlOf(1)}/_telemetry`,
      Array.from({ length: floodCount }, () => ({ body: JSON.stringify(valid), type: 'application/json' })),
    );
    const taken = statuses.filter((status) => status === 204).length;
    // A burst of 20, and what the rate (30 a minute) refills while the flood lasts: a few seconds at most here.
    expect(taken).toBeGreaterThanOrEqual(20);
    expect(taken).toBeLessThan(40);
    expect(statuses.filter((status) => status !== 204)).toEqual(Array(floodCount - taken).fill(429));
    expect(stored()).toBe(before + taken);
    expect((await fetch(`${urlOf(1)}/remotes.json`)).status).toBe(200);
  },
  120_000,
);
