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
 * A module a remote exposes: the remote's name (packages/config/apps.js) and the module's, `feed-mfe/UserPostList`. The loader
 * asks the federation runtime for it under the remote's federation name.
 */
export type RemoteModuleId = `${RemoteName}/${string}`;

export type LoadRemoteModule = <T>(id: RemoteModuleId, options?: { retry?: boolean }) => Promise<T>;

/**
 * Where the remotes' manifests are; `fresh` asks to read the source again rather than answer from a cache. A remote
 * it does not name (not deployed yet) fails to load, like a remote that does not answer.
 */
export type ReadRemoteLocations = (options?: { fresh?: boolean }) => Promise<Partial<Record<RemoteName, string>>>;

/** Runs before a remote's modules are loaded from the manifest at `manifestUrl` (the shell puts its hints in place). */
export type BeforeRemoteLoad = (name: RemoteName, manifestUrl: string) => Promise<void>;

/**
 * Loads modules of remotes whose manifests `readLocations` names (read from `source`, which the error of a remote it
 * does not name names). A remote is registered with the federation runtime the first time one of its modules is asked
 * for. A retry starts over: the locations are read again, and the remote is registered again with `force` under a
 * manifest URL of its own, behind the attempt prefix (packages/config/remotes.js), so that its entry, chunks and styles, found
 * relative to it, get URLs no earlier attempt used and nothing a stalled attempt left behind is reused. Each step has
 * the remote time limit, so a stalled server ends in an error (and a Retry) rather than an endless skeleton. The
 * runtime `plugins` are registered once, at the first load: by then the page's federation instance surely exists.
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
    if (!pluginsRegistered) registerPlugins(plugins);
    pluginsRegistered = true;
    let manifestUrl = registered.get(name);
    if (retry || manifestUrl === undefined) {
      manifestUrl = retry ? attemptManifestUrl(entry, ++attempts) : entry;
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
