// @ts-check
/**
 * A feed that is alive, held open (docs/benchmarks.md, "The live bench"): at 10,000 users / 100,000 posts, others post
 * a second (`?mock-live=1`) for LIVE_MINUTES (10) while the reader sits at the 30th post of the feed, mock delay
 * 400 ms, the page asking for new posts at its own interval. Prints the largest shift of the post under the eye, Like
 * pressed -> count shown, the most articles in the document, the JS heap at the start and the end, the cost of one
 * "anything new?" question at 4 and at 100,000 posts, and LIVE_TRIPS (200) feed <-> profile round trips' listeners,
 * nodes and heap. Writes e2e/bench-results/live.json and its table in docs/benchmarks.md; asserts nothing.
 * Quick mode, as `npm test` runs it: `LIVE_MINUTES=0.1 LIVE_TRIPS=6 BENCH_DOCS=0` (`bench:live:quick`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { tableSection, writeDocTable } from './docTables.mjs';
import { columns } from './report.mjs';
import { measureRoundTrips } from './roundTrips.mjs';
import { DEMO } from './scenarios.mjs';
import { build, startServers } from './servers.mjs';
import { summarize } from './stats.mjs';
import { heapMiB } from './heap.mjs';

/** @typedef {import('@playwright/test').Page} Page */

const minutes = Number(process.env.LIVE_MINUTES ?? 10);
const trips = Number(process.env.LIVE_TRIPS ?? 200);
/** Round trips made before the counts start, as many as are counted up to 30: the quick mode's 6 need no more. */
const warmUpTrips = Math.min(trips, 30);
const SCALE = 'mock-scale=10000:100000';
/** How often the reader likes a post while reading: the Like figure's samples. */
const LIKE_EVERY_MS = 15_000;
const QUESTIONS = 200;
const outDir = fileURLToPath(new URL('../bench-results', import.meta.url));

/** @param {Page} page @param {string} origin @param {string} search */
async function signIn(page, origin, search) {
  await page.goto(`${origin}/auth?${search}`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login to your account' }).click();
  await page.getByRole('feed', { name: 'Posts' }).getByRole('article').first().waitFor({ timeout: 180_000 });
}

/**
 * The median time of one "anything new?" question answered by the back end in the page (mock delay 0), asked about
 * its oldest post, the farthest from the newest: the index answers with a lookup and a binary search at any scale.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin @param {string} search @param {string} since
 */
async function questionCost(browser, origin, search, since) {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/auth?mock-delay=0&${search}`);
    await page.getByLabel('Email').waitFor({ timeout: 180_000 });
    const times = await page.evaluate(
      async ({ since, questions }) => {
        const ask = () =>
          new Promise((resolve, reject) => {
            const request = new XMLHttpRequest();
            request.open('GET', `/api/posts/newer?since=${since}`);
            request.onload = () => (request.status === 200 ? resolve(request.responseText) : reject(request.status));
            request.onerror = reject;
            request.send();
          });
        // With delay 0 the answer waits for a zero timer: the same at any scale, measured apart and taken off.
        const timer = () => new Promise((resolve) => setTimeout(resolve, 0));
        const spent = [];
        for (let i = 0; i < questions; i++) {
          const start = performance.now();
          await ask();
          const asked = performance.now() - start;
          const zero = performance.now();
          await timer();
          spent.push(Math.max(0, asked - (performance.now() - zero)));
        }
        return spent;
      },
      { since, questions: QUESTIONS },
    );
    return summarize(times).median;
  } finally {
    await page.close();
  }
}

/**
 * The reader at the 30th post for `ms`, with a post a second by others; every frame notes how far the post at the
 * viewport's top moved, and the reader likes a post now and then. @param {Page} page @param {number} ms
 */
async function readWhileLive(page, ms) {
  await page.getByRole('feed', { name: 'Posts' }).getByRole('article').first().focus();
  for (let step = 1; step < 30; step++) await page.keyboard.press('PageDown');
  await page.locator('article[aria-posinset="30"]').waitFor();
  await page.evaluate(() => {
    const article = /** @type {HTMLElement} */ (document.querySelector('article[aria-posinset="30"]'));
    window.scrollBy(0, article.getBoundingClientRect().top - 120);
    const state = { top: article.getBoundingClientRect().top, shift: 0, gone: false, mostArticles: 0, waiting: 0 };
    Object.assign(window, { __live: state });
    const watch = () => {
      if (!article.isConnected) state.gone = true;
      else state.shift = Math.max(state.shift, Math.abs(article.getBoundingClientRect().top - state.top));
      state.mostArticles = Math.max(state.mostArticles, document.querySelectorAll('article').length);
      const control = [...document.querySelectorAll('button')].find((b) => / new posts?$/.test(b.textContent ?? ''));
      state.waiting = Math.max(state.waiting, Number(control?.textContent?.match(/\d+/)?.[0] ?? 0));
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  const likes = [];
  const end = Date.now() + ms;
  // A short run (quick mode) still likes a post halfway through, so that the figure's path runs on every commit.
  const likeEvery = Math.min(LIKE_EVERY_MS, ms / 2);
  while (Date.now() < end) {
    const wait = Math.min(likeEvery, end - Date.now());
    await page.waitForTimeout(wait);
    if (Date.now() >= end) break;
    const shown = await likeOnScreen(page);
    if (shown !== null) likes.push(shown);
  }
  const state = await page.evaluate(
    () =>
      /** @type {{ shift: number; gone: boolean; mostArticles: number; waiting: number }} */ (
        /** @type {any} */ (window).__live
      ),
  );
  return { ...state, likes };
}

/**
 * Presses Like on a post on screen (a like, or the unlike of one liked before: the reader stays on the same few posts)
 * and answers the ms from the press to the frame after its count changed, or null when none is on screen.
 * @param {Page} page
 */
async function likeOnScreen(page) {
  return page.evaluate(async () => {
    const button = [...document.querySelectorAll('button[aria-label="Like"]')].find((b) => {
      const { top, bottom } = b.getBoundingClientRect();
      return top > 80 && bottom < innerHeight;
    });
    const count = button?.nextElementSibling ?? button?.parentElement?.querySelector('span');
    if (!button || !count) return null;
    const before = count.textContent;
    const start = performance.now();
    /** @type {Promise<number>} */
    const shown = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (count.textContent === before) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - start));
      });
      observer.observe(count, { characterData: true, childList: true, subtree: true });
    });
    /** @type {HTMLElement} */ (button).click();
    return shown;
  });
}

if (!process.env.BENCH_SKIP_BUILD) build('federated');
const browser = await chromium.launch(chromiumLaunchOptions);
const server = await startServers('federated').catch(async (error) => {
  await browser.close();
  throw error;
});
/** @type {Record<string, number | string>} */
const figures = {};
/** @type {string[]} */
const failures = [];
/** @param {string} step @param {() => Promise<void>} measure */
const attempt = async (step, measure) => {
  try {
    await measure();
  } catch (error) {
    failures.push(`${step}: ${String(error).split('\n')[0]}`);
  }
};

try {
  await attempt('question cost', async () => {
    figures.questionAt4Ms = await questionCost(browser, server.origin, '', 'post-seed-04');
    figures.questionAt100kMs = await questionCost(browser, server.origin, SCALE, 'post-gen-000001');
  });
  await attempt('live reading', async () => {
    const page = await browser.newPage();
    try {
      await signIn(page, server.origin, `${SCALE}&mock-live=1`);
      figures.heapStartMiB = await heapMiB(page);
      const live = await readWhileLive(page, minutes * 60_000);
      figures.heapEndMiB = await heapMiB(page);
      figures.largestShiftPx = live.gone ? NaN : live.shift;
      figures.mostArticles = live.mostArticles;
      figures.mostWaiting = live.waiting;
      figures.likeShownMs = summarize(live.likes).median;
      figures.likes = live.likes.length;
    } finally {
      await page.close();
    }
  });
  await attempt('round trips', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.origin}/auth?mock-delay=0`);
      await page.getByLabel('Email').fill(DEMO.email);
      await page.getByLabel('Password').fill(DEMO.password);
      await page.getByRole('button', { name: 'Login to your account' }).click();
      await page.getByRole('article').first().waitFor();
      const { before, after } = await measureRoundTrips(page, trips, warmUpTrips);
      Object.assign(figures, {
        listenersBefore: before.listeners,
        listenersAfter: after.listeners,
        nodesBefore: before.nodes,
        nodesAfter: after.nodes,
        tripObjectsBeforeMiB: before.objectsMiB,
        tripObjectsAfterMiB: after.objectsMiB,
        tripCodeBeforeMiB: before.codeMiB,
        tripCodeAfterMiB: after.codeMiB,
      });
    } finally {
      await page.close();
    }
  });
} finally {
  await browser.close();
  server.stop();
}

/** @param {string} key @param {(value: number) => string} format */
const show = (key, format) =>
  typeof figures[key] === 'number' && !Number.isNaN(figures[key]) ? format(/** @type {number} */ (figures[key])) : '-';
const ms = (/** @type {number} */ value) => value.toFixed(value < 10 ? 2 : 0);
const mib = (/** @type {number} */ value) => value.toFixed(1);
const mib2 = (/** @type {number} */ value) => value.toFixed(2);
const whole = (/** @type {number} */ value) => String(Math.round(value));
const table = columns([
  ['metric', 'value', 'goal'],
  ['largest shift of the post under the eye [px]', show('largestShiftPx', (v) => v.toFixed(1)), '0'],
  [`Like pressed -> count shown, median of ${figures.likes ?? 0} [ms]`, show('likeShownMs', whole), '<= 50'],
  ['most articles in the document [n]', show('mostArticles', whole), '<= 60'],
  ['most new posts waiting, as the control said [n]', show('mostWaiting', whole), ''],
  ['JS heap at the start [MiB]', show('heapStartMiB', mib), ''],
  ['JS heap at the end [MiB]', show('heapEndMiB', mib), 'start + 10'],
  ['"anything new?" at 4 posts, median [ms]', show('questionAt4Ms', ms), ''],
  ['"anything new?" at 100,000 posts, median [ms]', show('questionAt100kMs', ms), 'as at 4'],
  [
    `event listeners before / after ${trips} round trips [n]`,
    `${show('listenersBefore', whole)} / ${show('listenersAfter', whole)}`,
    'within 5 %',
  ],
  [
    `DOM nodes before / after ${trips} round trips [n]`,
    `${show('nodesBefore', whole)} / ${show('nodesAfter', whole)}`,
    'within 5 %',
  ],
  [
    `JS heap, objects, before / after ${trips} round trips [MiB]`,
    `${show('tripObjectsBeforeMiB', mib2)} / ${show('tripObjectsAfterMiB', mib2)}`,
    '+1 at most',
  ],
  [
    `JS heap, compiled code, before / after ${trips} round trips [MiB]`,
    `${show('tripCodeBeforeMiB', mib2)} / ${show('tripCodeAfterMiB', mib2)}`,
    '',
  ],
]);
const load = loadavg().map((value) => value.toFixed(2));
for (const line of table) console.log(line);
console.log(`${minutes} min of a post a second at 10,000 / 100,000, delay 400 ms; load average ${load.join(' ')}`);
for (const failure of failures) console.log(`not measured: ${failure}`);

mkdirSync(outDir, { recursive: true });
const output = { date: new Date().toISOString(), minutes, trips, loadAverage: load, figures, failures };
writeFileSync(`${outDir}/live.json`, `${JSON.stringify(output, null, 2)}\n`);
console.log(`written: ${outDir}/live.json`);
writeDocTable(
  'live',
  tableSection({
    settings:
      `LIVE_MINUTES=${minutes} LIVE_TRIPS=${trips}, ` +
      '10,000 users / 100,000 posts, a post a second, mock delay 400 ms',
    table: [...table, ...failures.map((failure) => `not measured: ${failure}`)],
  }),
);
if (failures.length > 0) process.exitCode = 1;
