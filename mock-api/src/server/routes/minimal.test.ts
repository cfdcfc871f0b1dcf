/** Writes sent with `Prefer: return=minimal` answer only what they changed (mock-api/rules.md, "Minimal writes"). */
import type { AxiosResponse } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Post, User } from '@murmur/mock-api-contract';
import { ERRORS } from '@murmur/mock-api-contract';
import { api, as, expectRefusal, SEED, tokenFor, withMockServer } from '../test-support';

withMockServer();

const minimal = (token: string, prefer = 'return=minimal') => ({
  headers: { ...as(token).headers, Prefer: prefer },
});

function changedPost(response: AxiosResponse, status = 201): Post {
  expect(response.status, JSON.stringify(response.data)).toBe(status);
  expect(response.headers['preference-applied']).toBe('return=minimal');
  expect(Object.keys(response.data as object)).toEqual(['post']);
  return (response.data as { post: Post }).post;
}

let mira: string;
beforeEach(async () => {
  mira = await tokenFor(SEED.mira);
});

describe('post writes with Prefer: return=minimal answer {post}', () => {
  it('create, edit, like, dislike answer the changed post; delete answers it as it was', async () => {
    const created = changedPost(await api.post('/posts', { postData: 'small answer' }, minimal(mira)));
    expect([created.content, created.username]).toEqual(['small answer', SEED.mira]);
    const edited = changedPost(
      await api.post(`/posts/edit/${created._id}`, { postData: { content: 'edited' } }, minimal(mira)),
    );
    expect(edited.content).toBe('edited');
    expect(changedPost(await api.post(`/posts/like/${created._id}`, null, minimal(mira))).likes.likeCount).toBe(1);
    expect(changedPost(await api.post(`/posts/dislike/${created._id}`, null, minimal(mira))).likes.likeCount).toBe(0);
    const deleted = changedPost(await api.delete(`/posts/${created._id}`, minimal(mira)));
    expect(deleted._id).toBe(created._id);
    expect((await api.get(`/posts/${created._id}`)).status).toBe(404);
    expect((await api.get('/posts')).data.posts).toHaveLength(4);
  });

  it('honours return=minimal among other preferences, and answers in full without it', async () => {
    changedPost(await api.post('/posts/like/post-seed-01', null, minimal(mira, 'handling=lenient, return=minimal')));
    const full = await api.post('/posts/dislike/post-seed-01', null, minimal(mira, 'return=representation'));
    expect(full.headers['preference-applied']).toBeUndefined();
    expect((full.data as { posts: Post[] }).posts).toHaveLength(4);
  });

  it('a refused write still answers {errors} and changes nothing', async () => {
    await api.post('/posts/like/post-seed-01', null, minimal(mira));
    const before = (await api.get('/posts')).data;
    expectRefusal(await api.post('/posts/like/post-seed-01', null, minimal(mira)), 400, ERRORS.ALREADY_LIKED);
    expectRefusal(await api.delete('/posts/post-seed-01', minimal(mira)), 400, ERRORS.DELETE_POST_NOT_OWNER);
    expect((await api.get('/posts')).data).toEqual(before);
  });
});

describe('comment writes with Prefer: return=minimal answer the changed {post}', () => {
  it('add, edit, upvote, downvote and delete', async () => {
    const added = changedPost(await api.post('/comments/add/post-seed-01', { commentData: 'hi' }, minimal(mira)));
    expect(added.comments).toHaveLength(3);
    const mine = added.comments[2]?._id ?? '';
    const path = (action: string) => `/comments/${action}/post-seed-01/${mine}`;
    expect(changedPost(await api.post(path('edit'), { commentData: 'hello' }, minimal(mira))).comments[2]?.text).toBe(
      'hello',
    );
    expect(changedPost(await api.post(path('upvote'), null, minimal(mira))).comments[2]?.votes.upvotedBy).toHaveLength(
      1,
    );
    expect(
      changedPost(await api.post(path('downvote'), null, minimal(mira))).comments[2]?.votes.downvotedBy,
    ).toHaveLength(1);
    expect(changedPost(await api.post(path('delete'), null, minimal(mira))).comments).toHaveLength(2);
  });
});

describe('bookmark writes with Prefer: return=minimal answer the changed {user}', () => {
  it('bookmark and remove-bookmark answer the session user without a password', async () => {
    const add = await api.post('/users/bookmark/post-seed-02', null, minimal(mira));
    expect([add.status, add.headers['preference-applied']]).toEqual([200, 'return=minimal']);
    const user = (add.data as { user: User }).user;
    expect([user.username, user.bookmarks]).toEqual([SEED.mira, ['post-seed-02']]);
    const removed = (await api.post('/users/remove-bookmark/post-seed-02', null, minimal(mira))).data as { user: User };
    expect(removed.user.bookmarks).toEqual([]);
    expectRefusal(
      await api.post('/users/remove-bookmark/post-seed-02', null, minimal(mira)),
      400,
      ERRORS.NOT_BOOKMARKED,
    );
  });

  it('follow, unfollow and profile edit already answer only the changed users', async () => {
    const followed = await api.post('/users/follow/user-seed-07-samuel', null, minimal(mira));
    expect(Object.keys(followed.data as object).sort()).toEqual(['followUser', 'user']);
    const edited = await api.post('/users/edit', { userData: { bio: 'short' } }, minimal(mira));
    expect(Object.keys(edited.data as object)).toEqual(['user']);
  });
});
