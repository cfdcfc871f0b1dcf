// @ts-check

/**
 * Whether a canary is to be ended, by the store's health setting: it has at least the minimum page loads over the
 * window, and its error rate is more than the margin above the stable version's (taken as 0 where the stable version
 * has no page loads in the window: a canary failing that often is broken whatever the stable version does). Answers
 * the record to keep of why (liveState.js), or null to leave it running.
 * @param {import('./storeHealth.js').AppHealth} health
 * @param {import('./settings.js').HealthSetting} setting
 * @param {Date} now
 * @returns {import('../liveState.js').AutoRollback | null}
 */
export function rollbackVerdict({ stable, canary }, setting, now) {
  if (!stable || !canary) return null;
  const canaryRate = canary.figures.errorRate ?? 0;
  const stableRate = stable.figures.errorRate;
  if (canary.figures.pageLoads < setting.minPageLoads) return null;
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
