/** Pure helpers for the screens and the actions. None of them mutates its input. */
import type { Comment, Post, User } from '../types';

const time = (timestamp: string): number => {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? 0 : ms;
};

const newestFirst = (a: { createdAt: string }, b: { createdAt: string }): number => time(b.createdAt) - time(a.createdAt);

/** Latest: createdAt descending (spec 4). */
export const sortLatest = (posts: readonly Post[]): Post[] => [...posts].sort(newestFirst);

const trendScore = (post: Post): number => post.likes.likeCount + post.comments.length;

/** Trending: likeCount plus comment count descending, ties newest first (spec 4, 2.1). */
export const sortTrending = (posts: readonly Post[]): Post[] =>
  [...posts].sort((a, b) => trendScore(b) - trendScore(a) || newestFirst(a, b));

export const isLikedBy = (post: Post, username: string): boolean =>
  post.likes.likedBy.some((ref) => ref.username === username);

export const isFollowing = (user: User | null, targetUsername: string): boolean =>
  user?.following.some((ref) => ref.username === targetUsername) ?? false;

/** The comments a post card shows: the first `limit` after sorting newest first (spec 9). */
export const newestComments = (post: Post, limit = 4): Comment[] => [...post.comments].sort(newestFirst).slice(0, limit);
