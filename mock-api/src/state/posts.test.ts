import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, defined, DEMO_ACCOUNT, withMockServer } from '../test-support';
import type { Post } from '../types';
import { bookmarkedPostsAtom } from './feed';
import {
  addCommentAtom,
  createPostAtom,
  deletePostAtom,
  editPostAtom,
  fetchBookmarksAtom,
  fetchPostsAtom,
  postsStateAtom,
  toggleBookmarkAtom,
  toggleLikeAtom,
} from './posts';
import { loginAtom, sessionAtom } from './session';

withMockServer();

let store: ReturnType<typeof createStore>;
beforeEach(async () => {
  store = createStore();
  await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  await store.set(fetchPostsAtom);
});

const post = (id: string): Post =>
  defined(
    store.get(postsStateAtom).posts.find((p) => p._id === id),
    id,
  );

describe('fetchPostsAtom', () => {
  it('goes pending, then fulfilled with all posts', async () => {
    const running = store.set(fetchPostsAtom);
    expect(store.get(postsStateAtom).status).toBe('pending');
    expect(await running).toEqual({ ok: true });
    expect(store.get(postsStateAtom)).toMatchObject({ status: 'fulfilled', error: null });
    expect(store.get(postsStateAtom).posts).toHaveLength(4);
  });
});

describe('toggleLikeAtom', () => {
  it('likes a post the user has not liked, then dislikes it on the next toggle', async () => {
    expect(await store.set(toggleLikeAtom, 'post-seed-02')).toEqual({ ok: true });
    expect(post('post-seed-02').likes.likeCount).toBe(11);
    expect(post('post-seed-02').likes.likedBy.map((r) => r.username)).toContain(DEMO_ACCOUNT.username);
    expect(store.get(postsStateAtom)).toMatchObject({ status: 'fulfilled', postIsLiked: true });

    expect(await store.set(toggleLikeAtom, 'post-seed-02')).toEqual({ ok: true });
    expect(post('post-seed-02').likes.likeCount).toBe(10);
    expect(post('post-seed-02').likes.likedBy.map((r) => r.username)).not.toContain(DEMO_ACCOUNT.username);
    expect(store.get(postsStateAtom).postIsLiked).toBe(false);
  });

  it('refetches all posts after a success, picking up changes made elsewhere', async () => {
    const { data } = await api.post('/auth/login', { username: 'tomaslind', password: 'fjord-lantern-7' });
    await api.post('/posts', { postData: 'from elsewhere' }, { headers: { authorization: data.encodedToken } });
    await store.set(toggleLikeAtom, 'post-seed-01');
    expect(store.get(postsStateAtom).posts).toHaveLength(5);
  });

  it('a refused like leaves the posts unchanged and records the error', async () => {
    const before = store.get(postsStateAtom).posts;
    const result = await store.set(toggleLikeAtom, 'missing-post');
    expect(result).toEqual({ ok: false, error: 'Post not found' });
    expect(store.get(postsStateAtom)).toMatchObject({ status: 'rejected', error: 'Post not found' });
    expect(store.get(postsStateAtom).posts).toBe(before);
  });
});

describe('toggleBookmarkAtom and fetchBookmarksAtom', () => {
  it('adds then removes a bookmark, updating the bookmark list, the session user and storage', async () => {
    expect(await store.set(toggleBookmarkAtom, 'post-seed-03')).toEqual({ ok: true });
    expect(store.get(postsStateAtom).bookmarks).toEqual(['post-seed-03']);
    expect(store.get(bookmarkedPostsAtom).map((p) => p._id)).toEqual(['post-seed-03']);
    expect(store.get(sessionAtom).user?.bookmarks).toEqual(['post-seed-03']);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null').bookmarks).toEqual(['post-seed-03']);

    expect(await store.set(toggleBookmarkAtom, 'post-seed-03')).toEqual({ ok: true });
    expect(store.get(postsStateAtom).bookmarks).toEqual([]);
    expect(store.get(bookmarkedPostsAtom)).toEqual([]);
  });

  it('fetches the bookmarks from the server', async () => {
    const token = defined(store.get(sessionAtom).token);
    await api.post('/users/bookmark/post-seed-04', null, { headers: { authorization: token } });
    expect(await store.set(fetchBookmarksAtom)).toEqual({ ok: true });
    expect(store.get(postsStateAtom).bookmarks).toEqual(['post-seed-04']);
  });

  it('a refused bookmark leaves state unchanged', async () => {
    const before = store.get(postsStateAtom);
    expect(await store.set(toggleBookmarkAtom, 'missing-post')).toEqual({ ok: false, error: 'Post not found' });
    expect(store.get(postsStateAtom)).toEqual({ ...before, status: 'rejected', error: 'Post not found' });
  });
});

describe('create, edit and delete', () => {
  it('creates a post and stores the answered list', async () => {
    expect(await store.set(createPostAtom, 'A new murmur')).toEqual({ ok: true });
    const posts = store.get(postsStateAtom).posts;
    expect(posts).toHaveLength(5);
    expect(posts[4]).toMatchObject({ content: 'A new murmur', username: DEMO_ACCOUNT.username });
  });

  it("edits an own post and flips postIsEdited; refuses someone else's without changing anything", async () => {
    await store.set(createPostAtom, 'Draft');
    const mine = defined(store.get(postsStateAtom).posts[4]);
    expect(await store.set(editPostAtom, { postId: mine._id, content: 'Final' })).toEqual({ ok: true });
    expect(post(mine._id).content).toBe('Final');
    expect(store.get(postsStateAtom).postIsEdited).toBe(true);

    const before = store.get(postsStateAtom);
    const refused = await store.set(editPostAtom, { postId: 'post-seed-01', content: 'Mine now' });
    expect(refused).toEqual({ ok: false, error: "Cannot edit a Post doesn't belong to the logged in User." });
    expect(store.get(postsStateAtom)).toEqual({
      ...before,
      status: 'rejected',
      error: refused.ok ? null : refused.error,
    });
  });

  it('deletes an own post and drops it from the bookmarks', async () => {
    await store.set(createPostAtom, 'Short-lived');
    const mine = defined(store.get(postsStateAtom).posts[4]);
    await store.set(toggleBookmarkAtom, mine._id);
    expect(await store.set(deletePostAtom, mine._id)).toEqual({ ok: true });
    expect(store.get(postsStateAtom).posts).toHaveLength(4);
    expect(store.get(postsStateAtom).bookmarks).toEqual([]);
    const refused = await store.set(deletePostAtom, 'post-seed-01');
    expect(refused).toEqual({ ok: false, error: "Cannot delete a Post doesn't belong to the logged in User." });
    expect(store.get(postsStateAtom).posts).toHaveLength(4);
  });
});

describe('addCommentAtom', () => {
  it("updates that post's comments in state", async () => {
    expect(await store.set(addCommentAtom, { postId: 'post-seed-04', text: 'Treats incoming' })).toEqual({ ok: true });
    const comments = post('post-seed-04').comments;
    expect(comments).toHaveLength(3);
    expect(comments[2]).toMatchObject({ username: DEMO_ACCOUNT.username, text: 'Treats incoming' });
    expect(store.get(postsStateAtom).comments).toEqual(comments);
    expect(post('post-seed-03').comments).toHaveLength(2);
  });

  it('a refused comment leaves the posts unchanged', async () => {
    const before = store.get(postsStateAtom).posts;
    const result = await store.set(addCommentAtom, { postId: 'post-seed-04', text: '' });
    expect(result).toEqual({ ok: false, error: 'Comment text cannot be empty.' });
    expect(store.get(postsStateAtom).posts).toBe(before);
  });
});
