/**
 * The two orders a list of posts is read in (mock-api/rules.md, "Feed order", "Trending order"), each kept as a
 * sorted index so a page costs its size.
 * Latest: createdAt newest first; timestamps count whole seconds, so posts of one second are told apart by the order
 * they were stored in (the later one is newer, as the client's helpers assume). Trending: likeCount + comment count,
 * highest first, ties as Latest.
 */
import type { Post } from '@murmur/mock-api-contract';
import { SortedList } from './sorted';

export type Sort = 'latest' | 'trending';

export const SORTS: readonly Sort[] = ['latest', 'trending'];

/** Where a post sits in both orders; a cursor carries one of these, so it stays valid when that post is gone. */
export interface OrderKey {
  /** createdAt in ms. */
  time: number;
  /** Storage sequence: unique, so no two keys compare equal. */
  seq: number;
  /** likeCount + comment count when last indexed. */
  score: number;
}

export interface PostEntry extends OrderKey {
  readonly id: string;
  readonly post: Post;
}

const byLatest = (a: OrderKey, b: OrderKey): number => b.time - a.time || b.seq - a.seq;
const byTrending = (a: OrderKey, b: OrderKey): number => b.score - a.score || byLatest(a, b);

export const trendScore = (post: Post): number => post.likes.likeCount + post.comments.length;

const POSITIONS = 2 ** 20;
const KEYS = 2 ** 32;

/**
 * `items` ordered by a whole-number key from 0 to 2^32 - 1, ties kept in the order given. Key and position are packed
 * into one exact number, so a Float64Array's native numeric sort does the work instead of a comparator called
 * n log n times (bulk loads order 100,000 posts). Undefined when a key or the length does not fit.
 */
function sortedByKey<T>(items: readonly T[], keyOf: (item: T) => number): T[] | undefined {
  const count = items.length;
  if (count >= POSITIONS) return undefined;
  const packed = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const key = keyOf(items[i] as T);
    if (!Number.isInteger(key) || key < 0 || key >= KEYS) return undefined;
    packed[i] = key * POSITIONS + i;
  }
  packed.sort();
  const sorted = new Array<T>(count);
  for (let i = 0; i < count; i++) sorted[i] = items[(packed[i] as number) % POSITIONS] as T;
  return sorted;
}

/** Latest order of entries given in storage order (timestamps count whole seconds, newer stored later). */
export function latestOrder<E extends PostEntry>(inStorageOrder: readonly E[]): E[] {
  const newestStoredFirst = [...inStorageOrder].reverse();
  return sortedByKey(newestStoredFirst, (entry) => KEYS - 1 - entry.time / 1000) ?? newestStoredFirst.sort(byLatest);
}

/** Trending is Latest ordered by score, highest first, Latest kept within a score: made from Latest in one sort. */
export const trendingFromLatest = <E extends PostEntry>(latest: readonly E[]): E[] =>
  sortedByKey(latest, (entry) => KEYS - 1 - entry.score) ?? [...latest].sort(byTrending);

export interface Page {
  posts: Post[];
  /** The key of the last post of the page when more follow. */
  last: OrderKey | null;
}

export class PostOrder {
  private readonly lists: Record<Sort, SortedList<OrderKey, PostEntry>> = {
    latest: new SortedList<OrderKey, PostEntry>(byLatest),
    trending: new SortedList<OrderKey, PostEntry>(byTrending),
  };

  get size(): number {
    return this.lists.latest.size;
  }

  /** Replaces the contents with entries already in Latest and in Trending order (bulk loads sort once). */
  load(latest: PostEntry[], trending: PostEntry[]): void {
    this.lists.latest.loadSorted(latest);
    this.lists.trending.loadSorted(trending);
  }

  add(entry: PostEntry): void {
    for (const sort of SORTS) this.lists[sort].insert(entry);
  }

  remove(entry: PostEntry): void {
    for (const sort of SORTS) this.lists[sort].remove(entry);
  }

  /** The posts in the order they were stored: costs a sort of this list only, like the answer it serves. */
  inStorageOrder(): Post[] {
    return [...this.lists.latest.values()].sort((a, b) => a.seq - b.seq).map((entry) => entry.post);
  }

  /** The newest entry in Latest, without building its record. */
  newest(): PostEntry | undefined {
    return this.lists.latest.values()[0];
  }

  /** How many entries come before `key` in Latest: the posts newer than it (a binary search). */
  newerThan(key: OrderKey): number {
    return this.lists.latest.positionOf(key);
  }

  /** Only Trending reads the score: call before and after the entry's score changes. */
  removeTrending(entry: PostEntry): void {
    this.lists.trending.remove(entry);
  }

  addTrending(entry: PostEntry): void {
    this.lists.trending.insert(entry);
  }

  page(sort: Sort, limit: number, after: OrderKey | null): Page {
    const { items, more } = this.lists[sort].page(limit, after);
    const last = items[items.length - 1];
    return {
      posts: items.map((entry) => entry.post),
      last: more && last ? { time: last.time, seq: last.seq, score: last.score } : null,
    };
  }
}
