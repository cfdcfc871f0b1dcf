/** How many posts one person has: the profile's "N Posts" (docs/data-layer.md, "Post lists"). */
import { queryOptions } from '@tanstack/react-query';
import { getUserPosts } from '../client/posts';
import { POSTS_KEY } from './keys';
import { preloadedStaleTime } from './preloadFreshness';

const postCountKey = (username: string) => [...POSTS_KEY, 'count', username] as const;

// The unpaged list of one author costs an index lookup on the back end; only its length is kept.
export const postCountOptions = (username: string) =>
  queryOptions({
    queryKey: postCountKey(username),
    queryFn: async () => (await getUserPosts(username)).posts.length,
    staleTime: preloadedStaleTime,
  });
