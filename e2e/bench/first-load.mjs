/**
 * Measures what DESIGN.md asks to keep within budget, on the production builds (run `npm start` first, or let
 * `pnpm --filter e2e bench` do it): the JavaScript a signed-in first load of the feed fetches (bytes, gzip), how
 * many copies of the federation runtime and of React's renderer are evaluated, and how long after the page asks for
 * the posts the feed shows them (the mock answers after 400 ms). It prints figures; it asserts nothing.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ports } from '@murmur/config/ports';
import { chromiumLaunchOptions } from '../chromium.mjs';

const runs = Number(process.env.RUNS ?? 5);
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
  let askedAt = 0;
  page.on('request', (request) => {
    if (!askedAt && request.url().includes('/api/posts')) askedAt = Date.now();
  });
  await page.goto(`${shell}/`);
  await page.getByRole('article').first().waitFor();
  feedTimes.push(Date.now() - askedAt);
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

console.log(`first load of / (signed in): ${scripts.size} scripts, ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip`);
for (const [origin, size] of byOrigin) console.log(`  ${origin}: ${(size / 1024).toFixed(1)} KiB gzip`);
console.log(`federation instances on the page: ${runtimeCopies}`);
console.log(`feed visible after the posts request: median ${sorted[Math.floor(sorted.length / 2)]} ms, min ${sorted[0]} ms, max ${sorted.at(-1)} ms over ${runs} loads (mock delay 400 ms)`);
