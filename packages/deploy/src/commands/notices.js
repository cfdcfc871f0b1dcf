// @ts-check
import { overridesNotice } from '../store/overrideSetting.js';

/** @typedef {import('./parse.js').CommandContext} CommandContext */

/**
 * Says on stderr when the store allows overrides (what an edge serves then, and verify, should not keep quiet).
 * @param {import('@murmur/release-checks/overrides').OverrideSetting | null} setting
 * @param {CommandContext} context
 */
export function sayOverrides(setting, { store, io }) {
  const notice = setting && overridesNotice(setting, store);
  if (notice) io.err(notice);
}

/**
 * Says on stderr what a command repaired before its own work: a switch a killed command left.
 * @param {string[]} repaired
 * @param {CommandContext} context
 */
export function sayRepaired(repaired, { io }) {
  for (const line of repaired) io.err(`repaired: ${line}`);
}
