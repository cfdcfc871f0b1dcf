import { remoteNames, type RemoteName } from '@murmur/config/apps';
import { readRemotesJson, remotesJsonProblem, type RemotesContent } from '@murmur/config/remotes-json';
import { earlyScript, REMOTES_FILE, remotesJsonUrl } from '../early/pageHandoff';
import { canarySides } from './canarySides';
import { networkFetch } from './networkFetch';
import { recordRemoteIntegrity } from './remoteIntegrity';

/**
 * Where each remote's mf-manifest.json is. A remote may be absent: promote names only the remotes that are live, so
 * until each has been promoted once the others must load without it (the missing one shows Retry in its place).
 */
export type RemoteLocations = Partial<Record<RemoteName, string>>;

/**
 * remotes.json's content read by its one codec (packages/config/remotesJson.js), each URL answered absolute, resolved
 * against the file's own URL (`base`) as a relative link in it would be. Refused, with a message that names the file
 * and what is wrong for the operator who edited it, where its top or a live remote's location is wrong; any other
 * broken part (a malformed canary, say) is left out, and the page does without it.
 */
export function readRemotes(value: unknown, base = remotesJsonUrl()): RemotesContent {
  const read = readRemotesJson(value, { base });
  const wrong = read.problems.find(({ path }) => path === '' || remoteNames.includes(path as RemoteName));
  if (wrong) throw new Error(remotesJsonProblem(REMOTES_FILE, wrong));
  return read;
}

/** Of the locations remotes.json names, the live remotes': another name is nothing this shell loads. */
const liveLocations = (locations: Record<string, string>): RemoteLocations =>
  Object.fromEntries(remoteNames.flatMap((name) => (locations[name] === undefined ? [] : [[name, locations[name]]])));

/** Where each live remote's mf-manifest.json is by remotes.json's content (`readRemotes`), each absolute. */
export const parseRemoteLocations = (value: unknown, base = remotesJsonUrl()): RemoteLocations =>
  liveLocations(readRemotes(value, base).locations);

let latest: RemotesContent | null = null;

/** remotes.json's content as this tab last read it (its canaries, say), null before its first read. */
export const latestPointer = (): RemotesContent | null => latest;

/**
 * This browser's composition as remotes.json's content, read (`readRemotes`), gives it: each live remote's location,
 * on this browser's side of its canary, the integrity of their files kept for the loads to come.
 */
export function compositionOf(read: RemotesContent): Promise<RemoteLocations> {
  latest = read;
  recordRemoteIntegrity(read.integrity);
  return canarySides(read.canaries, liveLocations(read.locations));
}

let pending: Promise<RemoteLocations> | null = null;

/** Who hears that a remote's location moved in this tab (RemoteOutlet.tsx: a failed remote tries the new one). */
const movedListeners = new Set<(moved: RemoteName[]) => void>();

/**
 * Makes `locations` where this tab loads each remote from now on (an open tab switching versions:
 * deployment/compositionChange.ts): a remote's next mount takes its new one (remote-kit's remoteLoader.ts).
 */
export function adoptRemoteLocations(locations: RemoteLocations, moved: RemoteName[]): void {
  pending = Promise.resolve(locations);
  if (moved.length > 0) for (const listener of movedListeners) listener(moved);
}

/** Calls `listener` with the remotes whose location this tab moves; answers the function that stops it. */
export function onRemotesMoved(listener: (moved: RemoteName[]) => void): () => void {
  movedListeners.add(listener);
  return () => movedListeners.delete(listener);
}

/**
 * Where each remote's mf-manifest.json is, read at run time from remotes.json beside index.html, so that a remote
 * can be redeployed, or moved, without rebuilding the shell; for a remote in a canary, the side this browser is on
 * (canarySides.ts). A failed or invalid read is not cached, and a retry
 * (`fresh`) reads the file again. The loader puts the remote time limit on the read.
 */
export function readRemoteLocations({ fresh = false } = {}): Promise<RemoteLocations> {
  const ask = asking;
  if (fresh || ask === null) return readComposition(fresh);
  // An ask in flight may move a remote about to mount: its answer is waited for, but never longer than a moment.
  const moment = new Promise((resolve) => setTimeout(resolve, askWaitMs));
  return Promise.race([ask, moment]).then(() => readComposition(false));
}

/** How long a load waits for an open tab's ask for remotes.json in flight. */
const askWaitMs = 1_000;
let asking: Promise<unknown> | null = null;

/**
 * Has the loads that start while `ask` (an open tab asking for remotes.json again, deployment/openTab.ts) is in
 * flight wait for it: a route change asks, and the remote it mounts is then loaded from the answer.
 */
export function askingForLocations(ask: Promise<unknown>): void {
  asking = ask;
  void ask.finally(() => {
    if (asking === ask) asking = null;
  });
}

/** Where this tab loads each remote from now, without waiting for an ask in flight (the ask's own read). */
export const tabLocations = (): Promise<RemoteLocations> => readComposition(false);

function readComposition(fresh: boolean): Promise<RemoteLocations> {
  if (fresh) pending = null;
  // The first read reuses the early script's request; a retry never does, since that request may be the one that
  // stalled.
  const early = earlyScript()?.takeRemotesJson();
  pending ??= ((fresh ? undefined : early) ?? networkFetch(remotesJsonUrl(), { cache: 'no-store' }))
    .then(async (response) => {
      if (!response.ok) throw new Error(`${REMOTES_FILE} answered ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new Error(`${REMOTES_FILE} is not valid JSON`);
      }
      return compositionOf(readRemotes(body));
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
