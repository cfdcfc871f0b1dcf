/**
 * The query atoms the screens read: each one query of its store's cache, with the options its entity's file defines
 * (src/queries/), so a screen, a preload and a cache edit meet in one cache entry.
 */
import { atomWithInfiniteQuery, atomWithQuery } from 'jotai-tanstack-query';
import type { Getter } from 'jotai';
import { queryClientAtom } from '../cache/queryClient';
import { postCountOptions } from '../queries/postCount';
import { postListKey, postListOptions, type PostList } from '../queries/postLists';
import { userOptions } from '../queries/user';
import { usersPagesOptions } from '../queries/usersPages';
import { sessionBaseAtom } from './base';
import { knownUsers } from './cacheViews';

/** The store's own cache (jotai-tanstack-query's default would be one client for the whole module). */
const clientOf = (get: Getter) => get(queryClientAtom);

/**
 * One atom per key, made on first use: the same atom (and so the same cache entry) wherever it is read. (Jotai's
 * `atomFamily` does this but is deprecated for a separate package; this is all Murmur needs of it.)
 */
function atomPerKey<P, A>(keyOf: (param: P) => string, create: (param: P) => A): (param: P) => A {
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

/**
 * The infinite query atom of one list. The session in the store is the token's one source; a new session makes new
 * options (and a new bookmarks key).
 */
export const postListAtom = atomPerKey(
  (list: PostList) => JSON.stringify(postListKey(list)),
  (list: PostList) => atomWithInfiniteQuery((get) => postListOptions(list, get(sessionBaseAtom).token), clientOf),
);

/** How many posts `username` has, for the profile's "N Posts". */
export const userPostCountAtom = atomPerKey(
  (username: string) => username,
  (username: string) => atomWithQuery(() => postCountOptions(username), clientOf),
);

/**
 * The query atom of one user by username. While it loads, the copy the page already holds (a post's author, an entry
 * of "Who to follow", the session user) stands in as its `placeholderData`, so a profile opened from the feed shows
 * its card and starts its posts at once.
 */
export const userAtom = atomPerKey(
  (username: string) => username,
  (username: string) =>
    atomWithQuery((get) => {
      const client = get(queryClientAtom);
      const me = get(sessionBaseAtom).user;
      return { ...userOptions(username), placeholderData: () => knownUsers(client, me).get(username) };
    }, clientOf),
);

/** The users list's pages ("Who to follow"); reading it (mounted) loads the first page. */
export const usersPagesAtom = atomWithInfiniteQuery(() => usersPagesOptions, clientOf);
