// @ts-check
/** The benchmark's measurements, each on a fresh browser context (a cold HTTP cache), signed in unless said. */
import { gzipSync } from 'node:zlib';
import { installProbe, readMarks } from './probe.mjs';

export const DEMO = { email: 'mira@example.com', password: 'murmur-demo' };
/** The slow network of the cold-load comparison: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
const slowNetwork = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

/** @typedef {import('@playwright/test').Browser} Browser */
/** @typedef {Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>} Session */

/** @param {Browser} browser @param {Session | undefined} session */
export async function openPage(browser, session) {
  const context = await browser.newContext(session ? { storageState: session } : {});
  const page = await context.newPage();
  await page.addInitScript(installProbe);
  return { context, page };
}

/**
 * Signs in once through the login screen and answers the stored session, as a returning person has it.
 * @param {Browser} browser @param {string} origin
 */
export async function signedInSession(browser, origin) {
  const { context, page } = await openPage(browser, undefined);
  await page.goto(`${origin}/auth`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login to your account' }).click();
  await page.locator('article').first().waitFor();
  const session = await context.storageState();
  await context.close();
  return session;
}

/**
 * A cold load of the signed-in feed: what it fetched before the first post showed, and when things happened.
 * @param {Browser} browser @param {string} origin @param {Session} session @param {{ slow?: boolean }} [options]
 */
export async function coldLoad(browser, origin, session, { slow = false } = {}) {
  const { context, page } = await openPage(browser, session);
  if (slow) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slowNetwork);
  }
  /** @type {import('@playwright/test').Request[]} */
  const finished = [];
  /** @type {Map<string, Promise<Buffer>>} */
  const bodies = new Map();
  page.on('requestfinished', (request) => finished.push(request));
  page.on('response', (response) => {
    if (['script', 'document'].includes(response.request().resourceType()))
      bodies.set(
        response.url(),
        response.body().catch(() => Buffer.alloc(0)),
      );
  });
  await page.goto(`${origin}/`);
  await page.locator('article').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const marks = await readMarks(page);
  // Each evaluated copy of the runtime's core has its own ModuleFederation class; count the classes of the instances.
  const runtimeCopies = await page.evaluate(
    () =>
      new Set(
        (Reflect.get(globalThis, '__FEDERATION__')?.__INSTANCES__ ?? []).map(
          (/** @type {object} */ instance) => instance.constructor,
        ),
      ).size,
  );
  await context.close();

  const navigationStart = Math.min(...finished.map((request) => request.timing().startTime));
  const requests = finished.map((request) => {
    const timing = request.timing();
    const start = timing.startTime - navigationStart;
    return { url: request.url(), type: request.resourceType(), start, end: start + Math.max(timing.responseEnd, 0) };
  });
  // The first load is what was asked before the first post showed; prefetches for later screens come after.
  const firstLoad = requests.filter((request) => request.start <= (marks.firstPost ?? Infinity));
  const bodyOf = (/** @type {{ url: string }} */ request) =>
    bodies.get(request.url) ?? Promise.resolve(Buffer.alloc(0));
  const scripts = [
    ...(await Promise.all(firstLoad.filter((request) => request.type === 'script').map(bodyOf))),
    // A script the page carries inline is first-load JavaScript too (the store server inlines the early script).
    ...(await Promise.all(firstLoad.filter((request) => request.type === 'document').map(bodyOf))).flatMap(
      inlineScripts,
    ),
  ];
  return {
    requests: firstLoad.length,
    jsRawKiB: scripts.reduce((sum, body) => sum + body.length, 0) / 1024,
    jsGzipKiB: scripts.reduce((sum, body) => sum + gzipSync(body).length, 0) / 1024,
    runtimeCopies,
    postsAskedMs: marks.postsAsked ?? NaN,
    firstPostMs: marks.firstPost ?? NaN,
    lcpMs: marks.lcp ?? NaN,
    waterfall: { requests, marks },
  };
}

/**
 * From pressing "Login to your account" on a fresh page to the first post on screen.
 * @param {Browser} browser @param {string} origin
 */
export async function loginToFeed(browser, origin) {
  const { context, page } = await openPage(browser, undefined);
  await page.goto(`${origin}/auth`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Login to your account' }).click();
  await page.locator('article').first().waitFor();
  const marks = await readMarks(page);
  await context.close();
  return (marks.firstPost ?? NaN) - (marks['clicked:Login to your account'] ?? NaN);
}

/**
 * From choosing "Your Profile" on the feed to the profile card on screen, mock delay 0: first visit (its remote not
 * loaded yet), then again after going back to the feed.
 * @param {Browser} browser @param {string} origin @param {Session} session
 */
export async function feedToProfile(browser, origin, session) {
  const { context, page } = await openPage(browser, session);
  await page.goto(`${origin}/?mock-delay=0`);
  await page.locator('article').first().waitFor();
  // A person reads the feed a moment before moving on; whatever the page does when idle, it has done.
  await page.waitForLoadState('networkidle');
  const openProfile = async () => {
    await page.evaluate(() => delete (/** @type {any} */ (window).__bench.profileCard));
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await page.locator('section[aria-label="Profile"] h1').waitFor();
    const marks = await readMarks(page);
    return (marks.profileCard ?? NaN) - (marks['clicked:Your Profile'] ?? NaN);
  };
  const firstVisitMs = await openProfile();
  await page.getByRole('link', { name: 'NewsFeed' }).click();
  await page.locator('article').first().waitFor();
  const visitedMs = await openProfile();
  await context.close();
  return { firstVisitMs, visitedMs };
}

/**
 * The scripts a page carries inline that run (classic or module), not its import maps or inline data.
 * @param {Buffer} html
 */
function inlineScripts(html) {
  return [...html.toString('utf8').matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].flatMap(
    ([, attributes = '', code = '']) =>
      code.trim() && !/\stype="(?!module")/.test(attributes) ? [Buffer.from(code)] : [],
  );
}
