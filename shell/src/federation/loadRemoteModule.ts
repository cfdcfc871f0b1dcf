import { registerPlugins } from '@module-federation/runtime';
import type { RemoteName } from '@murmur/config/remotes';
import { createRemoteLoader, type LoadRemoteModule } from '@murmur/remote-kit';
import { preloadRemote } from './earlyHints';
import { preloadWhereMapped } from './preloadWhereMapped';
import { readRemoteLocations } from './remoteLocations';

const loadWithRuntime = createRemoteLoader(readRemoteLocations);
let pluginsRegistered = false;

/** The page's one loader of remote modules, for the shell and, through parcel props, for every remote it mounts. */
export const loadRemoteModule: LoadRemoteModule = async (id, options) => {
  await preloadRemote(id.slice(0, id.indexOf('/')) as RemoteName);
  // At the first load, when the page's federation instance surely exists.
  if (!pluginsRegistered) registerPlugins([preloadWhereMapped]);
  pluginsRegistered = true;
  return loadWithRuntime(id, options);
};
