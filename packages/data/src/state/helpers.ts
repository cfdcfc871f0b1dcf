/** Pure helpers for the screens and the actions. None of them mutates its input. */
import { sortNewestFirst, type Comment, type Post, type User } from '@murmur/mock-api-contract';

export { sortLatest, sortTrending } from '@murmur/mock-api-contract';

export const isLikedBy = (post: Post, username: string): boolean =>
  post.likes.likedBy.some((ref) => ref.username === username);

export const isFollowing = (user: User | null, targetUsername: string): boolean =>
  user?.following.some((ref) => ref.username === targetUsername) ?? false;

/** The comments a post card shows: the first `limit` after sorting newest first (docs/screens.md, "Post card"). */
export const newestComments = (post: Post, limit = 4): Comment[] => sortNewestFirst(post.comments).slice(0, limit);
