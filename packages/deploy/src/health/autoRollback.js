// @ts-check
import { openStore } from '../backends/openStore.js';
import { endCanary } from '../promote.js';
import { canariesHealth } from './storeHealth.js';
import { rollbackVerdict } from './verdict.js';
import { rollbackReason } from './statusText.js';

/**
 * The store server's automatic rollback: told of each report the collector accepts, it looks at the canaries' health
 * at most once per `intervalMs`, after the report's answer and never on its path, and ends each canary the store's
 * health setting condemns (verdict.js) as `rollback` would, keeping why in the app's live state. A check finds the
 * canaries first and reads the report log only when there is one; the next starts `intervalMs` after it ended at the
 * earliest, so a long log costs the server at most that share of its time. A failed check is logged; the next report starts
 * another.
 * @param {{ store: string; intervalMs?: number; env?: Record<string, string | undefined> }} options
 */
export function autoRollback({ store, intervalMs = 1_000, env = process.env }) {
  const backend = openStore(store, env);
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  /** @type {Promise<void> | null} */
  let running = null;
  let pending = false;
  let closed = false;
  let lastEnd = -Infinity;

  const check = async () => {
    const now = new Date();
    const health = await canariesHealth(backend, now.getTime());
    if (!health) return;
    for (const app of health.apps) {
      const record = rollbackVerdict(app, health.setting, now);
      if (!record) continue;
      const ended = await endCanary({
        store: backend,
        app: /** @type {import('@murmur/config/apps').AppName} */ (app.app),
        record,
        env,
      });
      if (ended) console.error(`store server: ${rollbackReason(app.app, record)}`);
    }
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(run, Math.max(0, lastEnd + intervalMs - Date.now()));
  };

  const run = () => {
    timer = null;
    running = check()
      .catch((error) => console.error(`store server: the canary health check failed: ${error?.message ?? error}`))
      .finally(() => {
        running = null;
        lastEnd = Date.now();
        if (pending) {
          pending = false;
          schedule();
        }
      });
  };

  return {
    /** Called once a report is stored: a check runs soon, unless one is due or under way (then one runs after it). */
    reportAccepted() {
      if (running) pending = true;
      else schedule();
    },
    /** Stops checking; resolves once a check under way is done. */
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
