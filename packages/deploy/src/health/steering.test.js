// @ts-check
import { createServer } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageLoadReport, postReport } from '../../test-support/reportSender.js';
import { portOf } from '../../test-support/rawHttp.js';
import { storeRequestHandler } from '../edge/server.js';
import { storeWithCanaries } from '../../test-support/testStore.js';
import { storeHealth } from './storeHealth.js';
import { rollbackVerdict } from './verdict.js';

// Outsiders trying to steer the automatic rollback with made-up reports, as the review reproduced it: through the
// real collector over HTTP, from the loopback addresses a machine has without set-up (each one a network), then the
// real figures and verdict, by the store's default setting. The collector's rate and each network's share of the log
// are lifted: an attacker patient enough sends as many reports over the window and the networks they hold, and what
// stops the attack is the figures' limits.

/** @typedef {'auth-mfe' | 'feed-mfe' | 'profile-mfe'} Remote */

/** @type {Awaited<ReturnType<typeof storeWithCanaries>>} */
let fixture;
/** @type {import('node:http').Server} */
let server;
let url = '';
/** Each remote's stable version and its canary's. */
let versions = /** @type {typeof fixture.versions} */ ({});

beforeAll(async () => {
  fixture = await storeWithCanaries();
  versions = fixture.versions;
  // The shell's handler alone: the verdict is read here, as the health job reads it.
  server = createServer(
    storeRequestHandler({
      store: fixture.store,
      app: 'shell',
      telemetry: { rate: { burst: 1e9 }, log: { limits: { networkBytes: 2 ** 40 } } },
    }),
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  url = `http://127.0.0.1:${portOf(server)}/_telemetry`;

  // Real page loads, each network a loopback address of its own. feed-mfe and auth-mfe are healthy: 100 networks,
  // each with 3 page loads on either side, none failing. profile-mfe's canary is broken: of 50 networks' page loads
  // on it, 30 fail, while the stable version's 50 are fine.
  const real = [];
  for (let network = 1; network <= 100; network += 1) {
    for (const side of /** @type {const} */ (['stable', 'canary']))
      for (let load = 0; load < 3; load += 1)
        real.push({
          from: `127.1.0.${network}`,
          body: {
            page: `pg_real_${side}_${network}_${load}`,
            events: /** @type {const} */ (['feed-mfe', 'auth-mfe']).flatMap(
              (app) => pageLoadReport('-', { app, version: versions[app][side], fails: false }).events,
            ),
          },
        });
  }
  for (let network = 1; network <= 50; network += 1)
    for (const side of /** @type {const} */ (['stable', 'canary']))
      real.push({
        from: `127.2.0.${network}`,
        body: pageLoadReport(`pg_real_profile_${side}_${network}`, {
          app: 'profile-mfe',
          version: versions['profile-mfe'][side],
          fails: side === 'canary' && network <= 30,
        }),
      });
  await sendAll(real);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(() => resolve(undefined)));
});

/**
 * Posts every report, a few at a time, each expected to be taken.
 * @param {{ from: string; body: unknown }[]} reports
 */
async function sendAll(reports) {
  const queue = [...reports];
  /** @type {number[]} */
  const statuses = [];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        statuses.push(await postReport(url, next.body, { from: next.from }));
    }),
  );
  expect(statuses.filter((status) => status !== 204)).toEqual([]);
}

/** @param {Remote} app @param {string[]} addresses @param {number} count @param {boolean} fails */
const fakePageLoads = (app, addresses, count, fails) =>
  Array.from({ length: count }, (_, index) => ({
    from: addresses[index % addresses.length] ?? '',
    body: pageLoadReport(`pg_fake_${app}_${index}`, { app, version: versions[app].canary, fails }),
  }));

/** The verdict on `app`'s canary now, as the server's automatic rollback would reach it. @param {Remote} app */
async function verdictOn(app) {
  const health = await storeHealth(fixture.store, { apps: [app] });
  const [appHealth] = health.apps;
  if (!appHealth) throw new Error(`no health for ${app}`);
  return rollbackVerdict(appHealth, health.setting, new Date());
}

it('does not roll back a healthy canary for 60 failing page loads sent from 3 addresses', async () => {
  await sendAll(fakePageLoads('feed-mfe', ['127.0.0.2', '127.0.0.3', '127.0.0.4'], 60, true));
  expect(await verdictOn('feed-mfe')).toBeNull();
});

it('does not roll back a healthy canary for 60 failing page loads sent from 1 address', async () => {
  await sendAll(fakePageLoads('auth-mfe', ['127.0.0.5'], 60, true));
  expect(await verdictOn('auth-mfe')).toBeNull();
});

it('rolls back a canary failing 60 % of its real page loads, whatever 600 fine ones from 1 address say', async () => {
  await sendAll(fakePageLoads('profile-mfe', ['127.0.0.6'], 600, false));
  expect(await verdictOn('profile-mfe')).toMatchObject({
    version: versions['profile-mfe'].canary,
    stableErrorRate: 0,
  });
});
