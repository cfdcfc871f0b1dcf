// @ts-check
import {
  allowedOverrideUrls,
  overridesOff,
  parseOverrideSettingFile,
  serializeOverrideSetting,
  urlPrefix,
} from '@murmur/release-checks/overrides';
import { isProductionStore, serializeEnvironmentSetting } from './environmentSetting.js';
import { Refusal } from './refusal.js';
import { readLiveFile } from './liveFiles.js';
import { storeKeys, storeLayout } from './storePaths.js';

/** @typedef {import('./backends/backend.js').StoreBackend} StoreBackend */

/** @typedef {import('@murmur/release-checks/overrides').OverrideSetting} OverrideSetting */

// The file's parse and its text are packages/release-checks/src/overrides.js's, shared with the shell's page; these
// are the store's two ways of reading it.

/**
 * The environment's override setting as the store holds it (docs/overriding-a-remote.md, "Overrides of one remote"):
 * off where there is none.
 * @param {StoreBackend} backend
 * @returns {Promise<OverrideSetting>}
 * @throws {Error} naming the file when it is damaged
 */
export async function overrideSettingOf(backend) {
  const text = await backend.read(storeKeys.overrideSetting);
  return text === null ? overridesOff : parseOverrideSettingFile(text, storeKeys.overrideSetting);
}

/**
 * The override setting of a store in a folder, as the server reads it (liveFiles.js#readLiveFile): off where there is
 * none. Throws, naming the file, when it is damaged: a page must not be served with a policy that guesses.
 * @param {string} store
 * @returns {OverrideSetting}
 */
export function readOverrideSetting(store) {
  const file = storeLayout(store).overrideSetting;
  const text = readLiveFile(file);
  return text === null ? overridesOff : parseOverrideSettingFile(text, file);
}

/**
 * Turns overrides on, allowing this machine (`localhost`) and the URL `prefixes`, or off; the next page load's policy
 * and setting follow. Written under the store's lock, as every pointer is. Turning them on is refused where it would
 * allow nothing, and on a production store.
 * @param {StoreBackend} backend
 * @param {{ enabled: boolean; localhost?: boolean; prefixes?: string[] }} setting
 */
export async function setOverrides(backend, { enabled, localhost = false, prefixes = [] }) {
  const setting = enabled
    ? { enabled, localhost, prefixes: [...new Set(prefixes.map((prefix) => urlPrefix(prefix)))] }
    : overridesOff;
  if (enabled && !localhost && setting.prefixes.length === 0)
    throw new Refusal('overrides on needs what an override may load: --localhost, or --prefix <URL prefix>');
  await backend.withLock(async () => {
    if (enabled && (await isProductionStore(backend)))
      throw new Refusal(
        `${backend.location} is a production store, where overrides stay off ` +
          `(environment non-production ${liftMarkFlag} lifts it)`,
      );
    await backend.write(storeKeys.overrideSetting, serializeOverrideSetting(setting));
  });
  return setting;
}

/**
 * What `environment non-production` must be given to lift a store's production mark: lifting it lets any pipeline turn
 * overrides on, so it is never done by a command typed for another store.
 */
export const liftMarkFlag = '--lift-production-mark';

/**
 * Marks the store production's, or lifts the mark (environmentSetting.js). Marking a store whose overrides are on is
 * refused: they are turned off first, by a person who sees what that changes. Lifting the mark of a production store
 * is refused unless `liftMark` says it is meant (`liftMarkFlag`); a store not marked is said so again either way.
 * Refused, nothing is written.
 * @param {StoreBackend} backend
 * @param {boolean} production
 * @param {{ liftMark?: boolean }} [options]
 */
export async function setProduction(backend, production, { liftMark = false } = {}) {
  await backend.withLock(async () => {
    if (production && (await overrideSettingOf(backend)).enabled)
      throw new Refusal(
        `overrides are on in ${backend.location}: turn them off (overrides off) before marking it production`,
      );
    if (!production && !liftMark && (await isProductionStore(backend)))
      throw new Refusal(
        `${backend.location} is a production store: lifting the mark takes environment non-production ${liftMarkFlag}`,
      );
    await backend.write(storeKeys.environmentSetting, serializeEnvironmentSetting({ production }));
  });
}

/**
 * The line the edges (serve, nginx-config) and verify-store say when a store allows overrides, or null.
 * @param {OverrideSetting} setting
 * @param {string} location
 */
export function overridesNotice(setting, location) {
  if (!setting.enabled) return null;
  return (
    `overrides are on in ${location}: a tab of its shell may load a remote from ${allowedOverrideUrls(setting)}, ` +
    `after a press, and that tab's page goes without Integrity-Policy (overrides off ends it)`
  );
}
