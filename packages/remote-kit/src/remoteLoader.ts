import type * as Runtime from '@module-federation/runtime';
import { federationNameOf, type RemoteName } from '@murmur/config/apps';
import { attemptManifestUrl } from '@murmur/config/remotes';
import { withinTimeLimit } from './timeLimit';

/**
 * A module a remote exposes: the remote's name (packages/config/apps.js) and the module's, `feed-mfe/UserPostList`. The
 * loader asks the federation runtime for it under the remote's federation name. Any name is allowed here, not only the
 * apps table's: the loader fails a remote remotes.json does not name at run time, and the loader the shell hands every
 * remote keeps one type while remotes join and leave the composition (else promote would refuse a shell without a
 * retired remote against the remotes built while it was there).
 */
export type RemoteModuleId = `${string}/${string}`;

/**
 * `retry`: load it again from a fresh read of the locations, under URLs of its own; `mount`: the module is about to
 * be mounted (nothing of an earlier load of it is on screen), so a remote whose location moved since its last load
 * may move with it.
 */
export type LoadRemoteModule = <T>(id: RemoteModuleId, options?: { retry?: boolean; mount?: boolean }) => Promise<T>;

/**
 * Where the remotes' manifests are; `fresh` asks to read the source again rather than answer from a cache. A remote
 * it does not name (not deployed yet) fails to load, like a remote that does not answer.
 */
export type ReadRemoteLocations = (options?: { fresh?: boolean }) => Promise<Partial<Record<RemoteName, string>>>;

/** Runs before a remote's modules are loaded from the manifest at `manifestUrl` (the shell puts its hints in place). */
export type BeforeRemoteLoad = (name: RemoteName, manifestUrl: string) => Promise<void>;

/**
 * Loads `expose` (`./app`) of the remote whose manifest is at `manifestUrl` without the federation runtime, where the
 * page can (the shell's linked first load); answers undefined where it cannot, and the runtime loads it instead.
 */
export type DirectLoad = (name: RemoteName, expose: string, manifestUrl: string) => Promise<unknown>;

/** The federation runtime's module, loaded the first time a remote needs it. */
export type FederationRuntime = typeof Runtime;

interface LoaderOptions {
  beforeLoad?: BeforeRemoteLoad;
  /** Tried first for every module; the runtime loads what it declines. */
  direct?: DirectLoad;
  /** Starts the page's federation instance, where nothing else did, before the runtime's first load. */
  initRuntime?: (runtime: FederationRuntime) => void;
  plugins?: Runtime.ModuleFederationRuntimePlugin[];
  source?: string;
  /** Told when a remote's loads move from one manifest URL to another: what the old one put on the page can go. */
  onSwitch?: (name: RemoteName, from: string, to: string) => void;
}

/**
 * Loads modules of remotes whose manifests `readLocations` names (read from `source`, which the error of a remote it
 * does not name names). `direct` is asked first; what it declines, the federation runtime loads: the runtime is
 * imported then, not before, so a page that loads every remote directly never evaluates it. A remote is registered
 * with the runtime the first time the runtime loads one of its modules. A retry starts over: the locations are read
 * again, and the remote is loaded under a manifest URL of its own, behind the attempt prefix
 * (packages/config/remotes.js), so that its entry, chunks and styles, found relative to it, get URLs no earlier
 * attempt used and nothing a stalled attempt left behind is reused. Each step has the remote time limit, so a stalled
 * server ends in an error (and a Retry) rather than an endless skeleton. The runtime `plugins` are registered once,
 * when the runtime is first imported. A remote stays on the manifest of its first load until a retry, or until a
 * load for a mount finds its location moved (an open tab switched to another version: the shell's
 * deployment/compositionChange.ts): only then does it move, so that a remote's modules on screen never mix versions.
 */
export function createRemoteLoader(
  readLocations: ReadRemoteLocations,
  { beforeLoad, direct, initRuntime, plugins = [], source = 'the remote locations', onSwitch }: LoaderOptions = {},
): LoadRemoteModule {
  /** The manifest URL each remote is loaded from on this page: its location, or its latest attempt's. */
  const current = new Map<RemoteName, string>();
  /** The location each remote's current manifest URL was taken from. */
  const currentEntry = new Map<RemoteName, string>();
  /** The manifest URL each remote is registered under with the runtime. */
  const registered = new Map<RemoteName, string>();
  let attempts = 0;
  let runtime: Promise<FederationRuntime> | undefined;
  const federationRuntime = () =>
    (runtime ??= import('@module-federation/runtime').then((loaded) => {
      initRuntime?.(loaded);
      loaded.registerPlugins(plugins);
      return loaded;
    }));

  async function loadThroughRuntime<T>(id: RemoteModuleId, name: RemoteName, manifestUrl: string, from: string) {
    const { loadRemote, registerRemotes } = await withinTimeLimit(federationRuntime(), 'the federation runtime');
    if (registered.get(name) !== manifestUrl) {
      registerRemotes([{ name: federationNameOf(name), entry: manifestUrl }], { force: registered.has(name) });
      registered.set(name, manifestUrl);
    }
    return withinTimeLimit(loadRemote<T>(`${federationNameOf(name)}${id.slice(name.length)}`), `${id} (from ${from})`);
  }

  return async function loadRemoteModule<T>(id: RemoteModuleId, { retry = false, mount = false } = {}): Promise<T> {
    const name = id.slice(0, id.indexOf('/')) as RemoteName;
    const entry = (await withinTimeLimit(readLocations({ fresh: retry }), 'remotes.json'))[name];
    if (!entry) throw new Error(`${source} has no URL for the remote ${name}`);
    const before = current.get(name);
    let manifestUrl = before;
    if (retry || manifestUrl === undefined || (mount && currentEntry.get(name) !== entry)) {
      manifestUrl = retry ? attemptManifestUrl(entry, ++attempts) : entry;
      current.set(name, manifestUrl);
      currentEntry.set(name, entry);
      if (before !== undefined) onSwitch?.(name, before, manifestUrl);
    }
    await beforeLoad?.(name, manifestUrl);
    const expose = `.${id.slice(name.length)}`;
    const loaded = direct && (await withinTimeLimit(direct(name, expose, manifestUrl), `${id} (from ${entry})`));
    const module = loaded ?? (await loadThroughRuntime<T>(id, name, manifestUrl, entry));
    if (module == null) throw new Error(`${id} could not be loaded`);
    return module as T;
  };
}
