// @ts-check
import { ports } from '@murmur/config/ports';
import { consumedModules, remoteApps, shellFederationName } from '@murmur/config/remotes';

/** @typedef {import('@murmur/config/ports').AppName} AppName */
/** @typedef {import('@murmur/config/remotes').RemoteName} RemoteName */

/** Every app the store holds, the shell first: it is promoted before the remotes it is checked against. */
export const appNames = /** @type {AppName[]} */ (Object.keys(ports));

/**
 * The federation name a release of `app` must carry: the key its pointer uses.
 * @param {AppName} app
 */
export function federationNameOf(app) {
  if (app === 'shell') return shellFederationName;
  const entry = Object.entries(remoteApps).find(([, folder]) => folder === app);
  if (!entry) throw new Error(`${app} is not an app of this workspace`);
  return /** @type {RemoteName} */ (entry[0]);
}

/**
 * The remotes, by federation name, with their app folders.
 * @returns {[RemoteName, AppName][]}
 */
export function remoteEntries() {
  return /** @type {[RemoteName, AppName][]} */ (Object.entries(remoteApps));
}

/**
 * @param {string} name what a person typed
 * @returns {AppName}
 */
export function parseAppName(name) {
  if (!appNames.includes(/** @type {AppName} */ (name))) {
    throw new Error(`unknown app "${name}"; one of: ${appNames.join(', ')}`);
  }
  return /** @type {AppName} */ (name);
}

export { consumedModules };
