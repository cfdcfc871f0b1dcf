// @ts-check
import { z } from 'zod';
import { parseJsonFile } from './jsonFile.js';
import { Refusal } from './refusal.js';
import { storeKeys } from './storePaths.js';

/** The longest window the setting allows, in minutes: the report log keeps nothing older (telemetry/reportLog.js). */
export const maxWindowMinutes = 7 * 24 * 60;

/**
 * When the canary health job ends a canary on its own (health/verdict.js): once the canary has at least `minPageLoads`
 * page loads in the last `windowMinutes`, both it and the stable version have page loads from at least `minNetworks`
 * client networks, its failed page loads come from at least `minFailingNetworks` networks more than the stable
 * version's error rate accounts for, and its error rate is, with `confidence` percent (one-sided), more than
 * `marginPoints` percentage points above the stable version's over the same window. Each network counts for at most
 * `pageLoadsPerNetwork` page loads of an app (health/figures.js). A setting written before the last four existed
 * reads with their defaults.
 */
const healthSettingSchema = z.strictObject({
  marginPoints: z
    .number()
    .finite()
    .min(0, 'the margin is 0 points or more')
    .max(100, 'the margin is at most 100 points'),
  minPageLoads: z
    .number()
    .int('the minimum page loads is a whole number')
    .min(1, 'the minimum page loads is 1 or more')
    .max(1_000_000, 'the minimum page loads is at most 1,000,000'),
  windowMinutes: z
    .number()
    .int('the window is a whole number of minutes')
    .min(1, 'the window is 1 minute or more')
    .max(maxWindowMinutes, `the window is at most a week (${maxWindowMinutes} minutes)`),
  minNetworks: z
    .number()
    .int('the minimum networks is a whole number')
    .min(1, 'the minimum networks is 1 or more')
    .max(1_000_000, 'the minimum networks is at most 1,000,000')
    .default(5),
  pageLoadsPerNetwork: z
    .number()
    .int('the page loads per network is a whole number')
    .min(1, 'the page loads per network is 1 or more')
    .max(1_000_000, 'the page loads per network is at most 1,000,000')
    .default(3),
  minFailingNetworks: z
    .number()
    .int('the minimum failing networks is a whole number')
    .min(1, 'the minimum failing networks is 1 or more')
    .max(1_000_000, 'the minimum failing networks is at most 1,000,000')
    .default(10),
  confidence: z
    .number()
    .finite()
    .min(50, 'the confidence is 50 % or more')
    .max(99.99, 'the confidence is at most 99.99 %')
    .default(99),
});

/** @typedef {z.infer<typeof healthSettingSchema>} HealthSetting */

/**
 * The setting from its file's text: the one parse of the file.
 * @param {string} text
 * @param {string} file where it was read, for the message
 * @returns {HealthSetting}
 * @throws {Error} naming the file when it is not JSON or not a setting
 */
export function parseHealthSetting(text, file) {
  return parseJsonFile(text, file, healthSettingSchema);
}

/** @param {HealthSetting} setting */
export function serializeHealthSetting(setting) {
  return `${JSON.stringify(setting, null, 2)}\n`;
}

/**
 * Where a store has no setting. 5 points: a canary failing one page load in 20 more than the stable version is
 * broken for its people, while page-load noise (a flaky network, an extension) hits both versions alike. 99 %
 * confidence: a healthy canary is ended by chance about once in a hundred judgements at the edge of the margin, and
 * a few made-up failures cannot pass for the margin (docs/canary.md, "What made-up reports can do"). 10 failing
 * networks: failures from fewer places may be one client's, and more than a handful of addresses. 50 page
 * loads: below that one unlucky page moves the rate by 2 points or more; at a 5 % canary it is about 1,000 page loads
 * of the app in all. 60 minutes: long enough to gather them on a quiet environment, short enough that a canary is
 * judged on its own recent pages, not on an earlier version's. 5 networks: reports are anonymous, so the verdict
 * waits until each version is seen from more places than one person easily holds (an IPv6 /48 is one). 3 page loads
 * per network: a person reloads a page now and then, and a household shares an address; anyone past that is
 * sending reports, not loading pages, and moves a rate by at most that many page loads per network.
 * @type {HealthSetting}
 */
export const defaultHealthSetting = {
  marginPoints: 5,
  minPageLoads: 50,
  windowMinutes: 60,
  minNetworks: 5,
  pageLoadsPerNetwork: 3,
  minFailingNetworks: 10,
  confidence: 99,
};

/**
 * The store's health setting, or the defaults where it has none.
 * @param {import('./backends/backend.js').StoreBackend} backend
 * @returns {Promise<HealthSetting>}
 * @throws {Error} naming the file when it is damaged
 */
export async function healthSettingOf(backend) {
  const text = await backend.read(storeKeys.healthSetting);
  return text === null ? defaultHealthSetting : parseHealthSetting(text, storeKeys.healthSetting);
}

/**
 * Changes some of the store's health setting, keeping the rest, under the store's lock. A change that does not fit
 * the schema is refused and nothing is written.
 * @param {import('./backends/backend.js').StoreBackend} backend
 * @param {Partial<HealthSetting>} changes
 * @returns {Promise<HealthSetting>} the setting now
 * @throws {Refusal} saying what does not fit
 */
export async function setHealthSetting(backend, changes) {
  return backend.withLock(async () => {
    const parsed = healthSettingSchema.safeParse({ ...(await healthSettingOf(backend)), ...changes });
    if (!parsed.success) throw new Refusal(parsed.error.issues.map((issue) => issue.message).join('; '));
    await backend.write(storeKeys.healthSetting, serializeHealthSetting(parsed.data));
    return parsed.data;
  });
}
