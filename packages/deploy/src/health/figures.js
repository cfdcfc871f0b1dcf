// @ts-check
import { countedNetworkOf } from '../telemetry/clientNetwork.js';

/**
 * The health of one app's version over a window, from the pages' reports, as docs/canary.md defines it
 * ("Canary health"):
 * - `pageLoads`: distinct page ids with any event for the version, at most `pageLoadsPerNetwork` of each network for
 *   all the app's versions together;
 * - `networks`: the client networks those page loads came from (an IPv6 network is a /48: clientNetwork.js);
 * - `failedPageLoads`, `failingNetworks`: those page loads with at least one `error` event for the version, and the
 *   networks they came from;
 * - `errorRate`: `failedPageLoads` as a share of `pageLoads`, in percent (null without any);
 * - `loadFailures`: how many `error` events of kind load or integrity those page loads had;
 * - `lcpP75`, `inpP75`: the 75th percentile over those page loads of each one's LCP and INP, in ms (its largest value
 *   of each: the final LCP, the worst interaction), so that one page load is one value (null without any);
 * - `loadTimeP75`: the 75th percentile, over those page loads that timed a load phase, of the sum of their `load` ms.
 * @typedef {{ pageLoads: number; networks: number; failedPageLoads: number; failingNetworks: number;
 *   errorRate: number | null; loadFailures: number; lcpP75: number | null; inpP75: number | null;
 *   loadTimeP75: number | null }} VersionFigures
 */

/** A report as the collector logs it: the client's network beside what the page sent (reportFiles.js reads it). */
/** @typedef {import('@murmur/reports').Report & { network: string }} NetworkReport */

/**
 * Sums up reports into each version's figures, for the versions asked for only (`app@version` keys: the live ones,
 * storeHealth.js), so that a big log costs one pass and memory for the pages of those versions alone. Reports are
 * anonymous and their page ids the client's choice, so what one client can add is bounded: a page id counts once,
 * for the network it was first read from (its batches from elsewhere are left out), and each network counts for at
 * most `pageLoadsPerNetwork` page loads of an app, whichever of its versions they ran, the first read; events of its
 * further page loads count for nothing, so a client cannot dilute a version's failures with clean page loads, nor add
 * more than that many. A visitor keeps to one version of an app (its cohort), so the bound costs real page loads
 * little, while a client that would both dilute a canary and fail its stable version splits one allowance between
 * them. The same bound holds for the percentiles: one value a page load, so one network adds at most that many.
 * @param {AsyncIterable<NetworkReport> | Iterable<NetworkReport>} reports
 * @param {Iterable<string>} wanted keys made by `versionKey`
 * @param {{ pageLoadsPerNetwork: number }} limits
 * @returns {Promise<Map<string, VersionFigures>>}
 */
export async function figuresOf(reports, wanted, { pageLoadsPerNetwork }) {
  /** @typedef {{ network: string; failed: boolean; loadMs: number; timed: boolean; loadFailures: number;
   *   lcp: number | null; inp: number | null }} Page */
  /** @type {Map<string, { pages: Map<string, Page>; networks: Set<string> }>} */
  const tallies = new Map([...wanted].map((key) => [key, { pages: new Map(), networks: new Set() }]));
  /** The page loads counted of each app from each network, by `app network`. @type {Map<string, number>} */
  const counted = new Map();
  /** The network each page id counted was first read from. @type {Map<string, string>} */
  const pageNetworks = new Map();
  for await (const report of reports) {
    const network = countedNetworkOf(report.network);
    const owner = pageNetworks.get(report.page);
    if (owner !== undefined && owner !== network) continue;
    for (const event of report.events) {
      const tally = tallies.get(versionKey(event.app, event.version));
      if (!tally) continue;
      let page = tally.pages.get(report.page);
      if (!page) {
        const allowance = `${event.app} ${network}`;
        const taken = counted.get(allowance) ?? 0;
        if (taken >= pageLoadsPerNetwork) continue;
        counted.set(allowance, taken + 1);
        tally.networks.add(network);
        pageNetworks.set(report.page, network);
        page = { network, failed: false, loadMs: 0, timed: false, loadFailures: 0, lcp: null, inp: null };
        tally.pages.set(report.page, page);
      }
      if (event.type === 'error') {
        page.failed = true;
        if (event.kind === 'load' || event.kind === 'integrity') page.loadFailures += 1;
      } else if (event.type === 'load') {
        page.loadMs += event.ms;
        page.timed = true;
      } else if (event.name === 'LCP') page.lcp = Math.max(page.lcp ?? 0, event.value);
      else if (event.name === 'INP') page.inp = Math.max(page.inp ?? 0, event.value);
    }
  }
  return new Map(
    [...tallies].map(([key, { pages, networks }]) => {
      const loads = [...pages.values()];
      const failed = loads.filter((page) => page.failed);
      return [
        key,
        {
          pageLoads: loads.length,
          networks: networks.size,
          failedPageLoads: failed.length,
          failingNetworks: new Set(failed.map((page) => page.network)).size,
          errorRate: loads.length === 0 ? null : (failed.length / loads.length) * 100,
          loadFailures: loads.reduce((sum, page) => sum + page.loadFailures, 0),
          lcpP75: p75(loads.flatMap((page) => (page.lcp === null ? [] : [page.lcp]))),
          inpP75: p75(loads.flatMap((page) => (page.inp === null ? [] : [page.inp]))),
          loadTimeP75: p75(loads.filter((page) => page.timed).map((page) => page.loadMs)),
        },
      ];
    }),
  );
}

/** The key of an app's version in `figuresOf`'s map. @param {string} app @param {string} version */
export function versionKey(app, version) {
  return `${app}@${version}`;
}

/**
 * The 75th percentile by nearest rank: the smallest value at least 75 % of the values are at or below; null for none.
 * @param {number[]} values
 */
export function p75(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1] ?? null;
}
