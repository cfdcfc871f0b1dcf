import { remoteNames, type RemoteName } from '@murmur/config/apps';
import { earlyScript, REMOTES_FILE, remotesJsonUrl } from '../early/pageContract';
import { canarySides } from './canarySides';
import { recordRemoteIntegrity } from './remoteIntegrity';

/**
 * Where each remote's mf-manifest.json is. A remote may be absent: promote names only the remotes that are live, so
 * until each has been promoted once the others must load without it (the missing one shows Retry in its place).
 */
export type RemoteLocations = Partial<Record<RemoteName, string>>;

/**
 * What remotes.json must hold: an object naming an http(s) URL for each live remote, each answered absolute, resolved
 * against the file's own URL (`base`) as a relative link in it would be. Anything else is refused with a message that
 * names the file and what is wrong, for the operator who edited it.
 */
export function parseRemoteLocations(value: unknown, base = remotesJsonUrl()): RemoteLocations {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${REMOTES_FILE} must be an object naming each remote's mf-manifest.json URL`);
  }
  const record = value as Record<string, unknown>;
  const locations: RemoteLocations = {};
  for (const name of remoteNames) {
    if (!(name in record)) continue;
    const location = record[name];
    if (typeof location !== 'string') throw new Error(`${REMOTES_FILE} has no URL for the remote ${name}`);
    let url: URL;
    try {
      url = new URL(location, base);
    } catch {
      throw new Error(`${REMOTES_FILE} names "${location}" for ${name}, which is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`${REMOTES_FILE} names "${location}" for ${name}, which is not an http(s) URL`);
    }
    locations[name] = url.href;
  }
  return locations;
}

let pending: Promise<RemoteLocations> | null = null;

/**
 * Where each remote's mf-manifest.json is, read at run time from remotes.json beside index.html, so that a remote
 * can be redeployed, or moved, without rebuilding the shell; for a remote in a canary, the side this browser is on
 * (canarySides.ts). A failed or invalid read is not cached, and a retry
 * (`fresh`) reads the file again. The loader puts the remote time limit on the read.
 */
export function readRemoteLocations({ fresh = false } = {}): Promise<RemoteLocations> {
  if (fresh) pending = null;
  // The first read reuses the early script's request; a retry never does, since that request may be the one that
  // stalled.
  const early = earlyScript()?.takeRemotesJson();
  pending ??= ((fresh ? undefined : early) ?? fetch(remotesJsonUrl(), { cache: 'no-store' }))
    .then(async (response) => {
      if (!response.ok) throw new Error(`${REMOTES_FILE} answered ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new Error(`${REMOTES_FILE} is not valid JSON`);
      }
      const locations = parseRemoteLocations(body);
      recordRemoteIntegrity((body as { integrity?: unknown }).integrity, remotesJsonUrl());
      return canarySides(body as Record<string, unknown>, locations, remotesJsonUrl());
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
