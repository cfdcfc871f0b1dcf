import type { RemoteName } from '@murmur/config/remotes';

export type RemoteLocations = Record<RemoteName, string>;

let pending: Promise<RemoteLocations> | null = null;

/**
 * Where each remote's mf-manifest.json is, read at run time from remotes.json beside index.html, so that a remote
 * can be redeployed, or moved, without rebuilding the shell. A failed read is not cached: Retry reads it again.
 */
export function readRemoteLocations(): Promise<RemoteLocations> {
  // The site root, not the build's relative base: the pointer is per environment, the build is the same everywhere.
  pending ??= fetch('/remotes.json', { cache: 'no-store' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
      return (await response.json()) as RemoteLocations;
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
