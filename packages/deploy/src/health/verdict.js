// @ts-check

/**
 * Whether a canary is to be ended, by the store's health setting: both it and the stable version have page loads
 * from at least the minimum networks over the window (reports are anonymous: from fewer, one client may be speaking
 * for everyone; a stable version nobody reports on is no measure either), the canary has at least the minimum page
 * loads, and its error rate is more than the margin above the stable version's. Answers the record to keep of why
 * (store/liveState.js), or null to leave it running.
 * @param {import('./storeHealth.js').AppHealth} health
 * @param {import('../store/healthSetting.js').HealthSetting} setting
 * @param {Date} now
 * @returns {import('../store/liveState.js').AutoRollback | null}
 */
export function rollbackVerdict({ stable, canary }, setting, now) {
  if (!stable || !canary) return null;
  if (stable.figures.networks < setting.minNetworks || canary.figures.networks < setting.minNetworks) return null;
  if (canary.figures.pageLoads < setting.minPageLoads) return null;
  // With page loads on both sides, both rates are numbers.
  const canaryRate = canary.figures.errorRate ?? 0;
  const stableRate = stable.figures.errorRate;
  if (!(canaryRate - (stableRate ?? 0) > setting.marginPoints)) return null;
  return {
    version: canary.version,
    at: now.toISOString(),
    canaryErrorRate: canaryRate,
    stableErrorRate: stableRate,
    canaryPageLoads: canary.figures.pageLoads,
    stablePageLoads: stable.figures.pageLoads,
    marginPoints: setting.marginPoints,
    windowMinutes: setting.windowMinutes,
  };
}
