/**
 * Views that gather records from many queries of the cache at once: every cached post, every user the cache knows.
 *
 * They watch the cache through one subscription per store (`watchedCacheAtom`): TanStack's observers watch one query
 * (`QueryObserver`) or a fixed list of them (`QueriesObserver`), none every query under a key as pages come and go.
 * Only the views subscribe, and only while something reads them.
 */
import type { QueryClient } from '@tanstack/query-core';
import { atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import type { Post, PostsPage, User, UsersPage } from '@murmur/mock-api-contract';
import { queryClientAtom } from '../cache/queryClient';
import { POSTS_KEY } from '../queries/keys';
import { isPagesOf, postsOfPages } from '../queries/pages';
import { isPostPages } from '../queries/postLists';
import { ONE_USER_KEY } from '../queries/user';
import { usersPagesKey } from '../queries/usersPages';
import { sessionBaseAtom } from './base';

/** Counts changes of the store's cache while a view is read, so the views recompute. */
const cacheVersionAtom = atom(0);

export const watchedCacheAtom = atom(
  (get) => get(cacheVersionAtom),
  (get, set) =>
    get(queryClientAtom)
      .getQueryCache()
      .subscribe(() => set(cacheVersionAtom, (version) => version + 1)),
);
watchedCacheAtom.onMount = (watch) => watch();

/** Every post the cache holds, once each, in the order first met. */
export const cachedPostsAtom = atom<Post[]>((get) => {
  get(watchedCacheAtom);
  const cached = get(queryClientAtom).getQueriesData<unknown>({ queryKey: POSTS_KEY });
  return postsOfPages(cached.flatMap(([, data]) => (isPostPages(data) ? data.pages : [])));
});

/**
 * Every user the cache holds, by username: the authors that came with pages of posts, the users list's pages, each
 * user's own query (the freshest, patched by writes), and the session user last. Reading it starts no request.
 */
export function knownUsers(client: QueryClient, me: User | null): Map<string, User> {
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

const sameUsers = (a: ReadonlyMap<string, User>, b: ReadonlyMap<string, User>): boolean =>
  a.size === b.size && [...a].every(([username, user]) => b.get(username) === user);

/**
 * `knownUsers` of the store, as an atom that changes only when a user in it does: a cache event that changes no user
 * (a like, a page of posts by known authors) leaves its readers (every post list) alone.
 */
export const knownUsersAtom = selectAtom(
  atom((get) => {
    get(watchedCacheAtom);
    return knownUsers(get(queryClientAtom), get(sessionBaseAtom).user);
  }),
  (users): ReadonlyMap<string, User> => users,
  sameUsers,
);
