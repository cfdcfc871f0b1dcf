import type { RemoteName } from '@murmur/config/apps';
import { matchRoute, routes } from '@murmur/config/routes';

/** What shell/public/preload-remotes.js, run before the bundle, leaves on the page. */
interface EarlyHints {
  /** Its read of remotes.json, for the shell to use instead of asking again. */
  __murmurRemotesJson?: Promise<Response>;
  /**
   * Has the browser fetch a remote's scripts and styles ahead of use, those of the manifest remotes.json names or of
   * the one given; settles, never failing, once they are hinted.
   */
  __murmurPreloadRemote?: (name: RemoteName, manifestUrl?: string) => Promise<void>;
  /** Its read of a remote's manifest (a successful one), once. */
  __murmurTakeManifest?: (manifestUrl: string) => Response | undefined;
}

const page = window as Window & EarlyHints;

/** The early read of remotes.json, once: a retry reads it anew. */
export function takeEarlyRemotesJson(): Promise<Response> | undefined {
  const early = page.__murmurRemotesJson;
  delete page.__murmurRemotesJson;
  return early;
}

/** The early script's read of the manifest at `manifestUrl`, once, or undefined when it has none. */
export const takeEarlyManifest = (manifestUrl: string): Response | undefined =>
  page.__murmurTakeManifest?.(manifestUrl);

/**
 * The remote's hints in place, before the federation runtime loads it (from `manifestUrl`, or where remotes.json
 * says): the first module it resolves must already see the import map that gives it the shell's runtime. Without the
 * early script (unit tests), nothing to wait for.
 */
export function preloadRemote(name: RemoteName, manifestUrl?: string): Promise<void> {
  const hints = page.__murmurPreloadRemote?.(name, manifestUrl);
  if (!hints) return Promise.resolve();
  // Hints only speed things up: a stalled manifest must not hold the load, whose own time limit then reports it.
  // Loading without them is correct, just with the remote's own copy of the runtime.
  return Promise.race([hints, new Promise<void>((resolve) => setTimeout(resolve, HINTS_WAIT_MS))]);
}

const HINTS_WAIT_MS = 3_000;

/**
 * Has the browser fetch the given remotes' code once the current screen has its own data (`screenData` settled) or
 * has had a second for it, when it is idle, so that their first visit does not wait for it.
 */
export function prefetchRemotesWhenIdle(names: RemoteName[], screenData?: Promise<unknown>): () => void {
  let state: 'waiting' | 'started' | 'cancelled' = 'waiting';
  const start = () => {
    if (state !== 'waiting') return;
    state = 'started';
    requestIdleCallback(() => names.forEach((name) => void preloadRemote(name)), { timeout: 2000 });
  };
  const timer = setTimeout(start, 1000);
  void screenData?.then(start);
  return () => {
    clearTimeout(timer);
    if (state === 'waiting') state = 'cancelled';
  };
}

/**
 * Has the browser fetch the code of the remote that owns a link's address as soon as the pointer rests on the link
 * (or the keyboard focuses it): a click follows within a few hundred ms, and the remote's first visit then waits
 * only for running it. One listener for the page, whichever app drew the link; a remote already hinted costs nothing.
 */
export function prefetchRemotesOfLinks(): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const route = matchRoute(link.pathname);
    if (route) void preloadRemote(routes[route.name].remote);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  return () => {
    document.removeEventListener('pointerover', onIntent);
    document.removeEventListener('focusin', onIntent);
  };
}
