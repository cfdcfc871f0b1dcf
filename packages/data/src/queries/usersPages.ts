/**
 * The users list, a page at a time, in sign-up order ("Who to follow"). It is fetched again only when a write makes
 * it stale (a follow does: docs/data-layer.md, "Refresh after a write"), not on every page.
 */
import type { InfiniteData } from '@tanstack/query-core';
// Typed identities (TanStack's framework-free helpers ship in its adapters); nothing else of the package is bundled.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { UsersPage } from '@murmur/mock-api-contract';
import { getUsersPage } from '../client/users';
import { USERS_KEY } from './keys';

/** Users a page of the users list asks for: "Who to follow" shows ten at first, then twenty more a press. */
export const USERS_PAGE_SIZE = 20;

export const usersPagesKey = [...USERS_KEY, 'pages'] as const;

/** The users list's pages as the cache holds them. */
export type UserPages = InfiniteData<UsersPage, string | null>;

export const usersPagesOptions = infiniteQueryOptions({
  queryKey: usersPagesKey,
  queryFn: ({ pageParam }) => getUsersPage({ limit: USERS_PAGE_SIZE, cursor: pageParam }),
  initialPageParam: null as string | null,
  getNextPageParam: (last: UsersPage) => last.nextCursor,
  staleTime: Infinity,
});
