// @ts-check
import { appNames } from '@murmur/config/apps';
import { openStore } from './backends/openStore.js';
import { liveStateOf } from './liveState.js';

/**
 * What `status` prints: one line per app, its live version and the versions rollback would return to, newest first;
 * during a canary, the stable version and the canary, each with its share of people.
 * @param {string | import('./backends/backend.js').StoreBackend} store
 */
export async function statusLines(store) {
  const backend = openStore(store);
  const width = Math.max(...appNames.map((app) => app.length));
  /** @type {string[]} */
  const lines = [];
  for (const app of appNames) {
    const live = await liveStateOf(backend, app);
    const name = app.padEnd(width);
    if (!live) lines.push(`${name}  not live`);
    else {
      const before = [...live.previous].reverse();
      const earlier = before.length > 0 ? `  (before it: ${before.join(', ')})` : '';
      const { canary } = live;
      if (!canary) lines.push(`${name}  ${live.version}${earlier}`);
      else {
        const stableShare = share(100 - canary.percent);
        lines.push(
          `${name}  stable ${live.version} ${stableShare}  canary ${canary.version} ${share(canary.percent)}${earlier}`,
        );
      }
    }
  }
  return lines;
}

/** @param {number} percent */
function share(percent) {
  return `${Number(percent.toFixed(2))} %`;
}
