import type { RemoteName } from '@murmur/config/apps';
import { createRemoteLoader, type LoadRemoteModule } from '@murmur/remote-kit';
import { earlyScript, REMOTES_FILE } from '../early/pageContract';
import { earlyManifest } from './earlyManifest';
import { preloadWhereMapped } from './preloadWhereMapped';
import { integrityOfRemote } from './remoteIntegrity';
import { readRemoteLocations } from './remoteLocations';

const HINTS_WAIT_MS = 3_000;

/**
 * The remote's hints in place, before the federation runtime loads it from `manifestUrl`: the first module it
 * resolves must already see the import map that gives it the shell's runtime. Hints only speed things up: a stalled
 * manifest must not hold the load, whose own time limit then reports it, and loading without them is correct, just
 * with the remote's own copy of the runtime. Without the early script (unit tests), nothing to wait for.
 */
function hintsInPlace(name: RemoteName, manifestUrl: string): Promise<void> {
  // Not a hint: the integrity of the remote's files is in place before anything of it is fetched.
  earlyScript()?.requireIntegrity(integrityOfRemote(manifestUrl));
  const hints = earlyScript()?.hintRemote(name, manifestUrl);
  if (!hints) return Promise.resolve();
  return Promise.race([hints, new Promise<void>((resolve) => setTimeout(resolve, HINTS_WAIT_MS))]);
}

/**
 * The page's one loader of remote modules, for the shell and, through parcel props, for every remote it mounts.
 * Before each attempt, the early hints of the manifest it loads are put in place (so its runtime core maps onto the
 * shell's copy); the runtime's plugins point its own preloads at that copy too and hand it the early script's reads
 * of the manifests.
 */
export const loadRemoteModule: LoadRemoteModule = createRemoteLoader(readRemoteLocations, {
  beforeLoad: hintsInPlace,
  plugins: [preloadWhereMapped, earlyManifest],
  source: REMOTES_FILE,
});
