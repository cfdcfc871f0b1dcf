import type { RemoteName } from '@murmur/config/apps';

// An override served by a remote's dev server (docs/overriding-a-remote.md): its React Refresh runtime hooked into the
// page before its modules run, and its new builds loaded again in place by the outlet that shows it.

/**
 * Whether a manifest is a remote's dev server's: its modules are made by React's development JSX runtime, which it
 * shares (only the development shell provides it: a production shell refuses the override).
 */
export function fromDevServer(manifest: unknown): boolean {
  const { shared } = manifest as { shared?: unknown };
  return Array.isArray(shared) && shared.some((entry) => (entry as { name?: unknown }).name === devJsxRuntime);
}

const devJsxRuntime = 'react/jsx-dev-runtime';

/**
 * Does for the dev server at `manifestUrl` what its own page's preamble does (@vitejs/plugin-react), before any of its
 * modules runs: hooks its React Refresh runtime into React (which announced itself to the DevTools hook the early
 * script put in place), and marks the preamble installed, with the defaults its modules expect. Its modules then
 * register their components, and its hot-update socket (the Vite client, which the runtime imports) applies each
 * edit by Fast Refresh, keeping the components' state.
 */
export async function installRefreshRuntime(manifestUrl: string): Promise<void> {
  const runtime = (await import(/* @vite-ignore */ new URL('/@react-refresh', manifestUrl).href)) as {
    injectIntoGlobalHook(page: Window): void;
  };
  runtime.injectIntoGlobalHook(window);
  Object.assign(window, {
    $RefreshReg$: () => undefined,
    $RefreshSig$: () => (type: unknown) => type,
    __vite_plugin_react_preamble_installed__: true,
  });
}

/** Who loads each overridden remote again when its build changes: the outlet that shows it. */
const rebuildListeners = new Map<RemoteName, Set<() => void>>();

/**
 * Calls `listener` each time the build `remote`'s override points at changes, where its server says so (a remote's dev
 * server does: packages/build-tools/watchBuild.js). Answers the function that stops calling it.
 */
export function onOverrideRebuilt(remote: RemoteName, listener: () => void): () => void {
  const forRemote = rebuildListeners.get(remote) ?? new Set();
  rebuildListeners.set(remote, forRemote);
  forRemote.add(listener);
  return () => {
    forRemote.delete(listener);
  };
}

/**
 * Listens for new builds where the override's manifest names a stream of them (`murmurUpdates`, a remote's watch build:
 * packages/build-tools/watchBuild.js). The first message names the build the page has; each other one, a newer build,
 * which the outlet loads again in place (as Retry does, under URLs of its own): hot updates without a reload.
 */
export function followBuilds(remote: RemoteName, url: string, manifest: unknown): void {
  const updates = (manifest as { murmurUpdates?: unknown }).murmurUpdates;
  if (typeof updates !== 'string') return;
  const source = new EventSource(new URL(updates, url));
  let loaded: string | null = null;
  source.onmessage = ({ data }: MessageEvent<string>) => {
    if (loaded === null) loaded = data;
    if (data === loaded) return;
    loaded = data;
    for (const listener of rebuildListeners.get(remote) ?? []) listener();
  };
}
