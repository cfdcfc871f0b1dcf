import type { Comment, Post, UserRef } from '../types';

/**
 * A post record as the store keeps it, whoever makes it (a request, the seed, the generator): a fresh object with
 * nothing shared with another record (spec 2.3), no bookmarks of its own and never edited yet.
 */
export function newPostRecord(fields: {
  _id: string;
  username: string;
  content: string;
  createdAt: string;
  likeCount?: number;
  likedBy?: UserRef[];
  comments?: Comment[];
}): Post {
  const { likeCount = 0, likedBy = [], comments = [], ...rest } = fields;
  return {
    ...rest,
    likes: { likeCount, likedBy, dislikedBy: [] },
    comments,
    bookmarks: [],
    updatedAt: fields.createdAt,
  };
}
