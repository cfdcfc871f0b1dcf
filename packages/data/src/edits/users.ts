/**
 * Edits of the cached users after a write: a user is rewritten wherever the cache holds them, and the users queries
 * are refetched after a follow (docs/data-layer.md, "Refresh after a write").
 */
import type { QueryClient } from '@tanstack/query-core';
import type { PostsPage, User } from '@murmur/mock-api-contract';
import { POSTS_KEY, USERS_KEY } from '../queries/keys';
import { isPagesOf } from '../queries/pages';
import { userQueryKey } from '../queries/user';
import { usersPagesKey, type UserPages } from '../queries/usersPages';

/**
 * Rewrites a user wherever the cache holds them: the users list's pages, the authors of post pages, their own query.
 */
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

/** The refetch after a follow: every users query is stale; the ones on screen refetch behind what they show. */
export const invalidateUsers = (client: QueryClient): Promise<void> =>
  client.invalidateQueries({ queryKey: USERS_KEY });

/**
 * Stops refetches of users already shown, so an answer from before a press cannot overwrite what the press shows (the
 * press's own invalidation fetches again). A first load is left alone: cancelled, it would have nothing to go back to.
 */
export const cancelUserRefetches = (client: QueryClient): Promise<void> =>
  client.cancelQueries({ queryKey: USERS_KEY, predicate: (query) => query.state.data !== undefined });
