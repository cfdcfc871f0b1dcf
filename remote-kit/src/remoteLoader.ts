import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/runtime';
import type { RemoteName } from '@murmur/config/remotes';
import { withinTimeLimit } from './timeLimit';

/** A module a remote exposes, named as the federation runtime names it: `murmur_feed/UserPostList`. */
export type RemoteModuleId = `${RemoteName}/${string}`;

export type LoadRemoteModule = <T>(id: RemoteModuleId, options?: { retry?: boolean }) => Promise<T>;

/** Where the remotes' manifests are; `fresh` asks to read the source again rather than answer from a cache. */
export type ReadRemoteLocations = (options?: { fresh?: boolean }) => Promise<Record<RemoteName, string>>;

/**
 * The URL of a retry: a stalled request for the old URL (or the runtime's record of it) cannot shadow it. For the
 * entry this matters most: a dynamic import() of a URL whose first import stalled never settles.
 */
function retryUrl(entry: string, attempt: number): string {
  const url = new URL(entry, globalThis.location?.href);
  url.searchParams.set('mf-retry', String(attempt));
  return url.href;
}

/** Which attempt each remote is at, for the entry URL of a retry (the manifest names the entry without a query). */
const retries = new Map<string, number>();

const freshEntryOnRetry = {
  name: 'murmur-fresh-entry-on-retry',
  loadEntry: ({ remoteInfo }: { remoteInfo: { name: string; entry: string; type?: string } }) => {
    const attempt = retries.get(remoteInfo.name);
    if (attempt === undefined || remoteInfo.type !== 'module') return undefined;
    return import(/* @vite-ignore */ retryUrl(remoteInfo.entry, attempt));
  },
};

/**
 * Loads modules of remotes whose manifests `readLocations` names. A remote is registered with the federation runtime
 * the first time one of its modules is asked for. A retry starts over: the locations are read again, and the remote
 * is registered again with `force` under a fresh manifest URL, so the manifest is fetched anew. Each step has the
 * remote time limit, so a stalled server ends in an error (and a Retry) rather than an endless skeleton.
 */
export function createRemoteLoader(readLocations: ReadRemoteLocations): LoadRemoteModule {
  const registered = new Set<RemoteName>();
  let attempts = 0;
  return async function loadRemoteModule<T>(id: RemoteModuleId, { retry = false } = {}): Promise<T> {
    const name = id.slice(0, id.indexOf('/')) as RemoteName;
    const entry = (await withinTimeLimit(readLocations({ fresh: retry }), 'remotes.json'))[name];
    if (!entry) throw new Error(`No location is known for the remote ${name}`);
    if (retry || !registered.has(name)) {
      if (retry) {
        // Registered at the first retry: by then the page's federation instance surely exists.
        if (attempts === 0) registerPlugins([freshEntryOnRetry]);
        retries.set(name, ++attempts);
      }
      registerRemotes([{ name, entry: retry ? retryUrl(entry, attempts) : entry }], { force: retry });
      registered.add(name);
    }
    const module = await withinTimeLimit(loadRemote<T>(id), `${id} (from ${entry})`);
    if (module == null) throw new Error(`${id} could not be loaded`);
    return module;
  };
}
