// @ts-check
/**
 * Federated vs single-bundle baseline, in one go, on the production builds: builds both (BENCH_SKIP_BUILD=1 reuses
 * the builds), serves them, measures each RUNS times (slow network: SLOW_RUNS times), alternating the two so that
 * the machine's noise falls on both, prints one table, writes bench.json and bench.html to e2e/bench-results/, and
 * rewrites its table in docs/benchmarks.md (docTables.mjs). It asserts nothing but that both apps show their first
 * post. Run it under the port lock: `flock /tmp/murmur-ports.lock npx pnpm@10.34.9 --filter e2e bench`.
 * BENCH_QUICK=1 (`bench:quick`, part of `verify`) is a smoke run on the builds already made: one run of each
 * measurement, and the docs page left as it is, since one run is no figure to publish.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { tableSection, writeDocTable } from './docTables.mjs';
import { federationTable, printTable, writeReports } from './report.mjs';
import { profiledColdLoad } from './profile.mjs';
import { coldLoad, feedToProfile, loginToFeed, signedInSession } from './scenarios.mjs';
import { build, startAllServers } from './servers.mjs';
import { summarize } from './stats.mjs';

const quick = process.env.BENCH_QUICK === '1';
const runs = quick ? 1 : Number(process.env.RUNS ?? 5);
const slowRuns = quick ? 1 : Number(process.env.SLOW_RUNS ?? 3);
const profileRuns = quick ? 0 : Number(process.env.PROFILE_RUNS ?? 0);
const outDir = fileURLToPath(new URL('../bench-results', import.meta.url));
/** @type {import('./servers.mjs').Target[]} */
const targetNames = ['federated', 'baseline'];

if (!quick && !process.env.BENCH_SKIP_BUILD) for (const target of targetNames) build(target);
// The browser first: a launch that fails leaves no server holding the ports.
const browser = await chromium.launch(chromiumLaunchOptions);
const servers = await startAllServers(targetNames).catch(async (error) => {
  await browser.close();
  throw error;
});
try {
  const apps = await Promise.all(
    servers.map(async ({ origin }, index) => ({
      target: targetNames[index] ?? 'federated',
      origin,
      session: await signedInSession(browser, origin),
    })),
  );

  /** @type {Record<string, Record<string, number[]>>} */
  const samples = { federated: {}, baseline: {} };
  /** @type {Record<string, any>} */
  const waterfalls = {};
  /** @param {string} target @param {string} metric @param {number} value */
  const record = (target, metric, value) => ((samples[target] ??= {})[metric] ??= []).push(value);

  for (let run = 0; run < runs; run++) {
    for (const { target, origin, session } of apps) {
      const load = await coldLoad(browser, origin, session);
      for (const metric of [
        'jsRawKiB',
        'jsGzipKiB',
        'requests',
        'runtimeCopies',
        'postsAskedMs',
        'firstPostMs',
        'lcpMs',
      ]) {
        record(target, metric, /** @type {any} */ (load)[metric]);
      }
      if (run === Math.floor(runs / 2)) waterfalls[target] = load.waterfall;
      record(target, 'loginToFirstPostMs', await loginToFeed(browser, origin));
      const profile = await feedToProfile(browser, origin, session);
      record(target, 'profileFirstVisitMs', profile.firstVisitMs);
      record(target, 'profileVisitedMs', profile.visitedMs);
    }
    process.stdout.write(`run ${run + 1}/${runs} done\n`);
  }
  for (let run = 0; run < slowRuns; run++) {
    for (const { target, origin, session } of apps)
      record(target, 'slowFirstPostMs', (await coldLoad(browser, origin, session, { slow: true })).firstPostMs);
  }

  /** @type {Record<string, Record<string, number>[]>} */
  const fileTimes = { federated: [], baseline: [] };
  for (let run = 0; run < profileRuns; run++) {
    for (const { target, origin, session } of apps) {
      const profile = await profiledColdLoad(browser, origin, session);
      for (const metric of /** @type {const} */ (['busyMs', 'programMs', 'scriptMs', 'gcMs']))
        record(target, metric, profile[metric]);
      fileTimes[target]?.push(profile.byFile);
    }
  }

  const profileMetrics = /** @type {const} */ ([
    ['busyMs', 'main thread busy, navigation -> first post', 'ms'],
    ['programMs', '  of it outside JavaScript: parse, compile, link', 'ms'],
    ['scriptMs', '  of it JavaScript', 'ms'],
    ['gcMs', '  of it garbage collection', 'ms'],
  ]);
  const metrics = /** @type {const} */ ([
    ['jsGzipKiB', 'first-load JS, gzip', 'KiB'],
    ['jsRawKiB', 'first-load JS, raw', 'KiB'],
    ['requests', 'requests before the first post', 'n'],
    ['runtimeCopies', 'federation runtime copies evaluated', 'n'],
    ['postsAskedMs', 'navigation -> GET /api/posts asked', 'ms'],
    ['firstPostMs', 'navigation -> first post', 'ms'],
    ['lcpMs', 'largest contentful paint', 'ms'],
    ['loginToFirstPostMs', 'Login pressed -> first post', 'ms'],
    ['profileFirstVisitMs', 'feed -> profile card, first visit, delay 0', 'ms'],
    ['profileVisitedMs', 'feed -> profile card, visited, delay 0', 'ms'],
    ...(slowRuns > 0
      ? /** @type {const} */ ([['slowFirstPostMs', 'slow network: navigation -> first post', 'ms']])
      : []),
    ...(profileRuns > 0 ? profileMetrics : []),
  ]);
  const rows = metrics.map(([key, label, unit]) => {
    const federated = summarize(samples.federated?.[key] ?? []);
    const baseline = summarize(samples.baseline?.[key] ?? []);
    return {
      key,
      label,
      unit,
      federated,
      baseline,
      ratio: baseline.median === 0 ? (federated.median === 0 ? 1 : Infinity) : federated.median / baseline.median,
    };
  });
  printTable(rows);
  if (profileRuns > 0) for (const target of targetNames) printTopFiles(target, fileTimes[target] ?? []);
  writeReports(outDir, {
    date: new Date().toISOString(),
    runs,
    slowRuns,
    mockDelayMs: 400,
    rows,
    selfTimeByFile: fileTimes,
    waterfalls: /** @type {any} */ (waterfalls),
  });
  console.log(`written: ${outDir}/bench.json, ${outDir}/bench.html`);
  if (!quick)
    writeDocTable(
      'federation',
      tableSection({
        settings:
          `RUNS=${runs} SLOW_RUNS=${slowRuns}, mock delay 400 ms; ` +
          'median (min-max) over the runs, ratio = federated / baseline median',
        table: federationTable(rows),
      }),
    );
} finally {
  await browser.close();
  for (const server of servers) server.stop();
}

/**
 * The script files with the most self time in the profiled loads, by the median over the runs (a file absent from a
 * run counts 0 there).
 * @param {string} target @param {Record<string, number>[]} runs
 */
function printTopFiles(target, runs) {
  const files = [...new Set(runs.flatMap((run) => Object.keys(run)))];
  const medians = files
    .map((file) => ({ file, ms: summarize(runs.map((run) => run[file] ?? 0)).median }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 12);
  console.log(`\n${target}: self time by file, median of ${runs.length} profiled loads [ms]`);
  for (const { file, ms } of medians) console.log(`${ms.toFixed(1).padStart(8)}  ${file}`);
}
