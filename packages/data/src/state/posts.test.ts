import { createPageStore, type Store } from '../cache/queryClient';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, defined, DEMO_ACCOUNT, tokenFor, withMockServer } from '../test-support';
import { sortLatest } from './helpers';
import type { InfiniteData } from '@tanstack/query-core';
import type { Post, PostsPage } from '@murmur/mock-api-contract';
import {
  addCommentAtom,
  createPostAtom,
  deletePostAtom,
  editPostAtom,
  fetchBookmarksAtom,
  toggleBookmarkAtom,
  toggleLikeAtom,
} from './posts';
import { postsStateAtom } from './stateFields';
import { queryClientAtom } from '../cache/queryClient';
import { postListKey, type PostList } from '../queries/postLists';
import { postListAtom } from './queryAtoms';
import { loginAtom, sessionAtom } from './session';

withMockServer();

let store: Store;
const unsubscribes: (() => void)[] = [];

const LATEST: PostList = { kind: 'feed', sort: 'latest' };

/** Shows a list as a screen would (an observer of its query) and waits for its first page. */
async function show(list: PostList, on: Store = store) {
  unsubscribes.push(on.sub(postListAtom(list), () => undefined));
  await vi.waitFor(() => expect(on.get(postListAtom(list)).status).toBe('success'));
  return () => on.get(postListAtom(list));
}

/** What the list shows: its pages in the cache (the atom's own value follows on the next tick). */
const shown = (list: PostList = LATEST): Post[] =>
  store
    .get(queryClientAtom)
    .getQueryData<InfiniteData<PostsPage>>(postListKey(list))
    ?.pages.flatMap((page) => page.posts) ?? [];

const post = (id: string): Post =>
  defined(
    shown().find((p) => p._id === id),
    id,
  );

const serverPost = async (id: string): Promise<Post> => ((await api.get(`/posts/${id}`)).data as { post: Post }).post;

beforeEach(async () => {
  store = createPageStore();
  await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
});
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
});

describe('post lists', () => {
  it('Latest and Trending come from the back end in their orders', async () => {
    await show(LATEST);
    expect(shown().map((p) => p._id)).toEqual(['post-seed-01', 'post-seed-02', 'post-seed-03', 'post-seed-04']);
    const trending: PostList = { kind: 'feed', sort: 'trending' };
    await show(trending);
    // Scores 2, 12, 7, 2: the tie between posts 1 and 4 goes to the newer, post 1.
    expect(shown(trending).map((p) => p._id)).toEqual(['post-seed-02', 'post-seed-03', 'post-seed-01', 'post-seed-04']);
    expect(store.get(postsStateAtom).posts).toHaveLength(4);
  });

  it('a list shown again answers from the cache at once, then refreshes behind it', async () => {
    await show(LATEST);
    for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
    await api.post(
      '/posts',
      { postData: 'from elsewhere' },
      { headers: { authorization: defined(store.get(sessionAtom).token) } },
    );
    unsubscribes.push(store.sub(postListAtom(LATEST), () => undefined));
    const again = store.get(postListAtom(LATEST));
    expect(again.data?.pages[0]?.posts).toHaveLength(4);
    expect(again.isPending).toBe(false);
    await vi.waitFor(() => expect(shown()).toHaveLength(5));
  });

  it('loads one page first, then the next on request, until the end', async () => {
    const { stopMockServer, startMockServer } = await import('../test-support');
    stopMockServer();
    startMockServer({ delay: 0, scale: { users: 20, posts: 45, seed: 3 } });
    const list = await show(LATEST);
    expect(list().data?.pages[0]?.posts).toHaveLength(20);
    expect(list().hasNextPage).toBe(true);
    await list().fetchNextPage();
    await list().fetchNextPage();
    await vi.waitFor(() => expect(list().hasNextPage).toBe(false));
    const ids = shown().map((p) => p._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(((await api.get('/posts')).data as { posts: Post[] }).posts.length);
  });
});

describe('the refetch after a write', () => {
  /** 61 posts (the seed's 4 among them), three pages of the feed loaded. */
  async function threePagesShown() {
    const { stopMockServer, startMockServer } = await import('../test-support');
    stopMockServer();
    startMockServer({ delay: 0, scale: { users: 20, posts: 61, seed: 3 } });
    const list = await show(LATEST);
    await list().fetchNextPage();
    await list().fetchNextPage();
    expect(shown()).toHaveLength(60);
    return list;
  }

  /** The addresses of the post-list reads sent while `during` runs. */
  async function listReads(during: () => Promise<unknown>): Promise<string[]> {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    try {
      await during();
      return open.mock.calls
        .filter(([method, url]) => method === 'GET' && /\/api\/posts(\?|$)/.test(String(url)))
        .map(([, url]) => String(url));
    } finally {
      open.mockRestore();
    }
  }

  it('asks a list on screen for its first page only, and keeps every page it holds', async () => {
    await threePagesShown();
    const reads = await listReads(async () => {
      expect(await store.set(toggleLikeAtom, 'post-seed-02')).toEqual({ ok: true });
      await vi.waitFor(() => expect(store.get(queryClientAtom).isFetching()).toBe(0));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(reads).toHaveLength(1);
    expect(reads[0]).not.toContain('cursor=');
    expect(shown()).toHaveLength(60);
    expect(post('post-seed-02').likes.likeCount).toBe(11);
  });

  it("puts what others posted on top and loses nothing below: the list is the back end's Latest order", async () => {
    await threePagesShown();
    const others = await tokenFor('tomaslind');
    await api.post('/posts', { postData: 'from elsewhere' }, { headers: { authorization: others } });
    // Its author deletes a post of the second page (generated users' passwords follow their ids).
    const victim = defined(shown()[30], 'a post of page 2');
    const { user } = (await api.get(`/users/${victim.username}`)).data as { user: { _id: string } };
    const login = { username: victim.username, password: `password-${Number(user._id.slice(-6))}` };
    const { encodedToken } = (await api.post('/auth/login', login)).data as { encodedToken: string };
    expect((await api.delete(`/posts/${victim._id}`, { headers: { authorization: encodedToken } })).status).toBe(201);
    expect(await store.set(toggleLikeAtom, 'post-seed-03')).toEqual({ ok: true });
    await vi.waitFor(() => expect(shown()[0]?.content).toBe('from elsewhere'));
    const latest = sortLatest(((await api.get('/posts')).data as { posts: Post[] }).posts).map((p) => p._id);
    const ids = [...new Set(shown().map((p) => p._id))];
    // Deleted elsewhere, the victim stays until the list is shown again; everything else is in order, none skipped.
    expect(ids.filter((id) => id !== victim._id)).toEqual(latest.slice(0, ids.length - 1));
  });

  it('leaves a list not on screen with its first page, stale, so showing it again asks for one page', async () => {
    const list = await threePagesShown();
    for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
    expect(await store.set(createPostAtom, 'while the feed is hidden')).toEqual({ ok: true });
    const state = store.get(queryClientAtom).getQueryState(postListKey(LATEST));
    expect(state?.isInvalidated).toBe(true);
    const reads = await listReads(async () => {
      unsubscribes.push(store.sub(postListAtom(LATEST), () => undefined));
      await vi.waitFor(() => expect(list().isFetchedAfterMount && !list().isFetching).toBe(true));
    });
    expect(reads).toHaveLength(1);
    expect(shown()[0]?.content).toBe('while the feed is hidden');
    const cached = store.get(queryClientAtom).getQueryData<InfiniteData<PostsPage>>(postListKey(LATEST));
    expect(cached?.pages).toHaveLength(1);
  });
});

describe('toggleLikeAtom', () => {
  it('likes at once on screen, agrees with the back end, then unlikes on the next press', async () => {
    await show(LATEST);
    const pressed = store.set(toggleLikeAtom, 'post-seed-02');
    expect(post('post-seed-02').likes.likeCount).toBe(11);
    expect(await pressed).toEqual({ ok: true });
    expect((await serverPost('post-seed-02')).likes.likeCount).toBe(11);
    expect(post('post-seed-02').likes.likedBy.map((r) => r.username)).toContain(DEMO_ACCOUNT.username);
    expect(store.get(postsStateAtom)).toMatchObject({ status: 'fulfilled', postIsLiked: true });

    expect(await store.set(toggleLikeAtom, 'post-seed-02')).toEqual({ ok: true });
    expect(post('post-seed-02').likes.likeCount).toBe(10);
    expect(store.get(postsStateAtom).postIsLiked).toBe(false);
  });

  it('rapid presses end in the state of the last one, and the back end agrees', async () => {
    await show(LATEST);
    const presses = [1, 2, 3].map(() => store.set(toggleLikeAtom, 'post-seed-03'));
    // Three presses from "not liked": liked, not liked, liked.
    expect(post('post-seed-03').likes.likeCount).toBe(6);
    expect(await Promise.all(presses)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    const server = await serverPost('post-seed-03');
    expect(server.likes.likeCount).toBe(6);
    expect(server.likes.likedBy.map((r) => r.username)).toContain(DEMO_ACCOUNT.username);
    await vi.waitFor(() => expect(post('post-seed-03').likes.likeCount).toBe(6));

    const twice = [1, 2].map(() => store.set(toggleLikeAtom, 'post-seed-03'));
    expect(post('post-seed-03').likes.likeCount).toBe(6);
    await Promise.all(twice);
    expect((await serverPost('post-seed-03')).likes.likeCount).toBe(6);
  });

  it('after a success the lists refetch, picking up changes made elsewhere', async () => {
    await show(LATEST);
    const { data } = await api.post('/auth/login', { username: 'tomaslind', password: 'fjord-lantern-7' });
    await api.post('/posts', { postData: 'from elsewhere' }, { headers: { authorization: data.encodedToken } });
    await store.set(toggleLikeAtom, 'post-seed-01');
    await vi.waitFor(() => expect(shown()).toHaveLength(5));
  });

  it('a refused like rolls back exactly that change and records the error', async () => {
    await show(LATEST);
    const { data } = await api.post('/auth/login', { username: 'tomaslind', password: 'fjord-lantern-7' });
    await api.delete('/posts/post-seed-01', { headers: { authorization: data.encodedToken } });
    const pressed = store.set(toggleLikeAtom, 'post-seed-01');
    expect(post('post-seed-01').likes.likeCount).toBe(1);
    expect(await pressed).toEqual({ ok: false, error: 'Post not found' });
    expect(post('post-seed-01').likes).toEqual({ likeCount: 0, likedBy: [], dislikedBy: [] });
    expect(post('post-seed-02').likes.likeCount).toBe(10);
    expect(store.get(postsStateAtom)).toMatchObject({ status: 'rejected', error: 'Post not found' });
  });
});

describe('toggleBookmarkAtom and fetchBookmarksAtom', () => {
  it('adds then removes a bookmark, updating the bookmark list, the session user and storage', async () => {
    const bookmarks: PostList = { kind: 'bookmarks', viewer: DEMO_ACCOUNT.username };
    await show(bookmarks);
    const pressed = store.set(toggleBookmarkAtom, 'post-seed-03');
    await Promise.resolve();
    expect(store.get(postsStateAtom).bookmarks).toEqual(['post-seed-03']);
    expect(await pressed).toEqual({ ok: true });
    expect(store.get(sessionAtom).user?.bookmarks).toEqual(['post-seed-03']);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null').bookmarks).toEqual(['post-seed-03']);
    await vi.waitFor(() => expect(shown(bookmarks).map((p) => p._id)).toEqual(['post-seed-03']));

    expect(await store.set(toggleBookmarkAtom, 'post-seed-03')).toEqual({ ok: true });
    expect(store.get(postsStateAtom).bookmarks).toEqual([]);
    await vi.waitFor(() => expect(shown(bookmarks)).toEqual([]));
  });

  it('rapid presses end in the state of the last one, and the back end agrees', async () => {
    const presses = [1, 2].map(() => store.set(toggleBookmarkAtom, 'post-seed-04'));
    await Promise.all(presses);
    expect(store.get(postsStateAtom).bookmarks).toEqual([]);
    const token = defined(store.get(sessionAtom).token);
    expect((await api.get('/users/bookmark', { headers: { authorization: token } })).data).toEqual({ bookmarks: [] });
  });

  it('fetches the bookmarks from the server', async () => {
    const token = defined(store.get(sessionAtom).token);
    await api.post('/users/bookmark/post-seed-04', null, { headers: { authorization: token } });
    expect(await store.set(fetchBookmarksAtom)).toEqual({ ok: true });
    expect(store.get(postsStateAtom).bookmarks).toEqual(['post-seed-04']);
  });

  it('a refused bookmark rolls back and records the error', async () => {
    expect(await store.set(toggleBookmarkAtom, 'missing-post')).toEqual({ ok: false, error: 'Post not found' });
    expect(store.get(postsStateAtom)).toMatchObject({ bookmarks: [], status: 'rejected', error: 'Post not found' });
  });
});

describe('create, edit and delete', () => {
  it('creates a post once the back end accepts it, at the top of the feed', async () => {
    await show(LATEST);
    expect(await store.set(createPostAtom, 'A new murmur')).toEqual({ ok: true });
    expect(shown()[0]).toMatchObject({ content: 'A new murmur', username: DEMO_ACCOUNT.username });
    expect(shown()).toHaveLength(5);
  });

  it("edits an own post and flips postIsEdited; refuses someone else's without changing anything", async () => {
    await show(LATEST);
    await store.set(createPostAtom, 'Draft');
    const mine = defined(shown()[0]);
    expect(await store.set(editPostAtom, { postId: mine._id, content: 'Final' })).toEqual({ ok: true });
    expect(post(mine._id).content).toBe('Final');
    expect(store.get(postsStateAtom).postIsEdited).toBe(true);

    const before = shown();
    const refused = await store.set(editPostAtom, { postId: 'post-seed-01', content: 'Mine now' });
    expect(refused).toEqual({ ok: false, error: "Cannot edit a Post doesn't belong to the logged in User." });
    expect(shown()).toEqual(before);
    expect(store.get(postsStateAtom)).toMatchObject({ status: 'rejected', error: refused.ok ? null : refused.error });
  });

  it('deletes an own post and drops it from the lists and the bookmarks', async () => {
    await show(LATEST);
    await store.set(createPostAtom, 'Short-lived');
    const mine = defined(shown()[0]);
    await store.set(toggleBookmarkAtom, mine._id);
    expect(await store.set(deletePostAtom, mine._id)).toEqual({ ok: true });
    expect(shown()).toHaveLength(4);
    expect(store.get(postsStateAtom).bookmarks).toEqual([]);
    const refused = await store.set(deletePostAtom, 'post-seed-01');
    expect(refused).toEqual({ ok: false, error: "Cannot delete a Post doesn't belong to the logged in User." });
    expect(shown()).toHaveLength(4);
  });
});

describe('addCommentAtom', () => {
  it("updates that post's comments in the cache", async () => {
    await show(LATEST);
    expect(await store.set(addCommentAtom, { postId: 'post-seed-04', text: 'Treats incoming' })).toEqual({ ok: true });
    const comments = post('post-seed-04').comments;
    expect(comments).toHaveLength(3);
    expect(comments[2]).toMatchObject({ username: DEMO_ACCOUNT.username, text: 'Treats incoming' });
    expect(store.get(postsStateAtom).comments).toEqual(comments);
    expect(post('post-seed-03').comments).toHaveLength(2);
  });

  it('a refused comment leaves the posts unchanged', async () => {
    await show(LATEST);
    const before = shown();
    const result = await store.set(addCommentAtom, { postId: 'post-seed-04', text: '' });
    expect(result).toEqual({ ok: false, error: 'Comment text cannot be empty.' });
    expect(shown()).toEqual(before);
  });
});
