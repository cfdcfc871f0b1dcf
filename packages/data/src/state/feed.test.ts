import { describe, expect, it } from 'vitest';
import type { Comment, Post } from '@murmur/mock-api-contract';
import { isFollowing, isLikedBy, newestComments, sortLatest, sortTrending } from './helpers';

const comment = (id: string, createdAt: string): Comment => ({
  _id: id,
  username: 'u',
  text: id,
  votes: { upvotedBy: [], downvotedBy: [] },
  createdAt,
  updatedAt: createdAt,
});

const post = (id: string, createdAt: string, likeCount: number, comments: Comment[] = []): Post => ({
  _id: id,
  username: 'u',
  content: id,
  likes: { likeCount, likedBy: [{ _id: 'x', username: 'liker' }], dislikedBy: [] },
  comments,
  bookmarks: [],
  createdAt,
  updatedAt: createdAt,
});

describe('pure helpers', () => {
  const a = post('a', '2026-01-01T10:00:00+00:00', 3);
  const b = post('b', '2026-01-02T10:00:00+00:00', 1, [comment('c1', '2026-01-02T11:00:00+00:00')]);
  const c = post('c', '2026-01-03T10:00:00+00:00', 2);
  const d = post('d', '2026-01-04T10:00:00+00:00', 0);

  it('sortLatest orders by createdAt descending without mutating', () => {
    const input = [a, b, c, d];
    expect(sortLatest(input).map((p) => p._id)).toEqual(['d', 'c', 'b', 'a']);
    expect(input.map((p) => p._id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('sortTrending orders by likes plus comments, ties newest first', () => {
    // a: 3, b: 1 + 1 = 2, c: 2, d: 0; b and c tie, c is newer.
    expect(sortTrending([a, b, c, d]).map((p) => p._id)).toEqual(['a', 'c', 'b', 'd']);
  });

  it('isLikedBy and isFollowing match by username', () => {
    expect(isLikedBy(a, 'liker')).toBe(true);
    expect(isLikedBy(a, 'other')).toBe(false);
    expect(isFollowing(null, 'x')).toBe(false);
  });

  it('newestComments gives the first 4 after sorting newest first', () => {
    const many = post('m', '2026-01-01T00:00:00+00:00', 0, [
      comment('1', '2026-01-01T01:00:00+00:00'),
      comment('2', '2026-01-01T05:00:00+00:00'),
      comment('3', '2026-01-01T03:00:00+00:00'),
      comment('4', '2026-01-01T02:00:00+00:00'),
      comment('5', '2026-01-01T04:00:00+00:00'),
    ]);
    expect(newestComments(many).map((c) => c._id)).toEqual(['2', '5', '3', '4']);
    expect(newestComments(many, 2).map((c) => c._id)).toEqual(['2', '5']);
    expect(many.comments.map((c) => c._id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('puts the later of two items made in the same second first, as the back end lists them in making order', () => {
    const second = '2026-01-05T10:00:00+00:00';
    const twins = post('t', second, 0, [comment('first', second), comment('second', second)]);
    expect(newestComments(twins).map((c) => c._id)).toEqual(['second', 'first']);
    const [earlier, later] = [post('earlier', second, 1), post('later', second, 1)];
    expect(sortLatest([earlier, later]).map((p) => p._id)).toEqual(['later', 'earlier']);
    expect(sortTrending([earlier, later]).map((p) => p._id)).toEqual(['later', 'earlier']);
  });
});
