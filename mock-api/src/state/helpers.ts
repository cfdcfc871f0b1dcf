/** Pure helpers for the screens and the actions. None of them mutates its input. */
import type { Comment, Post, User } from '../types';

const time = (timestamp: string): number => {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * Sorts by `compare`, then newest first. Timestamps count whole seconds, so two items made within one second tie;
 * the back end keeps items in the order they were made, so the later one in the list is the newer.
 */
function sortNewestFirst<T extends { createdAt: string }>(
  items: readonly T[],
  compare: (a: T, b: T) => number = () => 0,
): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => compare(a.item, b.item) || time(b.item.createdAt) - time(a.item.createdAt) || b.index - a.index)
    .map(({ item }) => item);
}

/** Latest: createdAt descending (docs/data-layer.md, "Feed order"). */
export const sortLatest = (posts: readonly Post[]): Post[] => sortNewestFirst(posts);

const trendScore = (post: Post): number => post.likes.likeCount + post.comments.length;

/** Trending: likeCount plus comment count descending, ties newest first (docs/data-layer.md, "Trending order"). */
export const sortTrending = (posts: readonly Post[]): Post[] =>
  sortNewestFirst(posts, (a, b) => trendScore(b) - trendScore(a));

export const isLikedBy = (post: Post, username: string): boolean =>
  post.likes.likedBy.some((ref) => ref.username === username);

export const isFollowing = (user: User | null, targetUsername: string): boolean =>
  user?.following.some((ref) => ref.username === targetUsername) ?? false;

/** The comments a post card shows: the first `limit` after sorting newest first (docs/screens.md, "Post card"). */
export const newestComments = (post: Post, limit = 4): Comment[] => sortNewestFirst(post.comments).slice(0, limit);
