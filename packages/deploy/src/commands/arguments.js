// @ts-check
import { appNames } from '@murmur/config/apps';
import { Refusal } from '../store/refusal.js';
import { UsageError } from './parse.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */

/**
 * An app's name as typed, one of the apps.
 * @param {string} name
 * @returns {AppName}
 */
export function appName(name) {
  if (!appNames.includes(/** @type {never} */ (name))) {
    throw new Error(`unknown app "${name}"; one of: ${appNames.join(', ')}`);
  }
  return /** @type {AppName} */ (name);
}

/**
 * A share of people as typed: a decimal number, nothing else (promote and ramp check its range).
 * @param {string} text
 */
export function percent(text) {
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(text)) throw new Refusal(`${JSON.stringify(text.slice(0, 20))} is not a percent`);
  return Number(text);
}

/**
 * A positional that is one of `words`, else a usage error.
 * @param {...string} words
 */
export function oneOf(...words) {
  return (/** @type {string} */ text) => {
    if (!words.includes(text)) throw new UsageError();
    return text;
  };
}
