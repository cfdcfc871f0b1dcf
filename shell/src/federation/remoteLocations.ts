import { remoteApps, type RemoteName } from '@murmur/config/remotes';
import { takeEarlyRemotesJson } from './earlyHints';

export type RemoteLocations = Record<RemoteName, string>;

const FILE = 'remotes.json';

/**
 * What remotes.json must hold: an object naming an http(s) URL for every remote. Anything else is refused with a
 * message that names the file and what is wrong, for the operator who edited it.
 */
export function parseRemoteLocations(value: unknown): RemoteLocations {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${FILE} must be an object naming each remote's mf-manifest.json URL`);
  }
  const record = value as Record<string, unknown>;
  const locations: Partial<RemoteLocations> = {};
  for (const name of Object.keys(remoteApps) as RemoteName[]) {
    const location = record[name];
    if (typeof location !== 'string') throw new Error(`${FILE} has no URL for the remote ${name}`);
    let url: URL;
    try {
      url = new URL(location, window.location.href);
    } catch {
      throw new Error(`${FILE} names "${location}" for ${name}, which is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`${FILE} names "${location}" for ${name}, which is not an http(s) URL`);
    }
    locations[name] = url.href;
  }
  return locations as RemoteLocations;
}

let pending: Promise<RemoteLocations> | null = null;

/**
 * Where each remote's mf-manifest.json is, read at run time from remotes.json beside index.html, so that a remote
 * can be redeployed, or moved, without rebuilding the shell. A failed or invalid read is not cached, and a retry
 * (`fresh`) reads the file again. The loader puts the remote time limit on the read.
 */
export function readRemoteLocations({ fresh = false } = {}): Promise<RemoteLocations> {
  if (fresh) pending = null;
  // The first read reuses the early script's request; a retry never does, since that request may be the one that stalled.
  const early = takeEarlyRemotesJson();
  // The site root, not the build's relative base: the pointer is per environment, the build is the same everywhere.
  pending ??= ((fresh ? undefined : early) ?? fetch(`/${FILE}`, { cache: 'no-store' }))
    .then(async (response) => {
      if (!response.ok) throw new Error(`${FILE} answered ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new Error(`${FILE} is not valid JSON`);
      }
      return parseRemoteLocations(body);
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
