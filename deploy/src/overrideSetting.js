// @ts-check
import { exactOrigin, overridesOff, parseOverrideSetting } from '@murmur/release-checks/overrides';
import { storeKeys } from './storePaths.js';

/**
 * The environment's override setting as the store holds it (docs/deploying.md, "Overrides of one remote"): off
 * where there is none.
 * @param {import('./backends/backend.js').StoreBackend} backend
 * @returns {Promise<import('@murmur/release-checks/overrides').OverrideSetting>}
 */
export async function overrideSettingOf(backend) {
  const text = await backend.read(storeKeys.overrideSetting);
  return text === null ? overridesOff : parseOverrideSetting(JSON.parse(text));
}

/**
 * Turns overrides on, allowing `origins` (each exactly) besides this machine's, or off; the next page load's policy
 * and setting follow. Written under the store's lock, as every pointer is.
 * @param {import('./backends/backend.js').StoreBackend} backend
 * @param {{ enabled: boolean; origins?: string[] }} setting
 */
export async function setOverrides(backend, { enabled, origins = [] }) {
  const setting = { enabled, origins: enabled ? [...new Set(origins.map((origin) => exactOrigin(origin)))] : [] };
  await backend.withLock(() => backend.write(storeKeys.overrideSetting, `${JSON.stringify(setting, null, 2)}\n`));
  return setting;
}
