// @ts-check
import { z } from 'zod';
import { parseJsonFile } from './jsonFile.js';
import { storeKeys } from './storePaths.js';

/**
 * Whether the store is marked production's (docs/overriding-a-remote.md, "A production store"): `environment.json` at
 * its root, `{ "production": true }`, written by `environment production` under the store's lock. There `overrides on`
 * is refused (overrideSetting.js). A store without the file is not marked. Other keys are let through, as they always
 * were: only the mark is read.
 */
const environmentSettingSchema = z.object({
  production: z.boolean({ error: "must say whether the store is production's" }),
});

/** @typedef {z.infer<typeof environmentSettingSchema>} EnvironmentSetting */

/**
 * @param {string} text
 * @param {string} file where it was read, for the message
 * @returns {EnvironmentSetting}
 * @throws {Error} naming the file when it is not JSON or does not say whether the store is production's
 */
export function parseEnvironmentSetting(text, file) {
  return parseJsonFile(text, file, environmentSettingSchema);
}

/** @param {EnvironmentSetting} setting */
export function serializeEnvironmentSetting(setting) {
  return `${JSON.stringify(setting, null, 2)}\n`;
}

/**
 * @param {import('./backends/backend.js').StoreBackend} backend
 * @returns {Promise<boolean>}
 * @throws {Error} naming the file when it is damaged
 */
export async function isProductionStore(backend) {
  const text = await backend.read(storeKeys.environmentSetting);
  return text === null ? false : parseEnvironmentSetting(text, storeKeys.environmentSetting).production;
}
