import { cohortKeyPattern, cohortStorageName, inCanary, newCohortKey } from '@murmur/config/cohort';
import { remoteNames, type RemoteName } from '@murmur/config/apps';

type RemoteLocations = Partial<Record<RemoteName, string>>;

/**
 * This browser's cohort key, made and kept in localStorage the first time (packages/config/cohort.js): one for every
 * remote, kept across reloads. null where the page may not keep one (storage refused): with no key to keep, the
 * page stays on the stable versions rather than flip sides from one load to the next.
 */
function cohortKey(): string | null {
  try {
    const kept = localStorage.getItem(cohortStorageName);
    if (kept !== null && cohortKeyPattern.test(kept)) return kept;
    const key = newCohortKey();
    localStorage.setItem(cohortStorageName, key);
    return key;
  } catch {
    return null;
  }
}

/** A remote's canary as remotes.json gives it, or null where it gives none that can be taken. */
function canaryOf(canaries: unknown, remote: string, base: string): { manifest: string; percent: number } | null {
  if (typeof canaries !== 'object' || canaries === null) return null;
  const entry = (canaries as Record<string, unknown>)[remote];
  if (typeof entry !== 'object' || entry === null) return null;
  const { manifest, percent } = entry as Record<string, unknown>;
  if (typeof manifest !== 'string' || typeof percent !== 'number' || !(percent > 0 && percent < 100)) return null;
  try {
    const url = new URL(manifest, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? { manifest: url.href, percent } : null;
  } catch {
    return null;
  }
}

/**
 * Where this browser loads each remote from: the canary's manifest for each remote in a canary (remotes.json's
 * `canaries`) whose share holds this browser's cohort key, else the stable one. A page that cannot hash (no Web
 * Crypto: an http page other than localhost) or keep a key stays on the stable versions.
 * @param pointer remotes.json's content
 * @param locations its stable locations, as parseRemoteLocations answers them
 * @param base the file's own URL
 */
export async function canarySides(
  pointer: Record<string, unknown>,
  locations: RemoteLocations,
  base: string,
): Promise<RemoteLocations> {
  const running = remoteNames.flatMap((remote) => {
    const canary = locations[remote] === undefined ? null : canaryOf(pointer.canaries, remote, base);
    return canary ? [{ remote, ...canary }] : [];
  });
  if (running.length === 0 || globalThis.crypto?.subtle === undefined) return locations;
  const key = cohortKey();
  if (key === null) return locations;
  const sides = { ...locations };
  for (const { remote, manifest, percent } of running)
    if (await inCanary(key, remote, percent)) sides[remote] = manifest;
  return sides;
}
