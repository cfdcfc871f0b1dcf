// @ts-check
/**
 * What an open tab spends on hearing of deployments (docs/open-tabs.md): the composed app as `npm start` serves it,
 * one signed-in tab left visible on the feed while its clock runs through an hour (Playwright's clock, a minute at a
 * time: the timers due in it fire), first with no canary in the store, then with a canary at 50 % of the feed's
 * remote (the owner of / in the route table).
 * Counted from the browser's network events: the requests for remotes.json, how many were answered 304, and
 * their bytes on the wire (request line and headers, response headers and body). Prints a table and rewrites its
 * table in docs/open-tabs.md; BENCH_QUICK=1 (`bench:tab:quick`, part of `verify`) runs it on the builds already
 * made and leaves the page alone. BENCH_SKIP_BUILD=1 reuses the builds. Run it under the port lock, as the others.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ownerOf } from '@murmur/config/routes';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { tableSection, writeDocTable } from './docTables.mjs';

/** The page whose table this bench rewrites. */
const openTabsPage = fileURLToPath(new URL('../../docs/open-tabs.md', import.meta.url));
import { openPage, signedInSession } from './scenarios.mjs';
import { build, startServers } from './servers.mjs';

const quick = process.env.BENCH_QUICK === '1';
const cli = fileURLToPath(new URL('../../packages/deploy/src/cli.js', import.meta.url));
/** The remote of the tab's screen, the one whose canary the tab hears of. */
const canaryRemote = ownerOf('/');
if (!canaryRemote) throw new Error('no remote owns / in packages/config/routes.js');
/** An hour of the tab's clock; ten minutes in the quick mode, enough for a canary's asks. */
const runMs = (quick ? 10 : 60) * 60_000;
/** The clock moves a minute at a time: no ask the tab makes comes more often. */
const stepMs = 60_000;

/**
 * Runs a store command on `store`, as an operator would, and answers its output's last line.
 * @param {string} store @param {string[]} args
 */
function storeCommand(store, args) {
  const result = spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, MURMUR_STORE: store } });
  if (result.status !== 0) throw new Error(`${args.join(' ')}: ${result.stderr}`);
  return result.stdout.toString().trimEnd().split('\n').at(-1) ?? '';
}

/**
 * Releases another version of `remote` (the live one with a comment added to a script) and makes it a canary at 50 %.
 * @param {string} store a folder store
 * @param {string} remote
 */
function startCanary(store, remote) {
  const live = storeCommand(store, ['releases', remote]).replace(/^\* /, '');
  const folder = mkdtempSync(join(tmpdir(), 'murmur-bench-canary-'));
  try {
    cpSync(join(store, remote, live), folder, {
      recursive: true,
      filter: (file) => !/\.(br|gz)$/.test(file) && !file.endsWith('.release.json'),
    });
    const script = readdirSync(join(folder, 'assets')).find((file) => file.endsWith('.js')) ?? '';
    const path = join(folder, 'assets', script);
    writeFileSync(path, `${readFileSync(path, 'utf8')}\n// a canary\n`);
    const version = storeCommand(store, ['release', remote, '--from', folder]);
    storeCommand(store, ['promote', remote, version, '--canary', '50']);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * One visible tab on the feed through `runMs` of its clock: its asks for remotes.json after the page's own load.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {Awaited<ReturnType<typeof signedInSession>>} session
 */
async function idleHour(browser, origin, session) {
  const { context, page } = await openPage(browser, session);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  /** @type {Map<string, { requestBytes: number; responseBytes: number; status: number; done: boolean }>} */
  const asks = new Map();
  let counting = false;
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (counting && new URL(request.url).pathname === '/remotes.json')
      asks.set(requestId, { requestBytes: 0, responseBytes: 0, status: 0, done: false });
  });
  cdp.on('Network.requestWillBeSentExtraInfo', ({ requestId, headers }) => {
    const ask = asks.get(requestId);
    if (ask)
      ask.requestBytes = Object.entries(headers).reduce(
        (bytes, [name, value]) => bytes + name.length + String(value).length + 4,
        'GET /remotes.json HTTP/1.1\r\n\r\n'.length,
      );
  });
  // A 304 has no body, whose end the browser would report: its headers, as received, are all of its bytes.
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode, headersText }) => {
    const ask = asks.get(requestId);
    if (ask && statusCode === 304)
      Object.assign(ask, { status: 304, responseBytes: headersText?.length ?? 0, done: true });
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const ask = asks.get(requestId);
    if (ask) ask.status = response.status;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const ask = asks.get(requestId);
    if (ask && !ask.done) Object.assign(ask, { responseBytes: encodedDataLength, done: true });
  });
  await page.clock.install();
  // Others' activity and the mock's delay off: the tab's own timers then run through the hour in seconds, and none
  // of them is a request on the network but the asks.
  await page.goto(`${origin}/?mock-live=0&mock-delay=0`);
  await page.locator('article').first().waitFor();
  counting = true;
  for (let at = 0; at < runMs; at += stepMs) {
    // Each timer due in the minute fires (once): the tab's asks among them.
    await page.clock.fastForward(stepMs);
    // The ask a timer started is on the network now: it ends before the clock moves on.
    const deadline = Date.now() + 5_000;
    const pending = () => [...asks.values()].some((ask) => !ask.done);
    if (!pending()) continue;
    while (pending() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    // And the tab has set its next ask's timer, which the next minute must find set.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await context.close();
  const all = [...asks.values()];
  return {
    requests: all.length,
    notModified: all.filter((ask) => ask.status === 304).length,
    bytes: all.reduce((sum, ask) => sum + ask.requestBytes + ask.responseBytes, 0),
  };
}

if (!quick && !process.env.BENCH_SKIP_BUILD) build('federated');
const browser = await chromium.launch(chromiumLaunchOptions);
const server = await startServers('federated').catch(async (error) => {
  await browser.close();
  throw error;
});
try {
  const session = await signedInSession(browser, server.origin);
  const quiet = await idleHour(browser, server.origin, session);
  startCanary(server.store, canaryRemote);
  const canary = await idleHour(browser, server.origin, session);
  const row = (/** @type {string} */ label, /** @type {typeof quiet} */ { requests, notModified, bytes }) =>
    `${label.padEnd(26)}${String(requests).padStart(9)}${String(notModified).padStart(7)}` +
    `${(bytes / 1024).toFixed(1).padStart(11)} KiB`;
  const table = [
    `${`an idle open tab, ${runMs / 60_000} min`.padEnd(26)}` +
      `${'requests'.padStart(9)}${'304s'.padStart(7)}${'bytes'.padStart(15)}`,
    row('no canary', quiet),
    row(`a canary of ${canaryRemote}`, canary),
  ];
  for (const line of table) console.log(line);
  if (canary.requests === 0 || canary.notModified === 0) throw new Error('the tab never asked for remotes.json again');
  if (!quick)
    writeDocTable(
      'open-tab',
      tableSection({
        settings:
          'one visible tab on the feed, its clock run through an hour; its requests for remotes.json after its load',
        table,
      }),
      openTabsPage,
    );
} finally {
  await browser.close();
  server.stop();
}
