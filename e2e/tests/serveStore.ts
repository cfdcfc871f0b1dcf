import type { AppName } from '@murmur/config/apps';
import { findNginx, startStoreEdge, startStoreServer } from '@murmur/deploy';
import { e2eEdge } from '../edge.mjs';

/**
 * Serves `store` on `portOf`'s ports with the server this run goes through: the embedded one, or nginx, which takes
 * what `env` adds to this process's; both write the pages' reports where its MURMUR_REPORT_LOG says. The embedded one
 * can leave some apps' ports free (`apps`); nginx serves every app.
 */
export async function serveStore(
  store: string,
  portOf: (app: AppName) => number,
  apps?: AppName[],
  env: Record<string, string> = {},
) {
  if (e2eEdge() === 'embedded') {
    const folder = env.MURMUR_REPORT_LOG;
    return startStoreServer({ store, portOf, apps, ...(folder ? { telemetry: { folder } } : {}) });
  }
  const nginx = findNginx();
  if (!nginx.found) throw new Error(nginx.reason);
  const edge = await startStoreEdge({ store, nginx, portOf, env: { ...process.env, ...env } });
  return { close: edge.stop };
}
