/**
 * The paged reads beside the unpaged ones (mock-api/rules.md, "Paging"): `limit`, `sort` and `cursor` query
 * parameters, and the opaque cursors. A cursor holds the order key of the last item answered (keyset paging), so the
 * next page starts after that position whatever was added or deleted in between. Their refusals are in the one
 * catalogue, errors.ts (PAGE_…).
 */
import type { PostsPage, User } from '@murmur/mock-api-contract';
import { ERRORS } from '@murmur/mock-api-contract';
import { type Db, findUserByUsername, toPublicUser } from './db';
import { refuse } from './http';
import { type OrderKey, type Page, SORTS, type Sort } from './post-order';
import { LIMITS } from '@murmur/mock-api-contract';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = LIMITS.pageLimit;

export interface PostPageQuery {
  sort: Sort;
  limit: number;
  after: OrderKey | null;
}

export interface UserPageQuery {
  limit: number;
  /** Sign-up position of the last user already answered, -1 for the start. */
  after: number;
}

const PAGING_PARAMS = ['limit', 'sort', 'cursor'] as const;

/** True when the request asks for a page; without these parameters the route gives its unpaged answer. */
const isPaged = (query: Record<string, unknown>): boolean => PAGING_PARAMS.some((name) => query[name] !== undefined);

function readParam(query: Record<string, unknown>, name: (typeof PAGING_PARAMS)[number]): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  // `?limit` without a value: an empty value, refused by the rule of that parameter.
  if (value === null) return '';
  if (typeof value !== 'string') return refuse(400, ERRORS.PAGE_PARAM_REPEATED);
  return value;
}

function readLimit(query: Record<string, unknown>): number {
  const raw = readParam(query, 'limit');
  if (raw === undefined) return DEFAULT_LIMIT;
  if (!/^\d{1,4}$/.test(raw)) return refuse(400, ERRORS.PAGE_LIMIT_INVALID);
  const limit = Number(raw);
  return limit >= 1 && limit <= MAX_LIMIT ? limit : refuse(400, ERRORS.PAGE_LIMIT_INVALID);
}

// Cursors are base64url text, so they travel in a query string unescaped; their content is not an API.
const toBase64Url = (text: string): string => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function fromBase64Url(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  try {
    return atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

const INTEGER = /^-?\d{1,16}$/;

function encodePostCursor(sort: Sort, key: OrderKey): string {
  return toBase64Url(`p1.${sort}.${key.score}.${key.time}.${key.seq}`);
}

export function encodeUserCursor(position: number): string {
  return toBase64Url(`u1.${position}`);
}

function decodePostCursor(cursor: string): { sort: Sort; key: OrderKey } {
  const parts = fromBase64Url(cursor)?.split('.') ?? [];
  const [version, sort, ...numbers] = parts;
  if (version !== 'p1' || !SORTS.includes(sort as Sort) || numbers.length !== 3) {
    return refuse(400, ERRORS.PAGE_CURSOR_UNKNOWN);
  }
  if (!numbers.every((n) => INTEGER.test(n))) return refuse(400, ERRORS.PAGE_CURSOR_UNKNOWN);
  const [score, time, seq] = numbers.map(Number) as [number, number, number];
  return { sort: sort as Sort, key: { score, time, seq } };
}

/**
 * A page of posts with the users who wrote them (each once), so that a client shows the page's names and pictures
 * without the whole users list.
 */
export const postPageBody = (db: Db, query: PostPageQuery, page: Page): PostsPage => ({
  posts: page.posts,
  nextCursor: page.last ? encodePostCursor(query.sort, page.last) : null,
  authors: authorsOf(db, page.posts),
});

function authorsOf(db: Db, posts: readonly { username: string }[]): User[] {
  const authors = new Map<string, User>();
  for (const { username } of posts) {
    if (authors.has(username)) continue;
    const record = findUserByUsername(db, username);
    if (record) authors.set(username, toPublicUser(record));
  }
  return [...authors.values()];
}

/** The page a post list is asked for, or null for the unpaged answer. */
export function readPostPage(query: Record<string, unknown>): PostPageQuery | null {
  if (!isPaged(query)) return null;
  const limit = readLimit(query);
  const rawSort = readParam(query, 'sort');
  if (rawSort !== undefined && !SORTS.includes(rawSort as Sort)) return refuse(400, ERRORS.PAGE_SORT_UNKNOWN);
  const rawCursor = readParam(query, 'cursor');
  if (rawCursor === undefined) return { sort: (rawSort as Sort | undefined) ?? 'latest', limit, after: null };
  const cursor = decodePostCursor(rawCursor);
  // A later page may leave sort out: the cursor knows it.
  if (rawSort !== undefined && rawSort !== cursor.sort) return refuse(400, ERRORS.PAGE_CURSOR_OTHER_SORT);
  return { sort: cursor.sort, limit, after: cursor.key };
}

/** The page the users list is asked for, or null for the unpaged answer. */
export function readUserPage(query: Record<string, unknown>): UserPageQuery | null {
  if (!isPaged(query)) return null;
  if (query.sort !== undefined) return refuse(400, ERRORS.USERS_PAGE_SORTED);
  const limit = readLimit(query);
  const rawCursor = readParam(query, 'cursor');
  if (rawCursor === undefined) return { limit, after: -1 };
  const [version, position, ...rest] = fromBase64Url(rawCursor)?.split('.') ?? [];
  if (version !== 'u1' || position === undefined || rest.length > 0 || !/^\d{1,9}$/.test(position)) {
    return refuse(400, ERRORS.PAGE_CURSOR_UNKNOWN);
  }
  return { limit, after: Number(position) };
}
