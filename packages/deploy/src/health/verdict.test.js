// @ts-check
import { expect, it } from 'vitest';
import { rollbackVerdict } from './verdict.js';

const setting = { marginPoints: 5, minPageLoads: 20, windowMinutes: 60, minNetworks: 5, pageLoadsPerNetwork: 3 };
const now = new Date('2026-11-25T12:00:00.000Z');
/** @param {number} pageLoads @param {number | null} errorRate a network each, unless `networks` says */
const version = (pageLoads, errorRate, id = '0123456789ab', networks = pageLoads) => ({
  version: id,
  percent: 50,
  figures: { pageLoads, networks, errorRate, loadFailures: 0, lcpP75: null, inpP75: null, loadTimeP75: null },
});
/** @param {ReturnType<typeof version>} stable @param {ReturnType<typeof version>} canary */
const app = (stable, canary) => ({ app: 'feed-mfe', stable, canary, previous: [], autoRollback: null });

it('rolls a canary back only past the minimum sample and more than the margin above the stable version', () => {
  const canary = (/** @type {number} */ rate, pageLoads = 20) => version(pageLoads, rate, 'ba9876543210');
  expect(rollbackVerdict(app(version(100, 10), canary(15)), setting, now)).toBeNull(); // exactly the margin
  expect(rollbackVerdict(app(version(100, 10), canary(100, 19)), setting, now)).toBeNull(); // one short
  expect(rollbackVerdict(app(version(100, 10), canary(15.5)), setting, now)).toEqual({
    version: 'ba9876543210',
    at: '2026-11-25T12:00:00.000Z',
    canaryErrorRate: 15.5,
    stableErrorRate: 10,
    canaryPageLoads: 20,
    stablePageLoads: 100,
    marginPoints: 5,
    windowMinutes: 60,
  });
});

it('judges only when both versions have page loads from the minimum networks', () => {
  const failing = (/** @type {number} */ networks) => version(20, 100, 'ba9876543210', networks);
  expect(rollbackVerdict(app(version(100, 0), failing(4)), setting, now)).toBeNull();
  expect(rollbackVerdict(app(version(100, 0, undefined, 4), failing(5)), setting, now)).toBeNull();
  // A stable version nobody reports on is no measure: the canary is not judged against nothing.
  expect(rollbackVerdict(app(version(0, null), failing(20)), setting, now)).toBeNull();
  expect(rollbackVerdict(app(version(100, 0, undefined, 5), failing(5)), setting, now)).toMatchObject({
    canaryErrorRate: 100,
  });
});
