/**
 * Measures what DESIGN.md asks to keep within budget, on the production builds: the JavaScript a signed-in first
 * load of the feed fetches (bytes, gzip, by origin), how many federation instances the page holds, and how long
 * after the post list asks for posts the first post shows (the mock answers after 400 ms). It prints figures; it
 * asserts nothing. Run it against the four preview servers: `npm start` in one terminal, then
 * `npx pnpm@10.34.9 --filter e2e bench`.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ports } from '@murmur/config/ports';
import { chromiumLaunchOptions } from '../chromium.mjs';

const runs = Number(process.env.RUNS ?? 5);
// SCALE=1000:10000 measures the same load over a generated data set of that many users and posts.
const search = process.env.SCALE ? `?mock-scale=${process.env.SCALE}` : '';
const shell = `http://localhost:${ports.shell}`;
const browser = await chromium.launch(chromiumLaunchOptions);

// A stored session, as a returning person has: the first load goes straight to the feed.
const context = await browser.newContext();
const setup = await context.newPage();
await setup.goto(`${shell}/auth`);
await setup.getByLabel('Email').fill('mira@example.com');
await setup.getByLabel('Password').fill('murmur-demo');
await setup.getByRole('button', { name: 'Login to your account' }).click();
await setup.getByRole('article').first().waitFor();
await setup.close();

/** @type {number[]} */
const feedTimes = [];
/** @type {Map<string, Buffer>} */
let scripts = new Map();
let runtimeCopies = 0;
for (let run = 0; run < runs; run++) {
  const page = await context.newPage();
  /** @type {Map<string, Buffer>} */
  const loaded = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') loaded.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
  });
  // The mock back end answers inside the page, out of Playwright's sight: time it from the page itself, from the
  // moment the post list shows its loading skeleton (the posts were asked for) to the first post on screen.
  await page.addInitScript(() => {
    const times = /** @type {{ asked?: number; shown?: number }} */ ({});
    Object.assign(window, { __feedTimes: times });
    new MutationObserver(() => {
      if (times.asked === undefined && document.querySelector('[aria-busy="true"]')) times.asked = performance.now();
      if (times.shown === undefined && document.querySelector('article')) times.shown = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto(`${shell}/${search}`);
  await page.getByRole('article').first().waitFor();
  const times = await page.evaluate(() => /** @type {any} */ (window).__feedTimes);
  feedTimes.push(Math.round(times.shown - times.asked));
  runtimeCopies = await page.evaluate(() => Object.keys(/** @type {any} */ (globalThis).__FEDERATION__?.__INSTANCES__ ?? {}).length);
  scripts = loaded;
  await page.close();
}
await browser.close();

const raw = [...scripts.values()].reduce((sum, body) => sum + body.length, 0);
const gzip = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body).length, 0);
/** @type {Map<string, number>} */
const byOrigin = new Map();
for (const [url, body] of scripts) byOrigin.set(new URL(url).origin, (byOrigin.get(new URL(url).origin) ?? 0) + gzipSync(body).length);
const sorted = [...feedTimes].sort((a, b) => a - b);

console.log(`first load of /${search} (signed in): ${scripts.size} scripts, ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip`);
for (const [origin, size] of byOrigin) console.log(`  ${origin}: ${(size / 1024).toFixed(1)} KiB gzip`);
console.log(`federation instances on the page: ${runtimeCopies}`);
console.log(`feed visible after the post list asked for posts: median ${sorted[Math.floor(sorted.length / 2)]} ms, min ${sorted[0]} ms, max ${sorted.at(-1)} ms over ${runs} loads (mock delay 400 ms)`);
