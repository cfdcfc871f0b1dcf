/** Reading the pages of infinite queries: which cached values are pages, and their records once each. */
import type { InfiniteData } from '@tanstack/query-core';
import type { Post, PostsPage, User, UsersPage } from '@murmur/mock-api-contract';

/** Whether a cached value is an infinite query's pages (of posts, or of users: the caller's key says which). */
export const isPagesOf = <Page>(data: unknown): data is InfiniteData<Page, string | null> =>
  typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages);

/** The records of several lists, once each (by `_id`), in the order first met. */
export function onceEach<T extends { _id: string }>(lists: readonly (readonly T[])[]): T[] {
  const byId = new Map<string, T>();
  for (const list of lists) for (const item of list) if (!byId.has(item._id)) byId.set(item._id, item);
  return [...byId.values()];
}

/** The posts of pages, once each, in the order first met (a post may move between two pages while they load). */
export const postsOfPages = (pages: readonly PostsPage[]): Post[] => onceEach(pages.map((page) => page.posts));

/** The users of pages, once each, in sign-up order. */
export const usersOfPages = (pages: readonly UsersPage[]): User[] => onceEach(pages.map((page) => page.users));
