/**
 * The two orders of posts both sides agree on: the back end pages in them, the client sorts in them
 * (mock-api/rules.md, "Feed order", "Trending order"). Neither mutates its input.
 */
import type { Post } from './types';

const time = (timestamp: string): number => {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * Sorts by `compare`, then newest first. Timestamps count whole seconds, so two items made within one second tie;
 * the back end keeps items in the order they were made, so the later one in the list is the newer.
 */
export function sortNewestFirst<T extends { createdAt: string }>(
  items: readonly T[],
  compare: (a: T, b: T) => number = () => 0,
): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => compare(a.item, b.item) || time(b.item.createdAt) - time(a.item.createdAt) || b.index - a.index)
    .map(({ item }) => item);
}

/** Latest: createdAt descending (mock-api/rules.md, "Feed order"). */
export const sortLatest = (posts: readonly Post[]): Post[] => sortNewestFirst(posts);

const trendScore = (post: Post): number => post.likes.likeCount + post.comments.length;

/** Trending: likeCount plus comment count descending, ties newest first (mock-api/rules.md, "Trending order"). */
export const sortTrending = (posts: readonly Post[]): Post[] =>
  sortNewestFirst(posts, (a, b) => trendScore(b) - trendScore(a));
