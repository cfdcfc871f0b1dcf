import { cohortKeyPattern, cohortStorageName, inCanary, newCohortKey } from '@murmur/config/cohort';
import { remoteNames, type RemoteName } from '@murmur/config/apps';
import type { Canaries } from '@murmur/config/remotes-json';

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

/**
 * Where this browser loads each remote from: the canary's manifest for each remote in a canary (remotes.json's
 * `canaries`, read by its codec: a malformed one is not among them) whose share holds this browser's cohort key, else
 * the stable one. A page that cannot hash (no Web Crypto: an http page other than localhost) or keep a key stays on
 * the stable versions.
 * @param canaries remotes.json's canaries, each manifest absolute
 * @param locations the live remotes' stable locations: a canary of a remote without one is not loaded either
 */
export async function canarySides(canaries: Canaries, locations: RemoteLocations): Promise<RemoteLocations> {
  const running = remoteNames.flatMap((remote) => {
    const canary = locations[remote] === undefined ? undefined : canaries[remote];
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
