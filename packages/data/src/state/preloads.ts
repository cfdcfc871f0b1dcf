/**
 * A route's preloads (docs/data-layer.md, "Preloads"): each asks for a screen's data now, while the screen's code
 * loads, with the very options the screen's atom uses, so both meet in one cache entry; the screen's query then joins
 * the request in flight, or finds the answer fresh. None fails: the screen asks again, and shows the refusal.
 */
import { queryClientAtom, type Store } from '../cache/queryClient';
import { postCountOptions } from '../queries/postCount';
import { postListOptions, type PostList } from '../queries/postLists';
import { notePreload } from '../queries/preloadFreshness';
import { userOptions } from '../queries/user';
import { sessionBaseAtom } from './base';

/** A list's first page, unless the cache has it fresh. */
export function preloadPostList(store: Store, list: PostList): Promise<void> {
  const client = store.get(queryClientAtom);
  const options = postListOptions(list, store.get(sessionBaseAtom).token);
  const preloaded = client.prefetchInfiniteQuery(options);
  notePreload(client, options.queryKey);
  return preloaded;
}

/** The number of posts of `username`, for the profile screen about to show it. */
export function preloadUserPostCount(store: Store, username: string): Promise<void> {
  const client = store.get(queryClientAtom);
  const options = postCountOptions(username);
  const preloaded = client.prefetchQuery(options);
  notePreload(client, options.queryKey);
  return preloaded;
}

/** The user named `username`, for the profile screen about to show it; `userAtom` then finds it fresh. */
export const preloadUser = (store: Store, username: string): Promise<void> =>
  store.get(queryClientAtom).prefetchQuery(userOptions(username));
