import type { Store } from './store';

/**
 * What a remote with data exposes as `./preload`: asks for the data of the screen at `pathname` (one of the remote's
 * routes) into the page's store, so that it is on its way while the screen's code loads. It answers once that data
 * is in (or could not be: the screen then asks again and shows why); it must never throw for a path it does not
 * know. The module holding it imports only shared packages and small modules, so it arrives well before `./app`.
 */
export type RoutePreload = (context: { store: Store; pathname: string }) => Promise<void> | void;

/** The module a remote exposes as `./preload`. */
export interface RoutePreloadModule {
  preload: RoutePreload;
}
