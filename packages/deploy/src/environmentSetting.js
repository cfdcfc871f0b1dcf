// @ts-check
import { storeKeys } from './storePaths.js';

/**
 * Whether the store is marked production's (docs/overriding-a-remote.md, "A production store"): `environment.json` at its
 * root, `{ "production": true }`, written by `environment production` under the store's lock. There `overrides on`
 * is refused (overrideSetting.js). A store without the file is not marked.
 * @param {import('./backends/backend.js').StoreBackend} backend
 * @returns {Promise<boolean>}
 */
export async function isProductionStore(backend) {
  const text = await backend.read(storeKeys.environmentSetting);
  if (text === null) return false;
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  const production = /** @type {{ production?: unknown } | null} */ (value)?.production;
  if (typeof production !== 'boolean')
    throw new Error(`${storeKeys.environmentSetting} must say whether the store is production's`);
  return production;
}
