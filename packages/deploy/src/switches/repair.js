// @ts-check
import { completeInterruptedSwitch } from './pointerSwitch.js';

/**
 * What every command that writes pointers does first, holding the lock: finishes a switch a killed command left,
 * and removes what commands that are no longer running left behind.
 * @param {import('../store/backends/backend.js').StoreBackend} backend
 * @returns {Promise<string[]>} one line per thing it did
 */
export async function repairStore(backend) {
  const switched = await completeInterruptedSwitch(backend);
  const leftovers = await backend.removeLeftovers();
  return switched ? [switched, ...leftovers] : leftovers;
}
