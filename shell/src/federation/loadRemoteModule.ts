import { registerPlugins } from '@module-federation/runtime';
import type { RemoteName } from '@murmur/config/remotes';
import { createRemoteLoader, type LoadRemoteModule } from '@murmur/remote-kit';
import { preloadRemote } from './earlyHints';
import { earlyManifest } from './earlyManifest';
import { preloadWhereMapped } from './preloadWhereMapped';
import { readRemoteLocations } from './remoteLocations';

let pluginsRegistered = false;

/**
 * Before each attempt: the early hints of the manifest it loads (so its runtime core maps onto the shell's copy) and,
 * at the first load, when the page's federation instance surely exists, the plugins that point the runtime's own
 * preloads at that copy too and hand it the early script's reads of the manifests.
 */
async function beforeLoad(name: RemoteName, manifestUrl: string): Promise<void> {
  await preloadRemote(name, manifestUrl);
  if (!pluginsRegistered) registerPlugins([preloadWhereMapped, earlyManifest]);
  pluginsRegistered = true;
}

/** The page's one loader of remote modules, for the shell and, through parcel props, for every remote it mounts. */
export const loadRemoteModule: LoadRemoteModule = createRemoteLoader(readRemoteLocations, { beforeLoad });
