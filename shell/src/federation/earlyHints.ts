import type { RemoteName } from '@murmur/config/remotes';

/** What shell/public/preload-remotes.js, run before the bundle, leaves on the page. */
interface EarlyHints {
  /** Its read of remotes.json, for the shell to use instead of asking again. */
  __murmurRemotesJson?: Promise<Response>;
  /**
   * Has the browser fetch a remote's scripts and styles ahead of use, those of the manifest remotes.json names or of
   * the one given; settles, never failing, once they are hinted.
   */
  __murmurPreloadRemote?: (name: RemoteName, manifestUrl?: string) => Promise<void>;
}

const page = window as Window & EarlyHints;

/** The early read of remotes.json, once: a retry reads it anew. */
export function takeEarlyRemotesJson(): Promise<Response> | undefined {
  const early = page.__murmurRemotesJson;
  delete page.__murmurRemotesJson;
  return early;
}

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
 * Has the browser fetch the given remotes' code once the current screen has had a second for its own data and
 * images, when it is idle, so that their first visit does not wait for it.
 */
export function prefetchRemotesWhenIdle(names: RemoteName[]): () => void {
  const prefetch = () => names.forEach((name) => void preloadRemote(name));
  const timer = setTimeout(() => requestIdleCallback(prefetch, { timeout: 2000 }), 1000);
  return () => clearTimeout(timer);
}
