import { createRemoteLoader, type LoadRemoteModule } from '@murmur/remote-kit';
import { preloadRemote } from './earlyHints';
import { earlyManifest } from './earlyManifest';
import { preloadWhereMapped } from './preloadWhereMapped';
import { readRemoteLocations, REMOTES_FILE } from './remoteLocations';

/**
 * The page's one loader of remote modules, for the shell and, through parcel props, for every remote it mounts.
 * Before each attempt, the early hints of the manifest it loads are put in place (so its runtime core maps onto the
 * shell's copy); the runtime's plugins point its own preloads at that copy too and hand it the early script's reads
 * of the manifests.
 */
export const loadRemoteModule: LoadRemoteModule = createRemoteLoader(readRemoteLocations, {
  beforeLoad: preloadRemote,
  plugins: [preloadWhereMapped, earlyManifest],
  source: REMOTES_FILE,
});
