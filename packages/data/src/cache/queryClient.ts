/**
 * The query cache of a store: each Jotai store holds its own `QueryClient` (docs/data-layer.md, "The query cache"),
 * made with the page's store, so no two pages (or tests) ever share cached pages.
 */
import { QueryClient } from '@tanstack/query-core';
import { createStore } from 'jotai';
import { atomWithLazy } from 'jotai/utils';

export type Store = ReturnType<typeof createStore>;

/** A new cache with the defaults of every query: a refusal shows at once (with a retry button), not after retries. */
const createQueryClient = (): QueryClient =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/**
 * The store's `QueryClient`. `createPageStore` puts one in; a store made otherwise makes its own on first read, so a
 * cache is never one object for the whole module, whichever store reads it.
 */
export const queryClientAtom = atomWithLazy(createQueryClient);

/** The page's store, with its own query cache: what the page's boot and the test helpers make. */
export function createPageStore(): Store {
  const store = createStore();
  store.set(queryClientAtom, createQueryClient());
  return store;
}
