// @ts-check
/**
 * How the app feels as the data grows, on the production builds as `npm start` serves them, mock delay 400 ms: a
 * new person's tour (tour.mjs) at the seed data and at 1,000 users / 10,000 posts RUNS times each, and at 10,000
 * users / 100,000 posts BIG_RUNS times, alternating the scales so that the machine's noise falls on all. Prints one
 * table (median, min-max) beside the targets (docs/benchmarks.md, "The scale bench"), writes
 * e2e/bench-results/scale.json and rewrites its table in docs/benchmarks.md (docTables.mjs). It asserts nothing. Run
 * it under the port lock: `flock /tmp/murmur-ports.lock npx pnpm@10.34.9 --filter e2e bench:scale`
 * (BENCH_SKIP_BUILD=1 reuses the builds).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { tableSection, writeDocTable } from './docTables.mjs';
import { cell, columns } from './report.mjs';
import { build, startServers } from './servers.mjs';
import { summarize } from './stats.mjs';
import { loginScreenHeap, scrollFeed, tour } from './tour.mjs';

const runs = Number(process.env.RUNS ?? 3);
const bigRuns = Number(process.env.BIG_RUNS ?? 1);
const scrollTo = 1_000;
const outDir = fileURLToPath(new URL('../bench-results', import.meta.url));

const scales = [
  { key: 'seed', label: 'seed data', search: '', runs, timeoutMs: 30_000 },
  { key: '1k', label: '1,000 / 10,000', search: '?mock-scale=1000:10000', runs, timeoutMs: 60_000 },
  { key: '10k', label: '10,000 / 100,000', search: '?mock-scale=10000:100000', runs: bigRuns, timeoutMs: 180_000 },
];

const DELAY = 400;
/** The targets at 1,000 users / 10,000 posts (and at 100,000 posts where there is one). */
const metrics = /** @type {const} */ ([
  ['loginToFirstPostMs', '"Login to your account" -> first post', 'ms', `<= ${2 * DELAY + 150}; 100k: <= 3000`],
  ['likeShownMs', 'Like pressed -> count shown', 'ms', '<= 50'],
  ['likeSettledMs', 'Like pressed -> answer in the page', 'ms', `<= ${DELAY + 100}`],
  ['feedToExploreFirstMs', 'NewsFeed -> Explore, first time', 'ms', `<= ${DELAY + 100}`],
  ['exploreToBookmarkFirstMs', 'Explore -> Bookmark, first time', 'ms', `<= ${DELAY + 100}`],
  ['bookmarkToFeedFirstMs', 'Bookmark -> NewsFeed, first time', 'ms', `<= ${DELAY + 100}`],
  ['feedToExploreVisitedMs', 'NewsFeed -> Explore, visited', 'ms', 'immediate'],
  ['exploreToBookmarkVisitedMs', 'Explore -> Bookmark, visited', 'ms', 'immediate'],
  ['bookmarkToFeedVisitedMs', 'Bookmark -> NewsFeed, visited', 'ms', 'immediate'],
  ['profileFirstVisitMs', 'feed -> own profile, first visit', 'ms', `<= ${DELAY + 150}`],
  ['profileVisitedMs', 'feed -> own profile, second visit', 'ms', `<= ${DELAY + 150}`],
  ['heapAfterTourMiB', 'JS heap after the tour', 'MiB', '<= 40; 100k: <= 200'],
  ['loginHeapMiB', 'JS heap on the login screen', 'MiB', ''],
  ['backEndRecordsMiB', '  of it the generated records', 'MiB', ''],
  ['mostArticles', `most articles in the document, scrolling`, 'n', '<= 60'],
  ['postsReached', `  posts reached (of ${scrollTo})`, 'n', `${scrollTo}`],
]);

if (!process.env.BENCH_SKIP_BUILD) build('federated');
// The browser first: a launch that fails leaves no server holding the ports.
const browser = await chromium.launch(chromiumLaunchOptions);
const server = await startServers('federated').catch(async (error) => {
  await browser.close();
  throw error;
});
/** @type {Record<string, Record<string, number[]>>} */
const samples = {};
/** @type {string[]} */
const failures = [];
/** @param {string} scale @param {string} metric @param {number} value */
const record = (scale, metric, value) => ((samples[scale] ??= {})[metric] ??= []).push(value);

try {
  for (let run = 0; run < Math.max(...scales.map((scale) => scale.runs)); run++) {
    for (const scale of scales.filter((scale) => run < scale.runs)) {
      /**
       * @param {string} step @param {() => Promise<Record<string, number> | number>} measure
       * @param {string} [metric]
       */
      const measure = async (step, measure, metric) => {
        try {
          const figures = await measure();
          if (typeof figures === 'number') record(scale.key, metric ?? step, figures);
          else for (const [name, value] of Object.entries(figures)) record(scale.key, name, value);
        } catch (error) {
          failures.push(`${scale.label}, run ${run + 1}, ${step}: ${String(error).split('\n')[0]}`);
        }
      };
      await measure('tour', () => tour(browser, server.origin, scale.search, scale.timeoutMs));
      await measure('login heap', () => loginScreenHeap(browser, server.origin, scale.search), 'loginHeapMiB');
      // The scroll is the longest step and its figures hardly vary: once per scale.
      if (run === 0)
        await measure('scroll', () => scrollFeed(browser, server.origin, scale.search, scrollTo, scale.timeoutMs));
      process.stdout.write(`run ${run + 1}, ${scale.label}: done\n`);
    }
  }
} finally {
  await browser.close();
  server.stop();
}

/** @param {string} scale @param {string} metric */
const summaryOf = (scale, metric) => {
  if (metric === 'backEndRecordsMiB') {
    const seed = samples.seed?.loginHeapMiB ?? [];
    if (seed.length === 0) return summarize([]);
    const seedMedian = summarize(seed).median;
    return summarize((samples[scale]?.loginHeapMiB ?? []).map((heap) => heap - seedMedian));
  }
  return summarize((samples[scale]?.[metric] ?? []).filter((value) => !Number.isNaN(value)));
};
const rows = metrics.map(([key, label, unit, target]) => ({
  key,
  label,
  unit,
  target,
  ...Object.fromEntries(scales.map((scale) => [scale.key, summaryOf(scale.key, key)])),
}));
const load = loadavg().map((value) => value.toFixed(2));

const table = columns([
  ['metric', ...scales.map((scale) => scale.label), 'target (at 1,000 / 10,000)'],
  ...rows.map((row) => [
    `${row.label} [${row.unit}]`,
    ...scales.map((scale) => {
      const summary = /** @type {import('./stats.mjs').Summary} */ (/** @type {any} */ (row)[scale.key]);
      return summary.runs === 0 ? '-' : cell(summary, row.unit);
    }),
    row.target,
  ]),
]);
for (const line of table) console.log(line);
console.log(
  `median (min-max) over ${runs} runs (100,000 posts: ${bigRuns}); the scroll once per scale; delay ${DELAY} ms; ` +
    `load average ${load.join(' ')}`,
);
for (const failure of failures) console.log(`not measured: ${failure}`);

mkdirSync(outDir, { recursive: true });
const output = {
  date: new Date().toISOString(),
  runs,
  bigRuns,
  mockDelayMs: DELAY,
  loadAverage: load,
  scales,
  rows,
  samples,
  failures,
};
writeFileSync(`${outDir}/scale.json`, `${JSON.stringify(output, null, 2)}\n`);
console.log(`written: ${outDir}/scale.json`);
writeDocTable(
  'scale',
  tableSection({
    settings:
      `RUNS=${runs} BIG_RUNS=${bigRuns}, mock delay ${DELAY} ms; ` +
      'median (min-max) over the runs, the scroll once per scale',
    table: [...table, ...failures.map((failure) => `not measured: ${failure}`)],
  }),
);
