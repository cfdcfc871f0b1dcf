// @ts-check
import { writeFileSync } from 'node:fs';
import { apps as appTable, appNames } from '@murmur/config/apps';
import { openStore } from '../../store/backends/openStore.js';
import { Refusal } from '../../store/refusal.js';
import { servedAt } from '../servedAt.js';
import { reportFolderFor, reportLogVariable } from '../../telemetry/reportLog.js';
import { environmentFacts, nginxConfig } from './config.js';
import { startEdge } from './edgeProcess.js';
import { findNginx } from './findNginx.js';
import { nginxWorkerUser } from './workerUser.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */

/**
 * nginx serving `store` (a folder, or s3://bucket/prefix) by nginxConfig, on each app's port (`portOf`, by default the
 * apps table's). Promotions and rollbacks reach it with no reload (every pointer is a file it reads per request); what
 * its configuration takes from the environment (where each app is served, the override setting) is watched, and when it
 * changes the configuration is written again and nginx reloaded.
 * @param {{ store: string; nginx: { path: string; brotliModule: string | null }; portOf?: (app: AppName) => number;
 *   host?: string; env?: Record<string, string | undefined> }} options `host` binds one address, by default every
 *   IPv4 one; `env` names the S3 endpoint and credentials of a store there.
 */
export function startStoreEdge({ store, nginx, portOf = (app) => appTable[app].port, host, env = process.env }) {
  const backend = openStore(store, env);
  // The same user for the worker nginx runs and for the report folder the configuration gives it.
  const workers = nginxWorkerUser();
  return startEdge({
    workers,
    nginx: nginx.path,
    brotliModule: nginx.brotliModule,
    writeConfig: async (file) =>
      writeFileSync(
        file,
        await nginxConfig({
          store,
          env,
          listenOf: (app) => (host ? `${host}:${portOf(app)}` : String(portOf(app))),
          brotli: nginx.brotliModule !== null,
          workers,
        }),
      ),
    stamp: async () => JSON.stringify(await environmentFacts(backend, env)),
    listening: appNames.map((app) => ({ host: host ?? '127.0.0.1', port: portOf(app) })),
  });
}

/**
 * `serve --edge nginx`: nginx in the foreground on ports 4000-4003 in front of `store`, taking the pages' reports
 * into the report log where there is one (reportCollection.js); answers how to stop it.
 * @param {string} store
 */
export async function serveWithNginx(store) {
  const nginx = findNginx();
  if (!nginx.found) throw new Refusal(nginx.reason);
  const edge = await startStoreEdge({ store, nginx });
  console.log(`nginx serves ${store} on ${servedAt()}; Ctrl+C stops`);
  const folder = reportFolderFor(store);
  console.log(
    folder === null
      ? `nginx takes no reports for ${store}: name a folder for them with ${reportLogVariable} or --report-log`
      : `nginx writes the pages' reports to ${folder}`,
  );
  return edge;
}
