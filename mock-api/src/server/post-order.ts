/**
 * The two orders a list of posts is read in (spec 4), each kept as a sorted index so a page costs its size.
 * Latest: createdAt newest first; timestamps count whole seconds, so posts of one second are told apart by the order
 * they were stored in (the later one is newer, as the client's helpers assume). Trending: likeCount + comment count,
 * highest first, ties as Latest.
 */
import type { Post } from '../types';
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
  post: Post;
}

export const byLatest = (a: OrderKey, b: OrderKey): number => b.time - a.time || b.seq - a.seq;
const byTrending = (a: OrderKey, b: OrderKey): number => b.score - a.score || byLatest(a, b);

export const trendScore = (post: Post): number => post.likes.likeCount + post.comments.length;

/** Trending is Latest grouped by score, highest first: built from the Latest order without another sort. */
export function trendingFromLatest(latest: PostEntry[]): PostEntry[] {
  const byScore = new Map<number, PostEntry[]>();
  for (const entry of latest) {
    const group = byScore.get(entry.score);
    if (group) group.push(entry);
    else byScore.set(entry.score, [entry]);
  }
  const scores = [...byScore.keys()].sort((a, b) => b - a);
  return scores.flatMap((score) => byScore.get(score) ?? []);
}

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
