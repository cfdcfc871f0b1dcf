// @ts-check

/**
 * The health of one app's version over a window, as the contract with the pages' reports defines it
 * (docs/deploying.md, "Canary health"):
 * - `pageLoads`: distinct page ids with any event for the version;
 * - `errorRate`: the share of those page loads, in percent, with at least one `error` event for it (null without any);
 * - `loadFailures`: how many `error` events of kind load or integrity it had;
 * - `lcpP75`, `inpP75`: the 75th percentile of its LCP and INP values, in ms (null without any);
 * - `loadTimeP75`: the 75th percentile, over its page loads that timed a load phase, of the sum of their `load` ms.
 * @typedef {{ pageLoads: number; errorRate: number | null; loadFailures: number; lcpP75: number | null;
 *   inpP75: number | null; loadTimeP75: number | null }} VersionFigures
 */

/**
 * Sums up reports into each version's figures, for the versions asked for only (`app@version` keys), so that a big
 * log costs one pass and memory for the pages of those versions alone.
 * @param {AsyncIterable<import('../telemetry/reportSchema.js').Report> | Iterable<import('../telemetry/reportSchema.js').Report>} reports
 * @param {Iterable<string>} wanted keys made by `versionKey`
 * @returns {Promise<Map<string, VersionFigures>>}
 */
export async function figuresOf(reports, wanted) {
  /** @type {Map<string, { pages: Map<string, { failed: boolean; loadMs: number; timed: boolean }>; loadFailures: number; lcp: number[]; inp: number[] }>} */
  const tallies = new Map([...wanted].map((key) => [key, { pages: new Map(), loadFailures: 0, lcp: [], inp: [] }]));
  for await (const report of reports) {
    for (const event of report.events) {
      const tally = tallies.get(versionKey(event.app, event.version));
      if (!tally) continue;
      let page = tally.pages.get(report.page);
      if (!page) {
        page = { failed: false, loadMs: 0, timed: false };
        tally.pages.set(report.page, page);
      }
      if (event.type === 'error') {
        page.failed = true;
        if (event.kind === 'load' || event.kind === 'integrity') tally.loadFailures += 1;
      } else if (event.type === 'load') {
        page.loadMs += event.ms;
        page.timed = true;
      } else if (event.name === 'LCP') tally.lcp.push(event.value);
      else if (event.name === 'INP') tally.inp.push(event.value);
    }
  }
  return new Map(
    [...tallies].map(([key, { pages, loadFailures, lcp, inp }]) => {
      const loads = [...pages.values()];
      const failed = loads.filter((page) => page.failed).length;
      return [
        key,
        {
          pageLoads: loads.length,
          errorRate: loads.length === 0 ? null : (failed / loads.length) * 100,
          loadFailures,
          lcpP75: p75(lcp),
          inpP75: p75(inp),
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
