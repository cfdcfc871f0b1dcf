import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { postListAtom, postsOfPages, type Post, type PostList } from '@murmur/data';

/** What a post list screen needs from its infinite query: the posts loaded so far and how to get more. */
export interface PostListData {
  posts: Post[];
  /** The first page is on its way and nothing is cached yet. */
  loading: boolean;
  /** Why the list could not load (shown only when there is nothing to show). */
  error: string | null;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/**
 * One list of posts from the shared query cache: the first page, then the next on request. A list seen before shows
 * at once from the cache while it refreshes behind. Pages are merged by `_id`: in Trending a post that gains likes
 * between two pages may come twice.
 */
export function usePostList(list: PostList): PostListData {
  const query = useAtomValue(postListAtom(list));
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, refetch } = query;
  const posts = useMemo(() => postsOfPages(data?.pages ?? []), [data]);
  return {
    posts,
    loading: query.isPending,
    error: query.error ? query.error.message : null,
    onRetry: () => void refetch(),
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    onLoadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
  };
}
