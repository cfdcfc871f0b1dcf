// @ts-check
import { appNames } from '@murmur/config/apps';
import { openStore } from '../store/backends/openStore.js';
import { retiredRemotesOf } from '../store/retiredRemotes.js';
import { storeHealth } from './storeHealth.js';
import { figuresText, rollbackReason, rollbackRule } from './statusText.js';

/**
 * What `status --json` prints and the health job writes as `status.json`: the health setting, the window, and per app
 * its stable version and canary with their shares and figures over the window (health/storeHealth.js), and the last
 * canary the store server rolled back on its own; then `retired`, the remotes `retire` let go, whether the app table
 * still lists them or not.
 * @param {string | import('../store/backends/backend.js').StoreBackend} store
 * @param {{ now?: number; env?: Record<string, string | undefined> }} [options] `env`: where the report log is
 */
export async function statusJson(store, { now, env } = {}) {
  const backend = openStore(store, env);
  const health = await storeHealth(backend, { apps: appNames, now, ...(env ? { env } : {}) });
  return { ...health, retired: await retiredRemotesOf(backend) };
}

/**
 * What `status` prints: one line per app, its live version and the versions rollback would return to, newest first;
 * during a canary, the stable version and the canary, each with its share of people. Under it, each live version's
 * figures over the window, and why the store server rolled back a canary, if it did; a remote `retire` let go says so,
 * also where the app table no longer lists it; last, the window and setting.
 * @param {string | import('../store/backends/backend.js').StoreBackend} store
 * @param {{ now?: number; env?: Record<string, string | undefined> }} [options] `env`: as statusJson's
 */
export async function statusLines(store, { now, env } = {}) {
  const backend = openStore(store, env);
  const health = await statusJson(backend, { now, env });
  const { retired } = health;
  const unlisted = retired.filter((app) => !appNames.includes(/** @type {never} */ (app)));
  const width = Math.max(...[...appNames, ...unlisted].map((app) => app.length));
  /** @type {string[]} */
  const lines = [];
  for (const { app, stable, canary, previous, autoRollback } of health.apps) {
    const name = app.padEnd(width);
    if (!stable) {
      lines.push(`${name}  ${retired.includes(app) ? retiredText : 'not live'}`);
      continue;
    }
    const before = [...previous].reverse();
    const earlier = before.length > 0 ? `  (before it: ${before.join(', ')})` : '';
    if (!canary) lines.push(`${name}  ${stable.version}${earlier}`);
    else
      lines.push(
        `${name}  stable ${stable.version} ${share(stable.percent)}  ` +
          `canary ${canary.version} ${share(canary.percent)}${earlier}`,
      );
    const indent = ' '.repeat(width + 2);
    if (!canary) lines.push(`${indent}${figuresText(stable.figures)}`);
    else lines.push(`${indent}stable ${figuresText(stable.figures)}`, `${indent}canary ${figuresText(canary.figures)}`);
    if (autoRollback) lines.push(`${indent}${rollbackReason(app, autoRollback)}`);
  }
  for (const app of unlisted) lines.push(`${app.padEnd(width)}  ${retiredText}`);
  const { setting, window } = health;
  lines.push(`figures over the last ${setting.windowMinutes} min (to ${window.to}); ${rollbackRule(setting)}`);
  return lines;
}

/** What `status` says of a retired remote. */
const retiredText = 'retired: not live, its releases kept (promote brings it back)';

/** @param {number} percent */
function share(percent) {
  return `${Number(percent.toFixed(2))} %`;
}
