// @ts-check
/**
 * Whether moving between remotes leaves anything behind (docs/architecture.md, "How a remote is mounted"): feed <->
 * own profile round trips, as a person makes them with the User menu and the NewsFeed link, with the page's event
 * listeners, DOM nodes and JS heap counted before and after, each after the page settled and a forced garbage
 * collection. Shared by the browser test (tests/round-trips.spec.ts) and the live bench (bench/live.mjs).
 */
import { heapSnapshotMiB } from './heap.mjs';

/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {{ listeners: number; nodes: number; objectsMiB: number; codeMiB: number }} Counts */

/**
 * single-spa keeps a parcel's props until its mount and unmount timers (3-4 s of warnings and time limits) have
 * fired, and a busy machine fires them late: listeners and nodes drop in steps for seconds after a trip (686, 543,
 * 434, 400 listeners at 0, 3, 4.5 and 6 s, on two busy cores). Counts are taken after that, as the lowest of a few
 * samples a second apart, so that they tell what stays, not what is still on its way out; a leak raises them all.
 */
const SETTLE_MS = 4_500;
const SAMPLES = 3;
const SAMPLE_GAP_MS = 1_000;

/** One round trip: the own profile (its posts drawn), then the feed (its first post). @param {Page} page */
async function roundTrip(page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  await page.locator('[data-remote="profile-mfe"]').getByRole('heading', { level: 1 }).first().waitFor();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^NewsFeed/ })
    .click();
  await page.locator('[data-remote="feed-mfe"]').getByRole('article').first().waitFor();
}

/**
 * The page's listeners and nodes (the lowest of SAMPLES, each after a forced garbage collection), and its JS heap
 * split in two: `objectsMiB`, what the page's code keeps (objects, strings, arrays, closures), which is what a leak
 * grows, and `codeMiB`, the engine's compiled code (bytecode, optimized code, feedback), which keeps growing for
 * hundreds of trips as hot functions are optimized and flushed bytecode is compiled again, whatever the page keeps.
 * @param {Page} page @returns {Promise<Counts>}
 */
export async function countsOf(page) {
  await page.waitForTimeout(SETTLE_MS);
  const cdp = await page.context().newCDPSession(page);
  try {
    let listeners = Infinity;
    let nodes = Infinity;
    for (let sample = 0; sample < SAMPLES; sample++) {
      if (sample > 0) await page.waitForTimeout(SAMPLE_GAP_MS);
      await cdp.send('HeapProfiler.collectGarbage');
      const dom = await cdp.send('Memory.getDOMCounters');
      listeners = Math.min(listeners, dom.jsEventListeners);
      nodes = Math.min(nodes, dom.nodes);
    }
    return { listeners, nodes, ...(await heapSnapshotMiB(cdp)) };
  } finally {
    await cdp.detach();
  }
}

/**
 * `trips` round trips after `warmUp` more (the engine's compiled code and the caches of each screen fill on the first
 * visits), and the counts at both ends. @param {Page} page @param {number} trips @param {number} [warmUp]
 */
export async function measureRoundTrips(page, trips, warmUp = 30) {
  for (let trip = 0; trip < warmUp; trip++) await roundTrip(page);
  const before = await countsOf(page);
  for (let trip = 0; trip < trips; trip++) await roundTrip(page);
  const after = await countsOf(page);
  return { before, after };
}
