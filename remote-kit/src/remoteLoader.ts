import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { RemoteName } from '@murmur/config/remotes';

/** A module a remote exposes, named as the federation runtime names it: `murmur_feed/UserPostList`. */
export type RemoteModuleId = `${RemoteName}/${string}`;

export type LoadRemoteModule = <T>(id: RemoteModuleId, options?: { retry?: boolean }) => Promise<T>;

/**
 * Loads modules of remotes whose manifests `readLocations` names. A remote is registered with the federation runtime
 * the first time one of its modules is asked for; a retry registers it again with `force`, which drops the
 * runtime's cached failure so that the manifest is fetched anew.
 */
export function createRemoteLoader(readLocations: () => Promise<Record<RemoteName, string>>): LoadRemoteModule {
  const registered = new Set<RemoteName>();
  return async function loadRemoteModule<T>(id: RemoteModuleId, { retry = false } = {}): Promise<T> {
    const name = id.slice(0, id.indexOf('/')) as RemoteName;
    const entry = (await readLocations())[name];
    if (!entry) throw new Error(`No location is known for the remote ${name}`);
    if (retry || !registered.has(name)) {
      registerRemotes([{ name, entry }], { force: retry });
      registered.add(name);
    }
    const module = await loadRemote<T>(id);
    if (module == null) throw new Error(`${id} could not be loaded`);
    return module;
  };
}
