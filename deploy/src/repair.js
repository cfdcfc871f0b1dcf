// @ts-check
import { completeInterruptedSwitch } from './pointerSwitch.js';
import { removeStrays } from './strays.js';

/**
 * What every command that writes pointers does first, holding the lock: finishes a switch a killed command left,
 * and removes the temporary files and staging folders of commands that are no longer running.
 * @param {string} store
 * @returns {string[]} one line per thing it did
 */
export function repairStore(store) {
  const switched = completeInterruptedSwitch(store);
  const strays = removeStrays(store).map((stray) => `removed ${stray}, left by a command that stopped midway`);
  return switched ? [switched, ...strays] : strays;
}
