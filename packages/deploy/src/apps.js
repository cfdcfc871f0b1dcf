// @ts-check
import { appNames } from '@murmur/config/apps';

/**
 * @param {string} name what a person typed
 * @returns {import('@murmur/config/apps').AppName}
 */
export function parseAppName(name) {
  if (!appNames.includes(/** @type {never} */ (name))) {
    throw new Error(`unknown app "${name}"; one of: ${appNames.join(', ')}`);
  }
  return /** @type {import('@murmur/config/apps').AppName} */ (name);
}
