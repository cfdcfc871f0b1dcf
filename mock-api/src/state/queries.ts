/**
 * The server state of the page: TanStack Query's cache, held in the Jotai store (`queryClientAtom`), so every remote
 * reads the same pages. Post lists are infinite queries over the paged client; every write patches the cache and
 * then refreshes the lists (`refreshPostsAfterWrite`): docs/data-layer.md, "Refresh after a write", in one place.
 */
import type { InfiniteData, Query, QueryClient } from '@tanstack/query-core';
import { atom, type createStore } from 'jotai';
import { atomWithInfiniteQuery, atomWithQuery, queryClientAtom } from 'jotai-tanstack-query';
import { getPostsPage, getUserPosts, getUserPostsPage } from '../client/posts';
import { getBookmarksPage } from '../client/users';
import type { AuthToken } from '../client/http';
import type { FeedMode, Post, PostsPage } from '../types';
import { sessionBaseAtom } from './base';

export { queryClientAtom };

/** Posts a page asks for: enough to fill a tall screen, few enough to answer fast at any scale. */
export const POSTS_PAGE_SIZE = 20;

/** The lists of posts the screens show; each is one infinite query. */
export type PostList =
  { kind: 'feed'; sort: FeedMode } | { kind: 'user'; username: string } | { kind: 'bookmarks'; viewer: string };

/** Every post query sits under this key, so one invalidation reaches them all. */
export const POSTS_KEY = ['posts'] as const;

export const postListKey = (list: PostList) =>
  [
    ...POSTS_KEY,
    list.kind,
    list.kind === 'feed' ? list.sort : list.kind === 'user' ? list.username : list.viewer,
  ] as const;

const postCountKey = (username: string) => [...POSTS_KEY, 'count', username] as const;

/**
 * When a route's preload (`preloadPostList`, `preloadUserPostCount`) last asked for each query of the cache. For a
 * moment after, what it fetched is fresh: the screen it was asked for, mounting after the answer came, shows it
 * without asking again. Otherwise a list is stale at once (a list shown again refreshes behind what it shows).
 */
const preloadedAt = new WeakMap<object, number>();
const PRELOAD_FRESH_MS = 5_000;
const staleTime = (query: object): number =>
  Date.now() - (preloadedAt.get(query) ?? -Infinity) < PRELOAD_FRESH_MS ? PRELOAD_FRESH_MS : 0;

/** Shared by every query: a refusal shows at once (with a retry button) rather than after silent retries. */
export const QUERY_DEFAULTS = { retry: false, refetchOnWindowFocus: false, staleTime } as const;

function fetchPage(list: PostList, cursor: string | null, token: AuthToken): Promise<PostsPage> {
  const params = { limit: POSTS_PAGE_SIZE, cursor };
  if (list.kind === 'feed') return getPostsPage({ ...params, sort: list.sort });
  if (list.kind === 'user') return getUserPostsPage(list.username, params);
  return getBookmarksPage(params, token);
}

/** The infinite query of one list: the screen's atom and the route's preload ask the same, so they meet in one entry. */
const listQuery = (list: PostList, token: AuthToken) => ({
  queryKey: postListKey(list),
  queryFn: ({ pageParam }: { pageParam: string | null }) => fetchPage(list, pageParam, token),
  initialPageParam: null as string | null,
  getNextPageParam: (last: PostsPage) => last.nextCursor,
  // Read back by refreshPostsAfterWrite, which fetches a list's first page itself.
  meta: { list },
  ...QUERY_DEFAULTS,
});

// The session in the store is the token's one source; a new session makes new options (and a new bookmarks key).
const createListAtom = (list: PostList) => atomWithInfiniteQuery((get) => listQuery(list, get(sessionBaseAtom).token));

/**
 * One atom per key, made on first use: the same atom (and so the same cache entry) wherever it is read. (Jotai's
 * `atomFamily` does this but is deprecated for a separate package; this is all Murmur needs of it.)
 */
export function atomPerKey<P, A>(keyOf: (param: P) => string, create: (param: P) => A): (param: P) => A {
  const made = new Map<string, A>();
  return (param) => {
    const key = keyOf(param);
    let found = made.get(key);
    if (found === undefined) {
      found = create(param);
      made.set(key, found);
    }
    return found;
  };
}

/** The infinite query atom of one list. */
export const postListAtom = atomPerKey((list: PostList) => JSON.stringify(postListKey(list)), createListAtom);

// The unpaged list of one author costs an index lookup on the back end; only its length is kept.
const countQuery = (username: string) => ({
  queryKey: postCountKey(username),
  queryFn: async () => (await getUserPosts(username)).posts.length,
  ...QUERY_DEFAULTS,
});

/** How many posts `username` has, for the profile's "N Posts". */
export const userPostCountAtom = atomPerKey(
  (username: string) => username,
  (username: string) => atomWithQuery(() => countQuery(username)),
);

type Store = ReturnType<typeof createStore>;

/** Notes a preload of `queryKey` (begun), so that the page it brings counts as fresh when its screen mounts. */
function notePreload(client: QueryClient, queryKey: readonly unknown[]): void {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (query) preloadedAt.set(query, Date.now());
}

/**
 * Asks for a list's first page now, for a screen about to show it (a route's preload, while the screen's code loads),
 * unless the cache has it fresh. The screen's query then joins the request in flight, or finds the page: one request.
 * Never fails: the screen asks again, and shows the refusal, if this did not work.
 */
export function preloadPostList(store: Store, list: PostList): Promise<void> {
  const client = store.get(queryClientAtom);
  const query = listQuery(list, store.get(sessionBaseAtom).token);
  const preloaded = client.prefetchInfiniteQuery(query);
  notePreload(client, query.queryKey);
  return preloaded;
}

/** Asks for the number of posts of `username` now, for the profile screen about to show it (as `preloadPostList`). */
export function preloadUserPostCount(store: Store, username: string): Promise<void> {
  const client = store.get(queryClientAtom);
  const query = countQuery(username);
  const preloaded = client.prefetchQuery(query);
  notePreload(client, query.queryKey);
  return preloaded;
}

type PostPages = InfiniteData<PostsPage, string | null>;

/** Whether a cached value is an infinite query's pages (of posts, or of users: the caller's key says which). */
export const isPagesOf = <Page>(data: unknown): data is InfiniteData<Page, string | null> =>
  typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages);

const isPostPages = (data: unknown): data is PostPages => isPagesOf<PostsPage>(data);

/** Rewrites the posts of every cached list page with `change` (which answers the posts to keep). */
function rewritePages(client: QueryClient, change: (posts: Post[]) => Post[]): void {
  client.setQueriesData<unknown>({ queryKey: POSTS_KEY }, (data: unknown) => {
    if (!isPostPages(data)) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, posts: change(page.posts) })) };
  });
}

/** Replaces one post wherever a list shows it. */
export function patchCachedPost(client: QueryClient, postId: string, update: (post: Post) => Post): void {
  rewritePages(client, (posts) =>
    posts.some((post) => post._id === postId)
      ? posts.map((post) => (post._id === postId ? update(post) : post))
      : posts,
  );
}

/** Takes a deleted post out of every list. */
export function dropCachedPost(client: QueryClient, postId: string): void {
  rewritePages(client, (posts) =>
    posts.some((post) => post._id === postId) ? posts.filter((post) => post._id !== postId) : posts,
  );
}

/** Puts a new post (the server's answer) at the top of the lists it belongs to in Latest order. */
export function prependCachedPost(client: QueryClient, post: Post): void {
  for (const list of [
    { kind: 'feed', sort: 'latest' },
    { kind: 'user', username: post.username },
  ] as PostList[]) {
    client.setQueryData<PostPages>(postListKey(list), (data) => {
      const [first, ...rest] = data?.pages ?? [];
      return data && first ? { ...data, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] } : data;
    });
  }
}

/** The post as the cache holds it (any list), or undefined when no loaded page shows it. */
export function cachedPost(client: QueryClient, postId: string): Post | undefined {
  for (const [, data] of client.getQueriesData<unknown>({ queryKey: POSTS_KEY })) {
    if (!isPostPages(data)) continue;
    for (const page of data.pages) {
      const found = page.posts.find((post) => post._id === postId);
      if (found) return found;
    }
  }
  return undefined;
}

/** Every post query is stale; the ones on screen refetch every page they hold (the retry of a failed load). */
export const invalidatePosts = (client: QueryClient): Promise<void> =>
  client.invalidateQueries({ queryKey: POSTS_KEY });

/** Counts the presses of each cache, so a first page asked for before a press is not merged after it. */
const pressesOf = new WeakMap<QueryClient, number>();

/** Stops refetches in flight, so an answer from before a press cannot overwrite what the press shows. */
export function cancelPostRefetches(client: QueryClient): Promise<void> {
  pressesOf.set(client, (pressesOf.get(client) ?? 0) + 1);
  return client.cancelQueries({ queryKey: POSTS_KEY });
}

const listOf = (query: Query): PostList | undefined => query.meta?.list as PostList | undefined;

/**
 * A fresh first page in front of the pages loaded after it: posts it now holds are taken out of the later pages
 * (they moved up), and the posts of the old first page it no longer holds stay right after it (pushed down by new
 * posts, so the next cursor still starts where the loaded pages end and nothing is skipped). Its authors are both
 * pages' authors, once each.
 */
function withFirstPage(data: PostPages, first: PostsPage): PostPages {
  const [oldFirst, ...later] = data.pages;
  if (!oldFirst || later.length === 0) return { pages: [first], pageParams: [null] };
  const fresh = new Set(first.posts.map((post) => post._id));
  const stays = (post: Post) => !fresh.has(post._id);
  return {
    pages: [
      {
        posts: [...first.posts, ...oldFirst.posts.filter(stays)],
        nextCursor: oldFirst.nextCursor,
        authors: onceEach([first.authors, oldFirst.authors]),
      },
      ...later.map((page) => ({ ...page, posts: page.posts.filter(stays) })),
    ],
    pageParams: data.pageParams,
  };
}

/**
 * The refresh after a write (docs/data-layer.md, "Refresh after a write"), one page per list instead of every loaded
 * page (an invalidated infinite query refetches all of them, one after the other). The write's minimal answer is
 * already in every cached page, so a refetch can only add what others changed, and they show first at the top: each
 * list on screen fetches its first page and puts it in front of what it holds; a list not on screen keeps only its
 * first page and is marked stale, so showing it again fetches one page. The post counts refetch as usual.
 */
export async function refreshPostsAfterWrite(client: QueryClient, token: AuthToken): Promise<void> {
  const presses = pressesOf.get(client) ?? 0;
  const lists = client.getQueryCache().findAll({ queryKey: POSTS_KEY, predicate: (query) => !!listOf(query) });
  const [onScreen, offScreen] = [lists.filter((query) => query.isActive()), lists.filter((query) => !query.isActive())];
  for (const query of offScreen)
    client.setQueryData<PostPages>(query.queryKey, (data) =>
      data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
  await Promise.all([
    client.invalidateQueries({ queryKey: POSTS_KEY, predicate: (query) => !listOf(query) || !query.isActive() }),
    ...onScreen.map(async (query) => {
      const list = listOf(query);
      if (!list) return;
      try {
        const first = await fetchPage(list, null, token);
        if ((pressesOf.get(client) ?? 0) !== presses) return;
        client.setQueryData<PostPages>(query.queryKey, (data) => (data ? withFirstPage(data, first) : data));
      } catch {
        // The write itself succeeded and is in the cache; a failed refresh keeps what the list shows.
      }
    }),
  ]);
}

/** Counts changes of the cache, so atoms derived from it (the posts state's `posts` field) recompute. */
const cacheVersionAtom = atom(0);

export const watchedCacheAtom = atom(
  (get) => get(cacheVersionAtom),
  (get, set) =>
    get(queryClientAtom)
      .getQueryCache()
      .subscribe(() => set(cacheVersionAtom, (version) => version + 1)),
);
watchedCacheAtom.onMount = (watch) => watch();

/** The records of several lists, once each (by `_id`), in the order first met. */
export function onceEach<T extends { _id: string }>(lists: readonly (readonly T[])[]): T[] {
  const byId = new Map<string, T>();
  for (const list of lists) for (const item of list) if (!byId.has(item._id)) byId.set(item._id, item);
  return [...byId.values()];
}

/** The posts of pages, once each, in the order first met (a post may move between two pages while they load). */
export const postsOfPages = (pages: readonly PostsPage[]): Post[] => onceEach(pages.map((page) => page.posts));

/**
 * Every post the cache holds, once each, in the order first met (the posts state: docs/data-layer.md, "State fields").
 */
export const cachedPostsAtom = atom<Post[]>((get) => {
  get(watchedCacheAtom);
  const cached = get(queryClientAtom).getQueriesData<unknown>({ queryKey: POSTS_KEY });
  return postsOfPages(cached.flatMap(([, data]) => (isPostPages(data) ? data.pages : [])));
});
