// @ts-check
import { expect, it } from 'vitest';
import { rollbackVerdict } from './verdict.js';

const setting = { marginPoints: 5, minPageLoads: 20, windowMinutes: 60 };
const now = new Date('2026-11-25T12:00:00.000Z');
/** @param {number} pageLoads @param {number | null} errorRate */
const version = (pageLoads, errorRate, id = '0123456789ab') => ({
  version: id,
  percent: 50,
  figures: { pageLoads, errorRate, loadFailures: 0, lcpP75: null, inpP75: null, loadTimeP75: null },
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
  // A stable version without page loads in the window counts as failing none.
  expect(rollbackVerdict(app(version(0, null), canary(6)), setting, now)).toMatchObject({ stableErrorRate: null });
  expect(rollbackVerdict(app(version(0, null), canary(5)), setting, now)).toBeNull();
});
