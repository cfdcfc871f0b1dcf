/**
 * The refresh after a write (docs/data-layer.md, "Refresh after a write"), one page per list instead of every loaded
 * page (an invalidated infinite query refetches all of them, one after the other).
 */
import type { Query, QueryClient } from '@tanstack/query-core';
import type { Post, PostsPage } from '@murmur/mock-api-contract';
import type { AuthToken } from '../client/http';
import { POSTS_KEY } from '../queries/keys';
import { onceEach } from '../queries/pages';
import { fetchPostsPage, listOfMeta, type PostPages } from '../queries/postLists';

/**
 * Counts the presses of each cache, so a first page asked for before a press is not merged after it. It stays a
 * count of its own: the cache's own change counter (`dataUpdateCount`) also moves when the list loads its next page
 * or a follow rewrites an author, which must not drop a refresh, and mutation state records requests, not presses (a
 * press made while its target's request is in flight sends nothing until that request settles).
 */
const pressesOf = new WeakMap<QueryClient, number>();

/** Stops refetches in flight, so an answer from before a press cannot overwrite what the press shows. */
export function cancelPostRefetches(client: QueryClient): Promise<void> {
  pressesOf.set(client, (pressesOf.get(client) ?? 0) + 1);
  return client.cancelQueries({ queryKey: POSTS_KEY });
}

const listOf = (query: Query) => listOfMeta(query.meta);

/**
 * A fresh first page in front of the pages loaded after it: posts it now holds are taken out of the later pages
 * (they moved up), and the posts of the old first page it no longer holds stay right after it (pushed down by new
 * posts, so the next cursor still starts where the loaded pages end and nothing is skipped). Its authors are both
 * pages' authors, once each.
 */
export function withFirstPage(data: PostPages, first: PostsPage): PostPages {
  const [oldFirst, ...later] = data.pages;
  if (!oldFirst || later.length === 0) return { pages: [first], pageParams: [null] };
  const fresh = new Set(first.posts.map((post) => post._id));
  const stays = (post: Post) => !fresh.has(post._id);
  return {
    pages: [
      {
        posts: [...first.posts, ...oldFirst.posts.filter(stays)],
        nextCursor: oldFirst.nextCursor,
        authors: onceEach([first.authors, oldFirst.authors]),
      },
      ...later.map((page) => ({ ...page, posts: page.posts.filter(stays) })),
    ],
    pageParams: data.pageParams,
  };
}

/**
 * The write's minimal answer is already in every cached page, so a refetch can only add what others changed, and they
 * show first at the top: each list on screen fetches its first page and puts it in front of what it holds; a list not
 * on screen keeps only its first page and is marked stale, so showing it again fetches one page. The post counts
 * refetch as usual.
 */
export async function refreshPostsAfterWrite(client: QueryClient, token: AuthToken): Promise<void> {
  const presses = pressesOf.get(client) ?? 0;
  const lists = client.getQueryCache().findAll({ queryKey: POSTS_KEY, predicate: (query) => !!listOf(query) });
  const [onScreen, offScreen] = [lists.filter((query) => query.isActive()), lists.filter((query) => !query.isActive())];
  for (const query of offScreen)
    client.setQueryData<PostPages>(query.queryKey, (data) =>
      data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
  await Promise.all([
    client.invalidateQueries({ queryKey: POSTS_KEY, predicate: (query) => !listOf(query) || !query.isActive() }),
    ...onScreen.map(async (query) => {
      const list = listOf(query);
      if (!list) return;
      try {
        const first = await fetchPostsPage(list, null, token);
        if ((pressesOf.get(client) ?? 0) !== presses) return;
        client.setQueryData<PostPages>(query.queryKey, (data) => (data ? withFirstPage(data, first) : data));
      } catch {
        // The write itself succeeded and is in the cache; a failed refresh keeps what the list shows.
      }
    }),
  ]);
}
