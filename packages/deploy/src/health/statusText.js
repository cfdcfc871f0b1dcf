// @ts-check

/** @typedef {import('./figures.js').VersionFigures} VersionFigures */

/**
 * When a canary is rolled back, by the store's setting, as a sentence's end for `status`, `canary-health` and the
 * status page: "a canary is rolled back once it and its stable version have page loads from 5 networks (3 at most
 * counted from each), it has 50 page loads, failed ones from 10 networks beyond the stable version's rate, and an
 * error rate more than 5 points above the stable version's with 99 % confidence".
 * @param {import('../store/healthSetting.js').HealthSetting} setting
 */
export function rollbackRule(setting) {
  return (
    `a canary is rolled back once it and its stable version have page loads from ${setting.minNetworks} ` +
    `${setting.minNetworks === 1 ? 'network' : 'networks'} (${setting.pageLoadsPerNetwork} at most counted from ` +
    `each), it has ${plural(setting.minPageLoads, 'page load')}, failed ones from ` +
    `${plural(setting.minFailingNetworks, 'network')} beyond the stable version's rate, and an error rate more than ` +
    `${setting.marginPoints} points ` +
    `above the stable version's with ${setting.confidence} % confidence`
  );
}

/**
 * A version's figures as one line of `status`: "12 page loads, error rate 8.3 %, 1 load failure, LCP p75 840 ms,
 * INP p75 none, load time p75 120 ms".
 * @param {VersionFigures} figures
 */
export function figuresText(figures) {
  return [
    plural(figures.pageLoads, 'page load'),
    `error rate ${percentText(figures.errorRate)}`,
    plural(figures.loadFailures, 'load failure'),
    `LCP p75 ${msText(figures.lcpP75)}`,
    `INP p75 ${msText(figures.inpP75)}`,
    `load time p75 ${msText(figures.loadTimeP75)}`,
  ].join(', ');
}

/**
 * Why the health job ended a canary, as `status` and the job's log say it: "feed-mfe: canary <v> rolled back
 * automatically at <time>: error rate 100 % vs 0 % over 6 page loads (margin 5 points)".
 * @param {string} app
 * @param {import('../store/liveState.js').AutoRollback} record
 */
export function rollbackReason(app, record) {
  return (
    `${app}: canary ${record.version} rolled back automatically at ${record.at}: error rate ` +
    `${percentText(record.canaryErrorRate)} vs ${percentText(record.stableErrorRate)} over ` +
    `${plural(record.canaryPageLoads, 'page load')} (margin ${Number(record.marginPoints.toFixed(2))} points` +
    `${record.confidence === undefined ? '' : ` at ${record.confidence} % confidence`}, ` +
    `stable version ${plural(record.stablePageLoads, 'page load')}, last ${record.windowMinutes} min)`
  );
}

/** A rate or share in percent, "none" where there is nothing to rate. @param {number | null} value */
export function percentText(value) {
  return value === null ? 'none' : `${Number(value.toFixed(1))} %`;
}

/** A duration in whole milliseconds, "none" where nothing was measured. @param {number | null} value */
export function msText(value) {
  return value === null ? 'none' : `${Math.round(value)} ms`;
}

/** @param {number} count @param {string} noun */
function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
