import { preloads, type RemoteName } from '@murmur/config/apps';
import { matchRoute, routes } from '@murmur/config/routes';
import type { Store } from '@murmur/remote-kit';
import { loadRemoteModule } from './loadRemoteModule';
import type { PreloadModule } from './remoteModuleTypes';
import { onRemoteSwitch } from './remoteSwitches';

/**
 * Each remote's `./preload`, once loaded. A preload of a remote whose module is in then asks in the very task of its
 * cause (the login's answer, say): a load through the federation runtime, even of a module it holds, waits for the
 * browser's module map, which can let the redirect render and navigate first.
 */
const loadedPreloads = new Map<RemoteName, PreloadModule>();
// A remote that moved to another version preloads with that version's module from then on.
onRemoteSwitch((name) => loadedPreloads.delete(name));

const loadPreload = (remote: RemoteName): Promise<PreloadModule> =>
  loadRemoteModule<PreloadModule>(`${remote}/preload`).then((module) => {
    loadedPreloads.set(remote, module);
    return module;
  });

/**
 * Has `remote` ask for the data of its screen at `pathname` now, through the `./preload` it exposes, while its
 * `./app` loads beside it through the same loader. Answers once that data is in. Never fails and never holds the
 * screen: a preload that is missing, cannot be loaded or throws only loses its head start (the screen asks itself).
 */
export async function preloadRoute(remote: RemoteName, context: { store: Store; pathname: string }): Promise<void> {
  if (!preloads(remote)) return;
  try {
    const { preload } = loadedPreloads.get(remote) ?? (await loadPreload(remote));
    await preload(context);
  } catch (error) {
    console.warn(`${remote} could not preload the data of ${context.pathname}; its screen will ask for it`, error);
  }
}

/**
 * At boot, before the shell's first render: the data of the route the page opens on, from the remote that owns it.
 * (Its outlet asks again once mounted; the request in flight is shared.)
 */
export function preloadOpeningRoute(store: Store): void {
  const { pathname } = window.location;
  const route = matchRoute(pathname);
  if (route) void preloadRoute(routes[route.name].remote, { store, pathname });
}

/**
 * Loads `remote`'s code for a screen the person is about to see (its `./app`, and its `./preload`), so that showing
 * it then waits only for its data. A failure here is left to the screen's own load, which reports it with Retry.
 */
export function warmRemote(remote: RemoteName): void {
  const ignore = () => undefined;
  loadRemoteModule(`${remote}/app`).catch(ignore);
  if (preloads(remote)) loadPreload(remote).catch(ignore);
}
