// @ts-check
import { expect, it } from 'vitest';
import { defaultHealthSetting } from '../store/healthSetting.js';
import { rollbackVerdict } from './verdict.js';

const setting = { ...defaultHealthSetting, minPageLoads: 20, minNetworks: 5, minFailingNetworks: 5 };
const now = new Date('2026-11-25T12:00:00.000Z');
/**
 * A version's figures: its page loads from a network each, unless `networks` says; its failed ones from as many
 * networks, unless `failingNetworks` says.
 * @param {number} pageLoads
 * @param {number} failed
 */
const version = (pageLoads, failed, { id = '0123456789ab', networks = pageLoads, failingNetworks = failed } = {}) => ({
  version: id,
  percent: 50,
  figures: {
    pageLoads,
    networks,
    failedPageLoads: failed,
    failingNetworks,
    errorRate: pageLoads === 0 ? null : (failed / pageLoads) * 100,
    loadFailures: 0,
    lcpP75: null,
    inpP75: null,
    loadTimeP75: null,
  },
});
/** @param {ReturnType<typeof version>} stable @param {ReturnType<typeof version>} canary */
const app = (stable, canary) => ({ app: 'feed-mfe', stable, canary, previous: [], autoRollback: null });
const canary = (/** @type {number} */ pageLoads, /** @type {number} */ failed, options = {}) =>
  version(pageLoads, failed, { id: 'ba9876543210', ...options });

it('weighs a few failures as little in a small sample, and a real difference as enough in a large one', () => {
  // 3 failing of 50 is 6 % against none, but could be chance, or one client: no verdict. 30 of 50 is no chance.
  expect(rollbackVerdict(app(version(300, 0), canary(50, 3)), setting, now)).toBeNull();
  expect(rollbackVerdict(app(version(300, 0), canary(50, 30)), setting, now)).toEqual({
    version: 'ba9876543210',
    at: '2026-11-25T12:00:00.000Z',
    canaryErrorRate: 60,
    stableErrorRate: 0,
    canaryPageLoads: 50,
    stablePageLoads: 300,
    marginPoints: 5,
    confidence: 99,
    windowMinutes: 60,
  });
  // 15.5 % against 10 %: within what 200 page loads a side can tell from the margin, past it over 100,000.
  expect(rollbackVerdict(app(version(200, 20), canary(200, 31)), setting, now)).toBeNull();
  expect(rollbackVerdict(app(version(100_000, 10_000), canary(100_000, 15_500)), setting, now)).toMatchObject({
    canaryErrorRate: 15.5,
    stableErrorRate: 10,
  });
  // Never more than the margin, however large the sample: 14 % against 10 %.
  expect(rollbackVerdict(app(version(100_000, 10_000), canary(100_000, 14_000)), setting, now)).toBeNull();
});

it('holds the difference to the confidence asked: less confidence, fewer failures needed', () => {
  const young = app(version(300, 0), canary(50, 6));
  expect(rollbackVerdict(young, setting, now)).toBeNull();
  expect(rollbackVerdict(young, { ...setting, confidence: 90 }, now)).toMatchObject({ confidence: 90 });
});

it('judges only past the minimum page loads, and failures from the minimum failing networks', () => {
  expect(rollbackVerdict(app(version(100, 0), canary(19, 19)), setting, now)).toBeNull(); // one short
  // All 50 failing, but from 4 networks: as one client with 4 addresses could make them up.
  expect(rollbackVerdict(app(version(300, 0), canary(50, 50, { failingNetworks: 4 })), setting, now)).toBeNull();
  expect(rollbackVerdict(app(version(300, 0), canary(50, 50, { failingNetworks: 5 })), setting, now)).toMatchObject({
    canaryErrorRate: 100,
  });
  // Against a stable version failing 5 %, 5 of 100 page loads' failures are ordinary: they count for no network.
  const ordinary = version(1_000, 50);
  expect(rollbackVerdict(app(ordinary, canary(100, 30, { failingNetworks: 9 })), setting, now)).toBeNull();
  expect(rollbackVerdict(app(ordinary, canary(100, 30, { failingNetworks: 10 })), setting, now)).toMatchObject({
    canaryErrorRate: 30,
  });
});

it('judges only when both versions have page loads from the minimum networks', () => {
  const failing = (/** @type {number} */ networks) => canary(20, 20, { networks, failingNetworks: networks });
  expect(rollbackVerdict(app(version(100, 0), failing(4)), setting, now)).toBeNull();
  expect(rollbackVerdict(app(version(100, 0, { networks: 4 }), failing(5)), setting, now)).toBeNull();
  // A stable version nobody reports on is no measure: the canary is not judged against nothing.
  expect(rollbackVerdict(app(version(0, 0), failing(20)), setting, now)).toBeNull();
  expect(rollbackVerdict(app(version(100, 0, { networks: 5 }), failing(5)), setting, now)).toMatchObject({
    canaryErrorRate: 100,
  });
});
