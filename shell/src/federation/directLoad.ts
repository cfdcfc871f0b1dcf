import type { RemoteName } from '@murmur/config/apps';
import { baseOf, directFilesOf, runtimeNeededFor, type ScreenManifest } from '@murmur/config/resolved-page';
import type { DirectLoad } from '@murmur/remote-kit';
import { pluginVersion } from 'virtual:murmur-provided-shares';
import { earlyScript } from '../early/pageHandoff';
import { loadPhases } from '../telemetry/pageTelemetry';
import { applyStylesheets } from './checkedStylesheets';
import { seededShares, unboundShares } from './provideShares';
import { isOverridden } from '../overrides/overridesInUse';
import { onRemoteSwitch } from './remoteSwitches';

/** Each manifest read here, by URL: a remote's modules are loaded from one read (a Retry's is another URL). */
const manifests = new Map<string, Promise<ScreenManifest>>();
onRemoteSwitch((_name, from) => manifests.delete(from));

/** The manifest at `manifestUrl`: the early script's (checked against its integrity), else a read of it. */
function readManifest(manifestUrl: string): Promise<ScreenManifest> {
  let read = manifests.get(manifestUrl);
  if (!read) {
    read = (async () => {
      const response = await (earlyScript()?.readManifest(manifestUrl) ?? fetch(manifestUrl));
      if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}`);
      return (await response.json()) as ScreenManifest;
    })();
    read.catch(() => manifests.delete(manifestUrl));
    manifests.set(manifestUrl, read);
  }
  return read;
}

/**
 * Loads a remote's expose straight from its own file, with no federation runtime (docs/architecture.md, "The linked
 * first load"): its stylesheets applied with their integrity while its file is imported under the integrity the page's
 * import map gives it (the loader's hints put it there), its share wrappers binding to the modules the shell put on
 * the page. Declines (undefined), for the runtime to load it, where this tab holds an override of the remote, where
 * the remote needs what only the runtime can give (packages/config/resolvedPage.js#runtimeNeededFor), or where one
 * of its share wrappers did not find its module. Measures the `manifest` and `factory`
 * phases, as the runtime's hooks do on its path.
 */
export const directLoad: DirectLoad = async (name: RemoteName, expose: string, manifestUrl: string) => {
  if (await isOverridden(name, manifestUrl)) return undefined;
  const manifest = await loadPhases.measure(name, 'manifest', manifestUrl, () => readManifest(manifestUrl));
  if (runtimeNeededFor(manifest, expose, { pluginVersion, provided: seededShares })) return undefined;
  const files = directFilesOf(manifest, expose);
  if (!files) return undefined;
  const base = baseOf(manifest, manifestUrl);
  const url = (file: string) => new URL(file, base).href;
  const load = async () => {
    const unbound = unboundShares();
    // Its stylesheets applied while its module loads: the screen mounts once both are in.
    const [, module] = await Promise.all([
      applyStylesheets(files.styles.map(url)),
      import(/* @vite-ignore */ url(files.entry)) as Promise<Record<string, unknown>>,
    ]);
    // A share wrapper that did not find its module where the shell put it waits for its container's init, which only
    // the runtime gives: the runtime then loads the expose (the same file, already evaluated), and the wrapper binds.
    if (unboundShares().some((waiting) => !unbound.includes(waiting))) return undefined;
    // As the plugin's remoteEntry does: an expose whose own imports are still settling says so.
    const pending = module.__mf_remote_dependency_pending;
    if (pending instanceof Promise) await pending;
    return { ...module };
  };
  return expose === './app' ? loadPhases.measure(name, 'factory', manifestUrl, load) : load();
};
