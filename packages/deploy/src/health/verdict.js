// @ts-check
import { excessFailureBound } from './excessFailures.js';

/**
 * Whether a canary is to be ended, by the store's health setting (the report log removes no report for another's: a
 * flood cannot push the real page loads out of what is judged, telemetry/reportWriter.js):
 * - both it and the stable version have page loads from at least the minimum networks (reports are anonymous: from
 *   fewer, one client may be speaking for everyone; a stable version nobody reports on is no measure either);
 * - the canary has at least the minimum page loads, and its failed ones come from at least the minimum failing
 *   networks more than the stable version's error rate accounts for (fewer may all be one client's made-up failures,
 *   however many page loads they are; the ordinary failures any version has are no sign of one, nor of the canary);
 * - its error rate is, with the setting's confidence, more than the margin above the stable version's
 *   (excessFailures.js): a threshold that shrinks as the sample grows, so a few failures weigh little in a small one.
 * All of it on what figures.js counts: a page load once, at most the setting's page loads from each network.
 * Answers the record to keep of why (store/liveState.js), or null to leave it running.
 * @param {import('./storeHealth.js').AppHealth} health
 * @param {import('../store/healthSetting.js').HealthSetting} setting
 * @param {Date} now
 * @returns {import('../store/liveState.js').AutoRollback | null}
 */
export function rollbackVerdict({ stable, canary }, setting, now) {
  if (!stable || !canary) return null;
  if (stable.figures.networks < setting.minNetworks || canary.figures.networks < setting.minNetworks) return null;
  if (canary.figures.pageLoads < setting.minPageLoads) return null;
  const ordinaryFailures = (stable.figures.failedPageLoads / stable.figures.pageLoads) * canary.figures.pageLoads;
  if (canary.figures.failingNetworks - ordinaryFailures < setting.minFailingNetworks) return null;
  const excess = excessFailureBound(
    { failed: canary.figures.failedPageLoads, pageLoads: canary.figures.pageLoads },
    { failed: stable.figures.failedPageLoads, pageLoads: stable.figures.pageLoads },
    setting.confidence / 100,
  );
  if (!(excess * 100 > setting.marginPoints)) return null;
  return {
    version: canary.version,
    at: now.toISOString(),
    // With page loads on both sides, both rates are numbers.
    canaryErrorRate: canary.figures.errorRate ?? 0,
    stableErrorRate: stable.figures.errorRate,
    canaryPageLoads: canary.figures.pageLoads,
    stablePageLoads: stable.figures.pageLoads,
    marginPoints: setting.marginPoints,
    confidence: setting.confidence,
    windowMinutes: setting.windowMinutes,
  };
}
