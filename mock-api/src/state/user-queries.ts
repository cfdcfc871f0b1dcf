/**
 * Users in the query cache, beside the posts (queries.ts, the same `QueryClient`): the users list and one user by
 * username (the profile's). Writes patch every cached copy of the users they change; spec 4's refetch of all users
 * after a follow is one invalidation of `USERS_KEY`.
 */
import type { QueryClient } from '@tanstack/query-core';
import type { createStore } from 'jotai';
import { atomWithQuery, queryClientAtom } from 'jotai-tanstack-query';
import { ApiError } from '../client/http';
import { getUser, getUsers } from '../client/users';
import type { User } from '../types';
import { QUERY_DEFAULTS, atomPerKey } from './queries';

/** Every users query sits under this key, so one invalidation reaches them all. */
export const USERS_KEY = ['users'] as const;

export const usersListKey = [...USERS_KEY, 'list'] as const;

/** The query key of one user by username (the profile page's user). */
export const userQueryKey = (username: string) => [...USERS_KEY, 'one', username] as const;

/** Every user, in sign-up order (spec 7's unpaged list, which "Who to follow" and the authors' pictures read). */
export const fetchUsers = async (): Promise<User[]> => (await getUsers()).users;

/**
 * The user named `username`, or null when there is none: "User not found" is an answer, not a failure. The back end
 * also resolves an `_id` (spec 2.2); a profile address names a username, so a user found by id is not this one.
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
 * The query atom of one user by username. While it loads, the user's entry in the cached users list (the feed loaded
 * it) stands in, so a profile opened from the feed shows its card and starts its posts at once.
 */
export const userAtom = atomPerKey(
  (username: string) => username,
  (username: string) =>
    atomWithQuery((get) => {
      const client = get(queryClientAtom);
      return {
        ...userQueryOptions(username),
        placeholderData: () => client.getQueryData<User[]>(usersListKey)?.find((user) => user.username === username),
      };
    }),
);

/**
 * The users list's query atom; reading it (mounted) loads the list once. It is fetched again only when a write makes
 * it stale (spec 4 refetches all users after a follow), not on every page that shows authors' pictures: at 10,000
 * users it is the largest answer the client asks for.
 */
export const usersListAtom = atomWithQuery(() => ({
  queryKey: usersListKey,
  queryFn: fetchUsers,
  ...QUERY_DEFAULTS,
  staleTime: Infinity,
}));

/** Rewrites a user wherever the cache holds them: their entry in the list and their own query. */
export function patchCachedUser(client: QueryClient, username: string, update: (user: User) => User): void {
  client.setQueryData<User[]>(usersListKey, (users) =>
    users?.map((user) => (user.username === username ? update(user) : user)),
  );
  client.setQueryData<User | null>(userQueryKey(username), (user) => (user ? update(user) : user));
}

/** Puts the back end's copy of a user wherever the cache holds them. */
export const setCachedUser = (client: QueryClient, user: User): void =>
  patchCachedUser(client, user.username, () => user);

/** Spec 4's refetch after a follow: every users query is stale; the ones on screen refetch behind what they show. */
export const invalidateUsers = (client: QueryClient): Promise<void> =>
  client.invalidateQueries({ queryKey: USERS_KEY });

/**
 * Stops refetches of users already shown, so an answer from before a press cannot overwrite what the press shows (the
 * press's own invalidation fetches again). A first load is left alone: cancelled, it would have nothing to go back to.
 */
export const cancelUserRefetches = (client: QueryClient): Promise<void> =>
  client.cancelQueries({ queryKey: USERS_KEY, predicate: (query) => query.state.data !== undefined });
