/**
 * How long what a route's preload brought stays fresh (docs/data-layer.md, "Preloads"): for a moment after a preload
 * asked, the screen it was asked for, mounting after the answer came, shows it without asking again. Otherwise a
 * posts query is stale at once (a list shown again refreshes behind what it shows).
 *
 * This note stays beside the cache because the cache cannot hold it: `staleTime` is resolved when the screen's
 * observer mounts, from the query alone, and by then the observer has replaced the query's options (and its `meta`)
 * with its own; nothing in a query's state tells an answer no screen has seen from one a screen has shown.
 */
import type { QueryClient } from '@tanstack/query-core';

const PRELOAD_FRESH_MS = 5_000;
const preloadedAt = new WeakMap<object, number>();

/** The `staleTime` of a query a preload may ask for: 5 s after its preload, else 0. */
export const preloadedStaleTime = (query: object): number =>
  Date.now() - (preloadedAt.get(query) ?? -Infinity) < PRELOAD_FRESH_MS ? PRELOAD_FRESH_MS : 0;

/** Notes a preload of `queryKey` (begun), so that the answer it brings counts as fresh when its screen mounts. */
export function notePreload(client: QueryClient, queryKey: readonly unknown[]): void {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (query) preloadedAt.set(query, Date.now());
}
