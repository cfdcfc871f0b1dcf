import type { AppName } from '@murmur/config/apps';
import { findNginx, startStoreEdge, startStoreServer } from '@murmur/deploy';
import { e2eEdge } from '../edge.mjs';

/**
 * Serves `store` on `portOf`'s ports with the server this run goes through: the embedded one, or nginx, which takes
 * what `env` adds to this process's (the report log's folder). The embedded one can leave some apps' ports free
 * (`apps`); nginx serves every app.
 */
export async function serveStore(
  store: string,
  portOf: (app: AppName) => number,
  apps?: AppName[],
  env: Record<string, string> = {},
) {
  if (e2eEdge() === 'embedded') return startStoreServer({ store, portOf, apps });
  const nginx = findNginx();
  if (!nginx.found) throw new Error(nginx.reason);
  const edge = await startStoreEdge({ store, nginx, portOf, env: { ...process.env, ...env } });
  return { close: edge.stop };
}
