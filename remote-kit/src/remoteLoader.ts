import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/runtime';
import { federationNameOf, type RemoteName } from '@murmur/config/apps';
import { attemptManifestUrl } from '@murmur/config/remotes';
import { withinTimeLimit } from './timeLimit';

/**
 * A module a remote exposes: the remote's name (config/apps.js) and the module's, `feed-mfe/UserPostList`. The loader
 * asks the federation runtime for it under the remote's federation name.
 */
export type RemoteModuleId = `${RemoteName}/${string}`;

export type LoadRemoteModule = <T>(id: RemoteModuleId, options?: { retry?: boolean }) => Promise<T>;

/**
 * Where the remotes' manifests are; `fresh` asks to read the source again rather than answer from a cache. A remote
 * it does not name (not deployed yet) fails to load, like a remote that does not answer.
 */
export type ReadRemoteLocations = (options?: { fresh?: boolean }) => Promise<Partial<Record<RemoteName, string>>>;

/**
 * The fallback URL of a retry where the attempt prefix is not served (the development servers): a query makes the
 * manifest and entry URLs fresh, so the runtime fetches the manifest anew and a stalled import() of the old entry
 * cannot shadow the new one. The chunks the entry imports by relative URL keep theirs.
 */
function queryRetryUrl(url: string, attempt: number): string {
  const fresh = new URL(url, globalThis.location?.href);
  fresh.searchParams.set('mf-retry', String(attempt));
  return fresh.href;
}

/**
 * Which attempt each remote on the query fallback is at, by federation name, for its entry URL (the manifest names it
 * without a query).
 */
const retries = new Map<string, number>();

const freshEntryOnRetry = {
  name: 'murmur-fresh-entry-on-retry',
  loadEntry: ({ remoteInfo }: { remoteInfo: { name: string; entry: string; type?: string } }) => {
    const attempt = retries.get(remoteInfo.name);
    if (attempt === undefined || remoteInfo.type !== 'module') return undefined;
    return import(/* @vite-ignore */ queryRetryUrl(remoteInfo.entry, attempt));
  },
};

/**
 * The manifest URL of a retry. Where the server answers the attempt prefix (config/remotes.js) with the manifest, the
 * prefixed URL: the entry, chunks and styles, found relative to it, all get URLs no earlier attempt used. Elsewhere
 * (a page answered instead, or no answer but an error), the query fallback. A probe that stalls is reported as such.
 */
async function retryManifestUrl(name: RemoteName, location: string, attempt: number): Promise<string> {
  const prefixed = attemptManifestUrl(location, attempt);
  const servesPrefix = fetch(prefixed).then(
    (response) => response.ok && (response.headers.get('content-type') ?? '').includes('json'),
    () => false,
  );
  if (await withinTimeLimit(servesPrefix, prefixed)) {
    retries.delete(federationNameOf(name));
    return prefixed;
  }
  retries.set(federationNameOf(name), attempt);
  return queryRetryUrl(location, attempt);
}

/** Runs before a remote's modules are loaded from the manifest at `manifestUrl` (the shell puts its hints in place). */
export type BeforeRemoteLoad = (name: RemoteName, manifestUrl: string) => Promise<void>;

/**
 * Loads modules of remotes whose manifests `readLocations` names (read from `source`, which the error of a remote it
 * does not name names). A remote is registered with the federation runtime the first time one of its modules is asked
 * for. A retry starts over: the locations are read again, and the remote is registered again with `force` under
 * manifest URLs of its own (see `retryManifestUrl`), so that nothing a stalled attempt left behind is reused. Each
 * step has the remote time limit, so a stalled server ends in an error (and a Retry) rather than an endless skeleton.
 * The runtime `plugins` given, and the loader's own, are registered once, at the first load: by then the page's
 * federation instance surely exists.
 */
export function createRemoteLoader(
  readLocations: ReadRemoteLocations,
  {
    beforeLoad,
    plugins = [],
    source = 'the remote locations',
  }: { beforeLoad?: BeforeRemoteLoad; plugins?: ModuleFederationRuntimePlugin[]; source?: string } = {},
): LoadRemoteModule {
  const registered = new Map<RemoteName, string>();
  let attempts = 0;
  let pluginsRegistered = false;
  return async function loadRemoteModule<T>(id: RemoteModuleId, { retry = false } = {}): Promise<T> {
    const name = id.slice(0, id.indexOf('/')) as RemoteName;
    const entry = (await withinTimeLimit(readLocations({ fresh: retry }), 'remotes.json'))[name];
    if (!entry) throw new Error(`${source} has no URL for the remote ${name}`);
    if (!pluginsRegistered) registerPlugins([freshEntryOnRetry, ...plugins]);
    pluginsRegistered = true;
    let manifestUrl = registered.get(name);
    if (retry || manifestUrl === undefined) {
      if (retry) {
        manifestUrl = await retryManifestUrl(name, entry, ++attempts);
      } else {
        manifestUrl = entry;
      }
      registerRemotes([{ name: federationNameOf(name), entry: manifestUrl }], { force: retry });
      registered.set(name, manifestUrl);
    }
    await beforeLoad?.(name, manifestUrl);
    const module = await withinTimeLimit(
      loadRemote<T>(`${federationNameOf(name)}${id.slice(name.length)}`),
      `${id} (from ${entry})`,
    );
    if (module == null) throw new Error(`${id} could not be loaded`);
    return module;
  };
}
