/**
 * Edits of the cached post lists after a write (docs/data-layer.md, "Refresh after a write"): the write's answer goes
 * into every cached page at once, before the lists are refreshed.
 */
import type { QueryClient } from '@tanstack/query-core';
import type { Post } from '@murmur/mock-api-contract';
import { POSTS_KEY } from '../queries/keys';
import { isPostPages, postListKey, type PostList, type PostPages } from '../queries/postLists';

/** Rewrites the posts of every cached list page with `change` (which answers the posts to keep). */
function rewritePages(client: QueryClient, change: (posts: Post[]) => Post[]): void {
  client.setQueriesData<unknown>({ queryKey: POSTS_KEY }, (data: unknown) => {
    if (!isPostPages(data)) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, posts: change(page.posts) })) };
  });
}

/** Replaces one post wherever a list shows it. */
export function patchCachedPost(client: QueryClient, postId: string, update: (post: Post) => Post): void {
  rewritePages(client, (posts) =>
    posts.some((post) => post._id === postId)
      ? posts.map((post) => (post._id === postId ? update(post) : post))
      : posts,
  );
}

/** Takes a deleted post out of every list. */
export function dropCachedPost(client: QueryClient, postId: string): void {
  rewritePages(client, (posts) =>
    posts.some((post) => post._id === postId) ? posts.filter((post) => post._id !== postId) : posts,
  );
}

/** Puts a new post (the server's answer) at the top of the lists it belongs to in Latest order. */
export function prependCachedPost(client: QueryClient, post: Post): void {
  for (const list of [
    { kind: 'feed', sort: 'latest' },
    { kind: 'user', username: post.username },
  ] as PostList[]) {
    client.setQueryData<PostPages>(postListKey(list), (data) => {
      const [first, ...rest] = data?.pages ?? [];
      return data && first ? { ...data, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] } : data;
    });
  }
}

/** The post as the cache holds it (any list), or undefined when no loaded page shows it. */
export function cachedPost(client: QueryClient, postId: string): Post | undefined {
  for (const [, data] of client.getQueriesData<unknown>({ queryKey: POSTS_KEY })) {
    if (!isPostPages(data)) continue;
    for (const page of data.pages) {
      const found = page.posts.find((post) => post._id === postId);
      if (found) return found;
    }
  }
  return undefined;
}

/** Every post query is stale; the ones on screen refetch every page they hold (the retry of a failed load). */
export const invalidatePosts = (client: QueryClient): Promise<void> =>
  client.invalidateQueries({ queryKey: POSTS_KEY });
