// @ts-check
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storeWithCanaries } from '../../test-support/testStore.js';
import { storeHealth } from './storeHealth.js';
import { rollbackVerdict } from './verdict.js';
import { reportFolderOf } from '../../test-support/reportFolderOf.js';

// A canary's whole life under made-up reports: real page loads arrive a few at a time, from a network each, while
// attackers post failing (or clean) page loads; after each step the real figures and verdict are read from the store's
// report log, as the health job reads them, by the store's default setting. The lines are written as both edges write
// them (telemetry/reportLog.js's `LogLine`), so everything from the log's parsing to the verdict is the real code.

/** @typedef {'auth-mfe' | 'feed-mfe' | 'profile-mfe'} Remote */
/** @typedef {Awaited<ReturnType<typeof storeWithCanaries>>} Fixture */

const remotes = /** @type {const} */ (['auth-mfe', 'feed-mfe', 'profile-mfe']);

/**
 * Appends one page load's report to the store's report log, received now from `network`.
 * @param {Fixture} fixture
 * @param {string} network as the edges log it: an IPv4 address or an IPv6 /64
 * @param {string} page
 * @param {{ app: Remote; side: 'stable' | 'canary'; fails: boolean }[]} loads what the page load ran, and whether it
 *   failed, of each app
 */
function logPageLoad(fixture, network, page, loads) {
  const folder = reportFolderOf(fixture.store);
  mkdirSync(folder, { recursive: true });
  const events = loads.flatMap(({ app, side, fails }) => {
    const version = fixture.versions[app][side];
    return [
      { type: 'load', app, version, phase: 'mount', ms: 12 },
      ...(fails ? [{ type: 'error', app, version, kind: 'mount', name: 'TypeError' }] : []),
    ];
  });
  const line = { received: new Date().toISOString(), network, report: JSON.stringify({ page, events }) };
  appendFileSync(join(folder, 'reports.jsonl'), `${JSON.stringify(line)}\n`);
}

/** A real visitor's network: an IPv4 address of its own for each page load. @param {number} index */
const visitorNetwork = (index) => `198.18.${Math.floor(index / 256)}.${index % 256}`;

let pageCount = 0;
/**
 * Real page loads of every remote on `side`, each from a network of its own; one in `failEvery` fails, the first of
 * them the last of the first `failEvery` (so that a young canary has none).
 * @param {Fixture} fixture
 * @param {'stable' | 'canary'} side
 * @param {number} count
 * @param {(index: number) => boolean} fails by the page load's index on this side
 * @param {{ next: number }} counter this side's page loads so far
 */
function realPageLoads(fixture, side, count, fails, counter) {
  for (let step = 0; step < count; step += 1) {
    const index = counter.next;
    counter.next += 1;
    pageCount += 1;
    const loads = remotes.map((app) => ({ app, side, fails: fails(index) }));
    logPageLoad(fixture, visitorNetwork(pageCount), `pg_real_${side}_${pageCount}`, loads);
  }
}

/** The verdict on each remote's canary now, as the health job would reach it. @param {Fixture} fixture */
async function verdicts(fixture) {
  const health = await storeHealth(fixture.store, { apps: remotes });
  return new Map(
    health.apps.map((app) => [app.app, { app, verdict: rollbackVerdict(app, health.setting, new Date()) }]),
  );
}

/** A healthy page load fails once in a hundred, on either version. @param {number} index */
const healthy = (index) => index % 100 === 99;

describe("a healthy canary's life", () => {
  it('is not ended by failing page loads from one network, six networks, or six /64s of one /48', async () => {
    const fixture = await storeWithCanaries();
    const attackers = /** @type {Record<Remote, string[]>} */ ({
      'feed-mfe': ['203.0.113.1'],
      'auth-mfe': ['203.0.113.11', '203.0.113.12', '203.0.113.13', '203.0.113.14', '203.0.113.15', '203.0.113.16'],
      'profile-mfe': [1, 2, 3, 4, 5, 6].map((n) => `2001:db8:77:${n}::/64`),
    });
    /** Each attacker network posts three failing page loads of its remote's canary, again and again. */
    let attacks = 0;
    const attack = () => {
      attacks += 1;
      for (const app of remotes)
        for (const [index, network] of attackers[app].entries())
          for (let load = 0; load < 3; load += 1)
            logPageLoad(fixture, network, `pg_fake_${attacks}_${app}_${index}_${load}`, [
              { app, side: 'canary', fails: true },
            ]);
    };
    const stable = { next: 0 };
    const canary = { next: 0 };
    realPageLoads(fixture, 'stable', 300, healthy, stable);
    attack();
    /** @type {Record<string, number>} the canary page loads each remote was ended at */
    const ended = {};
    // A page load at a time while the canary is young and the attackers' share the largest, then five at a time.
    for (let step = 1; canary.next < 1000; step += 1) {
      const count = canary.next < 100 ? 1 : 5;
      realPageLoads(fixture, 'canary', count, healthy, canary);
      realPageLoads(fixture, 'stable', count, healthy, stable);
      if (step % 40 === 0) attack();
      for (const [app, { verdict }] of await verdicts(fixture)) if (verdict) ended[app] ??= canary.next;
    }
    expect(ended).toEqual({});
    // Not for want of a judgement: each canary was seen whole, the attackers' failures counted in its figures.
    for (const [app, { app: health }] of await verdicts(fixture)) {
      expect(health.canary?.figures.pageLoads, app).toBeGreaterThan(1000);
      expect(health.canary?.figures.failedPageLoads, app).toBe(10 + 3 * (app === 'auth-mfe' ? 6 : 1));
    }
  }, 60_000);
});

describe("a broken canary's life", () => {
  it('is ended, failing 60 % of its real page loads, whether 25 networks dilute it or fail the stable', async () => {
    const fixture = await storeWithCanaries();
    // Each attacker network posts three clean page loads of a canary and three failing ones of its stable version,
    // in an order of its choosing: feed-mfe's attackers dilute its canary first, auth-mfe's fail its stable version
    // first, profile-mfe's take turns.
    const orders = /** @type {Record<Remote, ('canary' | 'stable')[]>} */ ({
      'feed-mfe': ['canary', 'canary', 'canary', 'stable', 'stable', 'stable'],
      'auth-mfe': ['stable', 'stable', 'stable', 'canary', 'canary', 'canary'],
      'profile-mfe': ['canary', 'stable', 'canary', 'stable', 'canary', 'stable'],
    });
    for (let network = 0; network < 25; network += 1)
      for (const app of remotes)
        for (const [load, side] of orders[app].entries())
          logPageLoad(fixture, `203.0.113.${100 + network}`, `pg_fake_${app}_${network}_${load}`, [
            { app, side, fails: side === 'stable' },
          ]);
    const stable = { next: 0 };
    const canary = { next: 0 };
    realPageLoads(fixture, 'stable', 300, () => false, stable);
    /** @type {Record<string, { real: number; canaryPageLoads: number; stablePageLoads: number }>} */
    const ended = {};
    while (canary.next < 50) {
      // Three of each five real page loads fail.
      realPageLoads(fixture, 'canary', 1, (index) => index % 5 < 3, canary);
      for (const [app, { verdict }] of await verdicts(fixture))
        if (verdict) ended[app] ??= { ...verdict, real: canary.next };
    }
    // By 50 real page loads, 30 of them failing, each canary is ended (against 24 % vs 20 % before, its canary
    // diluted by 75 clean page loads, its stable version failed by 75).
    expect(Object.keys(ended).sort()).toEqual([...remotes]);
    // The attackers' 75 page loads of each app were counted, on the sides they chose.
    for (const { real, canaryPageLoads, stablePageLoads } of Object.values(ended))
      expect(canaryPageLoads + stablePageLoads).toBe(real + 300 + 75);
  });

  it('is ended from the first judgement when 30 of its 50 real page loads fail, from as many networks', async () => {
    const fixture = await storeWithCanaries();
    const stable = { next: 0 };
    const canary = { next: 0 };
    realPageLoads(fixture, 'stable', 300, healthy, stable);
    realPageLoads(fixture, 'canary', 49, (index) => index % 5 < 3, canary);
    for (const [app, { verdict }] of await verdicts(fixture)) expect(verdict, app).toBeNull(); // one short
    realPageLoads(fixture, 'canary', 1, () => false, canary);
    for (const [app, { verdict }] of await verdicts(fixture))
      expect(verdict, app).toMatchObject({ canaryErrorRate: 60, canaryPageLoads: 50, stablePageLoads: 300 });
  });
});
