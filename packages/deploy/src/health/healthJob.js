// @ts-check
import { join } from 'node:path';
import { openStore } from '../store/backends/openStore.js';
import { endCanary } from '../switches/promote.js';
import { statusJson } from './status.js';
import { writeAtomically } from '../store/writeAtomically.js';
import { statusFiles, statusPage, statusStyle } from './statusPage.js';
import { canariesHealth } from './storeHealth.js';
import { rollbackVerdict } from './verdict.js';
import { rollbackReason } from './statusText.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */

/**
 * One pass of the canary health job: reads the canaries' health (the report log only when there is a canary), and
 * ends each canary the store's health setting condemns (verdict.js) as `rollback` would, keeping why in the app's
 * live state. Answers the apps whose canary it ended.
 * @param {{ store: string | import('../store/backends/backend.js').StoreBackend;
 *   env?: Record<string, string | undefined>; now?: Date; log?: (line: string) => void }} options
 * @returns {Promise<string[]>}
 */
export async function judgeCanaries({ store, env = process.env, now = new Date(), log = console.error }) {
  const backend = typeof store === 'string' ? openStore(store, env) : store;
  const health = await canariesHealth(backend, now.getTime(), env);
  if (!health) return [];
  /** @type {string[]} */
  const ended = [];
  for (const app of health.apps) {
    const record = rollbackVerdict(app, health.setting, now);
    if (!record) continue;
    if (await endCanary({ store: backend, app: /** @type {AppName} */ (app.app), record, env })) {
      log(`canary health: ${rollbackReason(app.app, record)}`);
      ended.push(app.app);
    }
  }
  return ended;
}

/**
 * Writes the status page of a store in a folder an operator chooses (served by whatever serves that folder, or read as
 * files): `index.html`, the figures as `status.json` and the page's style sheet, each replaced whole.
 * @param {string} store
 * @param {string} folder
 * @param {Record<string, string | undefined>} [env] the store's settings and where the report log is
 */
export async function writeStatusPage(store, folder, env = process.env) {
  const health = await statusJson(store, { env });
  writeAtomically(join(folder, statusFiles.style), statusStyle);
  writeAtomically(join(folder, statusFiles.json), `${JSON.stringify(health)}\n`);
  writeAtomically(join(folder, statusFiles.page), statusPage(health));
}

/**
 * The canary health job (`canary-health --watch`), a process of its own beside the edges, which never write the store:
 * every `everyMs` (from the end of one pass to the start of the next) it judges the canaries and, where
 * `statusFolder` is given, writes the status page there. It removes nothing from the report log: the edges keep it
 * within its limits themselves (telemetry/reportWriter.js). A failed pass is logged, and the next one runs all the
 * same.
 * @param {{ store: string; everyMs?: number; statusFolder?: string; env?: Record<string, string | undefined>;
 *   log?: (line: string) => void }} options
 */
export function startHealthJob({ store, everyMs = 5_000, statusFolder, env = process.env, log = console.error }) {
  const backend = openStore(store, env);
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  /** @type {Promise<void>} */
  let running = Promise.resolve();
  let closed = false;

  const pass = async () => {
    try {
      await judgeCanaries({ store: backend, env, log });
      if (statusFolder) await writeStatusPage(store, statusFolder, env);
    } catch (error) {
      log(`canary health: a check failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const run = () => {
    timer = null;
    running = pass().then(() => {
      if (!closed) timer = setTimeout(run, everyMs);
    });
  };
  run();
  return {
    /** Stops the job; resolves once a pass under way is done. */
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
