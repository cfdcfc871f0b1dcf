import { beforeEach, describe, expect, it } from 'vitest';
import type { Post } from '@murmur/mock-api-contract';
import { ERRORS } from '@murmur/mock-api-contract';
import { api, as, defined, expectRefusal, SEED, tokenFor, withMockServer } from '../test-support';

withMockServer();

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;
const byId = (posts: Post[], id: string): Post =>
  defined(
    posts.find((p) => p._id === id),
    id,
  );

let mira: string;
let tomas: string;
beforeEach(async () => {
  mira = await tokenFor(SEED.mira);
  tomas = await tokenFor(SEED.tomas);
});

describe('reading posts', () => {
  it('GET /posts answers the 4 seed posts with like counts 0, 10, 5, 0 and 2 comments each', async () => {
    const response = await api.get('/posts');
    expect(response.status).toBe(200);
    const posts = response.data.posts as Post[];
    expect(posts.map((p) => p._id)).toEqual(['post-seed-01', 'post-seed-02', 'post-seed-03', 'post-seed-04']);
    expect(posts.map((p) => p.likes.likeCount)).toEqual([0, 10, 5, 0]);
    for (const post of posts) {
      expect(post.comments).toHaveLength(2);
      expect(post.createdAt).toMatch(TIMESTAMP);
      expect(post.bookmarks).toEqual([]);
      expect(post.likes.likedBy.length).toBeLessThanOrEqual(post.likes.likeCount);
      expect(post.likes.likedBy.some((ref) => ref.username === SEED.mira)).toBe(false);
    }
    const stamps = posts.flatMap((p) => [p.createdAt, ...p.comments.map((c) => c.createdAt)]);
    expect(new Set(stamps).size).toBe(12);
    expect(stamps.every((s) => Date.parse(s) < Date.now())).toBe(true);
  });

  it('GET /posts/:postId answers {post} or 404', async () => {
    const response = await api.get('/posts/post-seed-02');
    expect(response.status).toBe(200);
    expect(response.data.post._id).toBe('post-seed-02');
    expectRefusal(await api.get('/posts/nope'), 404, 'Post not found');
  });

  it("GET /posts/user/:username answers that user's posts, or 404 for an unknown user", async () => {
    const response = await api.get('/posts/user/priyaraman');
    expect(response.status).toBe(200);
    expect(response.data.posts.map((p: Post) => p._id)).toEqual(['post-seed-02']);
    expect((await api.get('/posts/user/miraokafor')).data.posts).toEqual([]);
    expectRefusal(await api.get('/posts/user/nobody'), 404, 'User not found');
  });

  it('never hands out the stored objects: changing an answer changes nothing', async () => {
    const first = await api.get('/posts/post-seed-01');
    first.data.post.likes.likeCount = 99;
    expect((await api.get('/posts/post-seed-01')).data.post.likes.likeCount).toBe(0);
  });
});

describe('POST /api/posts', () => {
  it('creates a post from {postData: "text"} with 201 and answers all posts', async () => {
    const response = await api.post('/posts', { postData: 'Hello Murmur' }, as(mira));
    expect(response.status).toBe(201);
    const posts = response.data.posts as Post[];
    expect(posts).toHaveLength(5);
    const created = defined(posts[4]);
    expect(created).toMatchObject({
      username: SEED.mira,
      content: 'Hello Murmur',
      likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
      comments: [],
      bookmarks: [],
    });
    expect(created.createdAt).toMatch(TIMESTAMP);
    // A created post can be commented on (mock-api/rules.md, "Stored records").
    expect((await api.post(`/comments/add/${created._id}`, { commentData: 'first' }, as(tomas))).status).toBe(201);
  });

  it('accepts {postData: {content}} and ignores fields a client may not set', async () => {
    const response = await api.post(
      '/posts',
      { postData: { content: 'object form', username: 'tomaslind', likes: { likeCount: 50 }, comments: [{}] } },
      as(mira),
    );
    expect(response.status).toBe(201);
    const created = defined((response.data.posts as Post[])[4]);
    expect(created).toMatchObject({ content: 'object form', username: SEED.mira, comments: [] });
    expect(created.likes.likeCount).toBe(0);
  });

  it('refuses empty, blank and too long content with 400', async () => {
    for (const body of [
      {},
      { postData: '' },
      { postData: '   \n' },
      { postData: { content: 5 } },
      { postData: null },
    ]) {
      expectRefusal(await api.post('/posts', body, as(mira)), 400, ERRORS.POST_EMPTY);
    }
    expectRefusal(await api.post('/posts', { postData: 'x'.repeat(2001) }, as(mira)), 400, ERRORS.POST_TOO_LONG);
    expect((await api.post('/posts', { postData: 'x'.repeat(2000) }, as(mira))).status).toBe(201);
  });

  it('refuses without a token', async () => {
    expectRefusal(await api.post('/posts', { postData: 'x' }), 401, ERRORS.TOKEN_INVALID);
  });
});

describe('POST /api/posts/edit/:postId', () => {
  it('lets the author edit content only, bumping updatedAt', async () => {
    const before = byId((await api.get('/posts')).data.posts, 'post-seed-01');
    const response = await api.post(
      '/posts/edit/post-seed-01',
      { postData: { content: 'Edited', likes: {} } },
      as(tomas),
    );
    expect(response.status).toBe(201);
    const after = byId(response.data.posts, 'post-seed-01');
    expect(after).toEqual({ ...before, content: 'Edited', updatedAt: after.updatedAt });
    expect(after.updatedAt).toMatch(TIMESTAMP);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    const stringForm = await api.post('/posts/edit/post-seed-01', { postData: 'String form' }, as(tomas));
    expect(byId(stringForm.data.posts, 'post-seed-01').content).toBe('String form');
  });

  it('refuses another user, an unknown post, and invalid content', async () => {
    expectRefusal(
      await api.post('/posts/edit/post-seed-01', { postData: { content: 'x' } }, as(mira)),
      400,
      "Cannot edit a Post doesn't belong to the logged in User.",
    );
    expectRefusal(await api.post('/posts/edit/nope', { postData: { content: 'x' } }, as(mira)), 404, 'Post not found');
    expectRefusal(
      await api.post('/posts/edit/post-seed-01', { postData: { content: ' ' } }, as(tomas)),
      400,
      ERRORS.POST_EMPTY,
    );
    expectRefusal(await api.post('/posts/edit/post-seed-01', { postData: 'x' }), 401, ERRORS.TOKEN_INVALID);
  });
});

describe('DELETE /api/posts/:postId', () => {
  it('lets the author delete, and drops the post from every bookmark list', async () => {
    await api.post('/users/bookmark/post-seed-01', null, as(mira));
    const response = await api.delete('/posts/post-seed-01', as(tomas));
    expect(response.status).toBe(201);
    expect(response.data.posts.map((p: Post) => p._id)).not.toContain('post-seed-01');
    expect((await api.get('/users/bookmark', as(mira))).data.bookmarks).toEqual([]);
  });

  it('refuses another user, an unknown post and a missing token', async () => {
    expectRefusal(
      await api.delete('/posts/post-seed-01', as(mira)),
      400,
      "Cannot delete a Post doesn't belong to the logged in User.",
    );
    expectRefusal(await api.delete('/posts/nope', as(mira)), 404, 'Post not found');
    expectRefusal(await api.delete('/posts/post-seed-01'), 401, ERRORS.TOKEN_INVALID);
  });
});

describe('like and dislike', () => {
  it('like adds a {_id, username} reference and counts up; a second like is refused', async () => {
    const response = await api.post('/posts/like/post-seed-01', null, as(mira));
    expect(response.status).toBe(201);
    expect(byId(response.data.posts, 'post-seed-01').likes).toEqual({
      likeCount: 1,
      likedBy: [{ _id: 'user-seed-01-mira', username: SEED.mira }],
      dislikedBy: [],
    });
    expectRefusal(
      await api.post('/posts/like/post-seed-01', null, as(mira)),
      400,
      'Cannot like a post that is already liked. ',
    );
  });

  it('dislike moves the user from likedBy to dislikedBy and counts down; a second dislike is refused', async () => {
    await api.post('/posts/like/post-seed-03', null, as(mira));
    const response = await api.post('/posts/dislike/post-seed-03', null, as(mira));
    expect(response.status).toBe(201);
    const { likes } = byId(response.data.posts, 'post-seed-03');
    expect(likes.likeCount).toBe(5);
    expect(likes.likedBy.map((r) => r.username)).not.toContain(SEED.mira);
    expect(likes.dislikedBy).toEqual([{ _id: 'user-seed-01-mira', username: SEED.mira }]);
    expectRefusal(
      await api.post('/posts/dislike/post-seed-03', null, as(mira)),
      400,
      'Cannot dislike a post that is already disliked. ',
    );
    // Liking again moves the user back.
    const again = byId((await api.post('/posts/like/post-seed-03', null, as(mira))).data.posts, 'post-seed-03').likes;
    expect(again.dislikedBy).toEqual([]);
    expect(again.likeCount).toBe(6);
  });

  it('refuses a dislike at 0 likes', async () => {
    expectRefusal(
      await api.post('/posts/dislike/post-seed-04', null, as(mira)),
      400,
      'Cannot decrement like less than 0.',
    );
  });

  it('refuses unknown posts and missing tokens', async () => {
    expectRefusal(await api.post('/posts/like/nope', null, as(mira)), 404, 'Post not found');
    expectRefusal(await api.post('/posts/dislike/nope', null, as(mira)), 404, 'Post not found');
    expectRefusal(await api.post('/posts/like/post-seed-01'), 401, ERRORS.TOKEN_INVALID);
    expectRefusal(await api.post('/posts/dislike/post-seed-02'), 401, ERRORS.TOKEN_INVALID);
  });

  it('stays serialisable after like + bookmark (the reference crashes here)', async () => {
    await api.post('/posts/like/post-seed-02', null, as(mira));
    await api.post('/users/bookmark/post-seed-02', null, as(mira));
    const users = await api.get('/users');
    const posts = await api.get('/posts');
    expect(users.status).toBe(200);
    expect(posts.status).toBe(200);
  });
});
