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

const byLatest = (a: OrderKey, b: OrderKey): number => b.time - a.time || b.seq - a.seq;
const byTrending = (a: OrderKey, b: OrderKey): number => b.score - a.score || byLatest(a, b);

export const trendScore = (post: Post): number => post.likes.likeCount + post.comments.length;

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

  /** The same entries in the order they were added (storage order for posts, bookmark order for bookmarks). */
  private readonly added = new Map<string, PostEntry>();

  get size(): number {
    return this.added.size;
  }

  /** Replaces the contents; `entries` are in the order they were added. */
  load(entries: PostEntry[]): void {
    this.added.clear();
    for (const entry of entries) this.added.set(entry.post._id, entry);
    for (const sort of SORTS) this.lists[sort].load(entries);
  }

  add(entry: PostEntry): void {
    this.added.set(entry.post._id, entry);
    for (const sort of SORTS) this.lists[sort].insert(entry);
  }

  remove(entry: PostEntry): void {
    this.added.delete(entry.post._id);
    for (const sort of SORTS) this.lists[sort].remove(entry);
  }

  inAddedOrder(): Post[] {
    return [...this.added.values()].map((entry) => entry.post);
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
