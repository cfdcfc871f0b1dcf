import type { RemoteName } from '@murmur/config/apps';
import { createRemoteLoader, type LoadRemoteModule } from '@murmur/remote-kit';
import { earlyScript, REMOTES_FILE } from '../early/pageHandoff';
import { isOverridden, withOverrides } from '../overrides/overridesInUse';
import { loadErrors, loadPhases } from '../telemetry/pageTelemetry';
import { checkedStylesheets } from './checkedStylesheets';
import { directLoad } from './directLoad';
import { earlyManifest } from './earlyManifest';
import { runtimeShares } from './provideShares';
import { preloadWhereMapped } from './preloadWhereMapped';
import { integrityOfRemote } from './remoteIntegrity';
import { readRemoteLocations } from './remoteLocations';
import { onRemoteSwitch, remoteSwitched, versionFolderOf } from './remoteSwitches';

// How the page loads a remote, in the order each load goes through it; the rest of federation/ is what each step
// calls. Locations: where the remote is, from remotes.json (remoteLocations.ts). Overrides: this tab's in use put in
// its place (shell/src/overrides/, asked through overridesInUse.ts). Integrity: the hashes of the remote's files
// required before any of them is fetched (remoteIntegrity.ts). Hints: the manifest's import maps and preloads, put in
// place by the early script. Loader: the remote's own files (directLoad.ts), or the federation runtime and its plugins.

/** Locations, then overrides: where this tab loads each remote from, remotes.json with this tab's overrides in use. */
const readLocations = withOverrides(readRemoteLocations);

/**
 * Integrity: in place before anything of the remote is fetched. Only the early script can put it there (its tag has
 * the page's nonce): without it (refused, say), nothing unchecked is loaded; without it and with nothing to check
 * (unit tests), nothing to wait for. The one exception: this tab's override of this remote (`overridden`), which was
 * never released and so has no recorded integrity; it was checked instead against the environment's allowed origins
 * and the live shell.
 */
function integrityInPlace(name: RemoteName, manifestUrl: string, overridden: boolean): void {
  const integrity = overridden ? {} : integrityOfRemote(manifestUrl);
  const early = earlyScript();
  if (!early && Object.keys(integrity).length > 0)
    throw new Error(`${name} cannot be checked against its integrity: the page's early script did not run`);
  early?.requireIntegrity(integrity);
}

const HINTS_WAIT_MS = 3_000;

/**
 * Hints: the remote's in place before it is loaded from `manifestUrl`: the first module it resolves must already see
 * the import maps that give it its integrity and the shell's copies of the runtimes' cores. Hints only speed things
 * up: a stalled manifest must not hold the load, whose own time limit then reports it, and loading without them is
 * correct, just with the remote's own copies.
 */
function hintsInPlace(manifestUrl: string): Promise<void> | undefined {
  const hints = earlyScript()?.hintRemote(manifestUrl);
  if (!hints) return undefined;
  return Promise.race([hints, new Promise<void>((resolve) => setTimeout(resolve, HINTS_WAIT_MS))]);
}

/** What each attempt at a remote waits for before its load: whether it is overridden, its integrity, its hints. */
async function beforeLoad(name: RemoteName, manifestUrl: string): Promise<void> {
  integrityInPlace(name, manifestUrl, await isOverridden(name, manifestUrl));
  return hintsInPlace(manifestUrl);
}

/**
 * Loader: the page's one loader of remote modules, for the shell and, through parcel props, for every remote it
 * mounts. A remote promote linked is loaded straight from its files (directLoad.ts); any other, through the
 * federation runtime, whose plugins point its own preloads at the shell's copies, add each module's stylesheets with
 * their integrity before it loads, and hand it the early script's reads of the manifests; the first two measure each
 * remote's load and report its failures (docs/telemetry.md).
 */
export const loadRemoteModule: LoadRemoteModule = createRemoteLoader(readLocations, {
  beforeLoad,
  direct: directLoad,
  // The page's federation instance, where a remote needs the runtime: given the modules the shell put on the page.
  initRuntime: ({ init }) => init({ name: 'shell', remotes: [], shared: runtimeShares() }),
  plugins: [loadPhases.plugin, loadErrors, preloadWhereMapped, checkedStylesheets, earlyManifest],
  source: REMOTES_FILE,
  onSwitch: remoteSwitched,
});

/**
 * Has the browser fetch a remote's code ahead of use, as its load would (locations to hints, without the loader), at
 * the location this tab loads it from; never failing: a remote that cannot be found now is reported when it is loaded.
 */
export function prefetchRemote(name: RemoteName): Promise<void> {
  return readLocations()
    .then((locations) => {
      const manifestUrl = locations[name];
      return manifestUrl ? beforeLoad(name, manifestUrl) : undefined;
    })
    .catch(() => undefined);
}

// The hints of a version a remote moved away from (remoteSwitches.ts): the files they fetched ahead are not needed.
onRemoteSwitch((_name, from) => {
  const folder = versionFolderOf(from);
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]'))
    if (link.href.startsWith(folder)) link.remove();
});
