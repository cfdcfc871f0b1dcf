import type { Comment, Post, UserRef } from '@murmur/mock-api-contract';

/**
 * A post record as the store keeps it, whoever makes it (a request, the seed, the generator): a fresh object with
 * nothing shared with another record (mock-api/rules.md, "Stored records"), no bookmarks of its own and never edited
 * yet.
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
  // One literal of a fixed shape, no rest/spread: the generator makes 100,000 of these in one go.
  return {
    _id: fields._id,
    username: fields.username,
    content: fields.content,
    createdAt: fields.createdAt,
    likes: { likeCount: fields.likeCount ?? 0, likedBy: fields.likedBy ?? [], dislikedBy: [] },
    comments: fields.comments ?? [],
    bookmarks: [],
    updatedAt: fields.createdAt,
  };
}
