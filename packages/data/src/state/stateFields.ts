/**
 * The state objects of docs/data-layer.md, "State fields", derived from the primitive atoms and the query cache.
 * Reading one never starts a request; `postsStateAtom` gathers every cached post, so it recomputes on every cache
 * event: a screen reads the narrow atom it needs instead (`bookmarkIdsAtom`, a list's query atom).
 */
import { atom } from 'jotai';
import type { QueryState } from '@tanstack/query-core';
import { queryClientAtom } from '../cache/queryClient';
import { usersOfPages } from '../queries/pages';
import { usersPagesKey, type UserPages } from '../queries/usersPages';
import type { PostsState, RequestStatus, UsersState } from '../state-types';
import { postsBaseAtom, usersWriteStatusAtom } from './base';
import { cachedPostsAtom, watchedCacheAtom } from './cacheViews';

/** The posts state: the write status and flags, and every post the query cache holds. */
export const postsStateAtom = atom<PostsState>((get) => ({ ...get(postsBaseAtom), posts: get(cachedPostsAtom) }));

/**
 * userStatus from the users list's query and the last write: pending while either is on its way, rejected when the
 * last write or the list's load failed, fulfilled once either succeeded.
 */
function userStatusOf(write: RequestStatus, list: QueryState<unknown> | undefined): RequestStatus {
  if (write === 'pending' || list?.fetchStatus === 'fetching') return 'pending';
  if (write === 'rejected' || list?.status === 'error') return 'rejected';
  return write === 'fulfilled' || list?.status === 'success' ? 'fulfilled' : 'idle';
}

/**
 * The users state: `users` is the users list as far as its pages are loaded. Reading it never starts a load
 * (`otherUsersAtom` does).
 */
export const usersStateAtom = atom<UsersState>((get) => {
  get(watchedCacheAtom);
  const list = get(queryClientAtom).getQueryState<UserPages>(usersPagesKey);
  return { users: usersOfPages(list?.data?.pages ?? []), userStatus: userStatusOf(get(usersWriteStatusAtom), list) };
});
