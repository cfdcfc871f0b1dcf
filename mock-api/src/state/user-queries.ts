/**
 * Users in the query cache, beside the posts (queries.ts, the same `QueryClient`): "Who to follow" as pages of the
 * users list, and one user by username (the profile's). Nothing on screen needs every user: a page of posts brings the
 * users who wrote it (`PostsPage.authors`), and `knownUsersAtom` finds a user wherever the cache holds one. Writes
 * patch every cached copy of the users they change; the refetch of the users after a follow (docs/data-layer.md,
 * "Refresh after a write") is one invalidation of `USERS_KEY`.
 */
import type { InfiniteData, QueryClient } from '@tanstack/query-core';
import { atom, type createStore } from 'jotai';
import { atomWithInfiniteQuery, atomWithQuery, queryClientAtom } from 'jotai-tanstack-query';
import { ApiError } from '../client/http';
import { getUser, getUsersPage } from '../client/users';
import type { PostsPage, User, UsersPage } from '../types';
import { sessionBaseAtom } from './base';
import { POSTS_KEY, QUERY_DEFAULTS, atomPerKey, isPagesOf, onceEach, watchedCacheAtom } from './queries';

/** Every users query sits under this key, so one invalidation reaches them all. */
export const USERS_KEY = ['users'] as const;

export const usersPagesKey = [...USERS_KEY, 'pages'] as const;

/** Every one-user query sits under this key. */
const ONE_USER_KEY = [...USERS_KEY, 'one'] as const;

/** The query key of one user by username (the profile page's user). */
export const userQueryKey = (username: string) => [...ONE_USER_KEY, username] as const;

/** Users a page of the users list asks for: "Who to follow" shows ten at first, then twenty more a press. */
export const USERS_PAGE_SIZE = 20;

/** The users list's pages as the cache holds them. */
export type UserPages = InfiniteData<UsersPage, string | null>;

/** The users of pages, once each, in sign-up order. */
export const usersOfPages = (pages: readonly UsersPage[]): User[] => onceEach(pages.map((page) => page.users));

/**
 * The user named `username`, or null when there is none: "User not found" is an answer, not a failure. The back end
 * also resolves an `_id` (docs/data-layer.md, "The calls"); a profile address names a username, so a user found by id
 * is not this one.
 */
export async function fetchUserByUsername(username: string): Promise<User | null> {
  try {
    const { user } = await getUser(username);
    return user.username === username ? user : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * How long a fetched user counts as fresh: a prefetch made while the profile's code loads is not fetched again when
 * the page mounts a moment later. Writes of this page invalidate it at once; a later visit refetches behind the card.
 */
const USER_FRESH_MS = 5_000;

/** The query of one user by username: what the profile reads, and what a preload prefetches into the same entry. */
export const userQueryOptions = (username: string) => ({
  queryKey: userQueryKey(username),
  queryFn: () => fetchUserByUsername(username),
  ...QUERY_DEFAULTS,
  staleTime: USER_FRESH_MS,
});

/**
 * Asks for the user named `username` now, for the profile screen about to show it (a route's preload, while the
 * screen's code loads); the screen's `userAtom` then finds it fresh. Never fails: the screen asks again if it did.
 */
export const preloadUser = (store: ReturnType<typeof createStore>, username: string): Promise<void> =>
  store.get(queryClientAtom).prefetchQuery(userQueryOptions(username));

/**
 * The query atom of one user by username. While it loads, the copy the page already holds (a post's author, an entry
 * of "Who to follow", the session user) stands in, so a profile opened from the feed shows its card and starts its
 * posts at once.
 */
export const userAtom = atomPerKey(
  (username: string) => username,
  (username: string) =>
    atomWithQuery((get) => {
      const client = get(queryClientAtom);
      const me = get(sessionBaseAtom).user;
      return {
        ...userQueryOptions(username),
        placeholderData: () => knownUsers(client, me).get(username),
      };
    }),
);

/**
 * The users list, a page at a time, in sign-up order ("Who to follow"); reading it (mounted) loads the first page. It
 * is fetched again only when a write makes it stale (a follow does: docs/data-layer.md, "Refresh after a write"), not
 * on every page.
 */
export const usersPagesAtom = atomWithInfiniteQuery(() => ({
  queryKey: usersPagesKey,
  queryFn: ({ pageParam }: { pageParam: string | null }) => getUsersPage({ limit: USERS_PAGE_SIZE, cursor: pageParam }),
  initialPageParam: null as string | null,
  getNextPageParam: (last: UsersPage) => last.nextCursor,
  ...QUERY_DEFAULTS,
  staleTime: Infinity,
}));

/**
 * Every user the cache holds, by username: the authors that came with pages of posts, the users list's pages, each
 * user's own query (the freshest, patched by writes), and the session user last. Reading it starts no request.
 */
export const knownUsersAtom = atom<ReadonlyMap<string, User>>((get) => {
  get(watchedCacheAtom);
  return knownUsers(get(queryClientAtom), get(sessionBaseAtom).user);
});

function knownUsers(client: QueryClient, me: User | null): Map<string, User> {
  const known = new Map<string, User>();
  const add = (user: User | null | undefined) => user && known.set(user.username, user);
  for (const [, data] of client.getQueriesData<unknown>({ queryKey: POSTS_KEY }))
    if (isPagesOf<PostsPage>(data)) for (const page of data.pages) page.authors.forEach(add);
  for (const [, data] of client.getQueriesData<unknown>({ queryKey: usersPagesKey }))
    if (isPagesOf<UsersPage>(data)) for (const page of data.pages) page.users.forEach(add);
  for (const [, user] of client.getQueriesData<User | null>({ queryKey: ONE_USER_KEY })) add(user);
  add(me);
  return known;
}

/** Rewrites a user wherever the cache holds them: the users list's pages, the authors of post pages, their own query. */
export function patchCachedUser(client: QueryClient, username: string, update: (user: User) => User): void {
  const holds = (users: User[]) => users.some((user) => user.username === username);
  const patch = (users: User[]) => users.map((user) => (user.username === username ? update(user) : user));
  client.setQueryData<UserPages>(usersPagesKey, (data) =>
    data?.pages.some((page) => holds(page.users))
      ? { ...data, pages: data.pages.map((page) => ({ ...page, users: patch(page.users) })) }
      : data,
  );
  client.setQueriesData<unknown>({ queryKey: POSTS_KEY }, (data: unknown) =>
    isPagesOf<PostsPage>(data) && data.pages.some((page) => holds(page.authors))
      ? { ...data, pages: data.pages.map((page) => ({ ...page, authors: patch(page.authors) })) }
      : data,
  );
  client.setQueryData<User | null>(userQueryKey(username), (user) => (user ? update(user) : user));
}

/** Puts the back end's copy of a user wherever the cache holds them. */
export const setCachedUser = (client: QueryClient, user: User): void =>
  patchCachedUser(client, user.username, () => user);

/**
 * The refetch after a follow (docs/data-layer.md, "Refresh after a write"): every users query is stale; the ones on
 * screen refetch behind what they show.
 */
export const invalidateUsers = (client: QueryClient): Promise<void> =>
  client.invalidateQueries({ queryKey: USERS_KEY });

/**
 * Stops refetches of users already shown, so an answer from before a press cannot overwrite what the press shows (the
 * press's own invalidation fetches again). A first load is left alone: cancelled, it would have nothing to go back to.
 */
export const cancelUserRefetches = (client: QueryClient): Promise<void> =>
  client.cancelQueries({ queryKey: USERS_KEY, predicate: (query) => query.state.data !== undefined });
