import { registerPlugins } from '@module-federation/runtime';
import type { RemoteName } from '@murmur/config/remotes';
import { createRemoteLoader, type LoadRemoteModule } from '@murmur/remote-kit';
import { preloadRemote } from './earlyHints';
import { preloadWhereMapped } from './preloadWhereMapped';
import { readRemoteLocations } from './remoteLocations';

let pluginsRegistered = false;

/**
 * Before each attempt: the early hints of the manifest it loads (so its runtime core maps onto the shell's copy) and,
 * at the first load, when the page's federation instance surely exists, the plugin that points the runtime's own
 * preloads at that copy too.
 */
async function beforeLoad(name: RemoteName, manifestUrl: string): Promise<void> {
  await preloadRemote(name, manifestUrl);
  if (!pluginsRegistered) registerPlugins([preloadWhereMapped]);
  pluginsRegistered = true;
}

/** The page's one loader of remote modules, for the shell and, through parcel props, for every remote it mounts. */
export const loadRemoteModule: LoadRemoteModule = createRemoteLoader(readRemoteLocations, { beforeLoad });
