import type { AppName } from '@murmur/config/apps';
import { findNginx, startStoreEdge, startStoreServer } from '@murmur/deploy';
import { e2eEdge } from '../edge.mjs';

/** Serves `store` on `portOf`'s ports with the server this run goes through: the embedded one, or nginx. */
export async function serveStore(store: string, portOf: (app: AppName) => number) {
  if (e2eEdge() === 'embedded') return startStoreServer({ store, portOf });
  const nginx = findNginx();
  if (!nginx.found) throw new Error(nginx.reason);
  const edge = await startStoreEdge({ store, nginx, portOf });
  return { close: edge.stop };
}
