/**
 * The post lists (feed Latest and Trending, a profile's posts, the bookmarked posts): one infinite query each over the
 * paged reads (docs/data-layer.md, "Post lists"). These options are the one definition the screens' atoms, the
 * preloads, the cache edits and the refresh after a write all use.
 */
import type { InfiniteData } from '@tanstack/query-core';
// Typed identities (TanStack's framework-free helpers ship in its adapters); nothing else of the package is bundled.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { FeedMode, PostsPage } from '@murmur/mock-api-contract';
import { getPostsPage, getUserPostsPage } from '../client/posts';
import { getBookmarksPage } from '../client/users';
import type { AuthToken } from '../client/http';
import { POSTS_KEY } from './keys';
import { isPagesOf } from './pages';
import { preloadedStaleTime } from './preloadFreshness';

/** Posts a page asks for: enough to fill a tall screen, few enough to answer fast at any scale. */
export const POSTS_PAGE_SIZE = 20;

/** The lists of posts the screens show; each is one infinite query. */
export type PostList =
  { kind: 'feed'; sort: FeedMode } | { kind: 'user'; username: string } | { kind: 'bookmarks'; viewer: string };

/** A list's pages as the cache holds them. */
export type PostPages = InfiniteData<PostsPage, string | null>;

export const isPostPages = (data: unknown): data is PostPages => isPagesOf<PostsPage>(data);

export const postListKey = (list: PostList) =>
  [
    ...POSTS_KEY,
    list.kind,
    list.kind === 'feed' ? list.sort : list.kind === 'user' ? list.username : list.viewer,
  ] as const;

/** One page of a list: the first (`cursor` null) or the one after `cursor`. */
export function fetchPostsPage(list: PostList, cursor: string | null, token: AuthToken): Promise<PostsPage> {
  const params = { limit: POSTS_PAGE_SIZE, cursor };
  if (list.kind === 'feed') return getPostsPage({ ...params, sort: list.sort });
  if (list.kind === 'user') return getUserPostsPage(list.username, params);
  return getBookmarksPage(params, token);
}

/** The infinite query of one list, for the session whose token it carries (the bookmarks need it). */
export const postListOptions = (list: PostList, token: AuthToken) =>
  infiniteQueryOptions({
    queryKey: postListKey(list),
    queryFn: ({ pageParam }) => fetchPostsPage(list, pageParam, token),
    initialPageParam: null as string | null,
    getNextPageParam: (last: PostsPage) => last.nextCursor,
    staleTime: preloadedStaleTime,
    // Read back by the refresh after a write, which fetches a list's first page itself.
    meta: { list },
  });

/** The list a cached query shows, from the options above (undefined for any other posts query). */
export const listOfMeta = (meta: Record<string, unknown> | undefined): PostList | undefined =>
  meta?.list as PostList | undefined;
