/**
 * The paged reads beside the unpaged ones (mock-api/rules.md, "Paging"): shapes, orders, cursors and refusals of bad
 * parameters.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Post, PostsPage, User, UsersPage } from '@murmur/mock-api-contract';
import { api, as, expectRefusal, SEED, tokenFor, withMockServer } from '../test-support';
import { ERRORS } from '@murmur/mock-api-contract';

withMockServer();

const ids = (posts: Post[]): string[] => posts.map((post) => post._id);
// Seed ages 95 min, 26 h, 3 days, 7 days; Trending scores (likes + comments) 2, 12, 7, 2.
const LATEST = ['post-seed-01', 'post-seed-02', 'post-seed-03', 'post-seed-04'];
const TRENDING = ['post-seed-02', 'post-seed-03', 'post-seed-01', 'post-seed-04'];

async function postsPage(path: string, params: Record<string, string | number>, token = ''): Promise<PostsPage> {
  const response = await api.get(path, { params, ...as(token) });
  expect(response.status, JSON.stringify(response.data)).toBe(200);
  expect(Object.keys(response.data as object).sort()).toEqual(['authors', 'nextCursor', 'posts']);
  const page = response.data as PostsPage;
  // The page's authors: each author of its posts once, as GET /users/:username answers them, and nobody else.
  const authorNames = [...new Set(page.posts.map((post) => post.username))];
  expect(page.authors.map((author) => author.username)).toEqual(authorNames);
  for (const author of page.authors) {
    expect(author).toEqual((await api.get(`/users/${author.username}`)).data.user);
  }
  return page;
}

let mira: string;
beforeEach(async () => {
  mira = await tokenFor(SEED.mira);
});

describe('GET /api/posts?limit&sort&cursor', () => {
  it('answers {posts, nextCursor} in Latest order by default, and null after the last page', async () => {
    const first = await postsPage('/posts', { limit: 3 });
    expect(ids(first.posts)).toEqual(LATEST.slice(0, 3));
    expect(typeof first.nextCursor).toBe('string');
    const second = await postsPage('/posts', { limit: 3, cursor: first.nextCursor ?? '' });
    expect([ids(second.posts), second.nextCursor]).toEqual([LATEST.slice(3), null]);
  });

  it(
    'answers Trending: likes + comments descending, ties newest first; ' + "a later page keeps its cursor's order",
    async () => {
      const first = await postsPage('/posts', { limit: 2, sort: 'trending' });
      expect(ids(first.posts)).toEqual(TRENDING.slice(0, 2));
      const second = await postsPage('/posts', { limit: 2, cursor: first.nextCursor ?? '' });
      expect([ids(second.posts), second.nextCursor]).toEqual([TRENDING.slice(2), null]);
    },
  );

  it('moves a post in Trending when its likes or comments change', async () => {
    await api.post('/posts/like/post-seed-04', null, as(mira));
    expect(ids((await postsPage('/posts', { sort: 'trending' })).posts)).toEqual([
      'post-seed-02',
      'post-seed-03',
      'post-seed-04',
      'post-seed-01',
    ]);
    await api.post('/comments/add/post-seed-01', { commentData: 'one more' }, as(mira));
    await api.post('/comments/add/post-seed-01', { commentData: 'and another' }, as(mira));
    expect(ids((await postsPage('/posts', { sort: 'trending' })).posts)).toEqual([
      'post-seed-02',
      'post-seed-03',
      'post-seed-01',
      'post-seed-04',
    ]);
  });

  it('puts a new post first in Latest, and a post of the same second after the one stored later', async () => {
    await api.post('/posts', { postData: 'first of two' }, as(mira));
    await api.post('/posts', { postData: 'second of two' }, as(mira));
    const { posts } = await postsPage('/posts', { limit: 2 });
    expect(posts.map((post) => post.content)).toEqual(['second of two', 'first of two']);
  });

  it('a page is limited to 20 by default and 100 at most', async () => {
    const { posts, nextCursor } = await postsPage('/posts', { sort: 'latest' });
    expect([posts.length, nextCursor]).toEqual([4, null]);
    expect((await postsPage('/posts', { limit: 100 })).posts).toHaveLength(4);
  });

  it('without paging parameters answers exactly the unpaged {posts}', async () => {
    const response = await api.get('/posts');
    expect(Object.keys(response.data as object)).toEqual(['posts']);
    expect(ids((response.data as { posts: Post[] }).posts)).toEqual(LATEST);
  });

  it('refuses a bad limit, sort or cursor with 400 and a message saying what is wrong', async () => {
    for (const limit of ['0', '101', 'ten', '2.5', '-1', '']) {
      expectRefusal(await api.get(`/posts?limit=${limit}`), 400, ERRORS.PAGE_LIMIT_INVALID);
    }
    expectRefusal(await api.get('/posts?limit=1&limit=2'), 400, ERRORS.PAGE_PARAM_REPEATED);
    expectRefusal(await api.get('/posts?sort=oldest'), 400, ERRORS.PAGE_SORT_UNKNOWN);
    for (const cursor of ['garbage!', 'bm90IGEgY3Vyc29y', '']) {
      expectRefusal(await api.get(`/posts?cursor=${cursor}`), 400, ERRORS.PAGE_CURSOR_UNKNOWN);
    }
    const { nextCursor } = await postsPage('/posts', { limit: 1, sort: 'latest' });
    expectRefusal(await api.get(`/posts?sort=trending&cursor=${nextCursor}`), 400, ERRORS.PAGE_CURSOR_OTHER_SORT);
    const users = (await api.get('/users?limit=1')).data as UsersPage;
    expectRefusal(await api.get(`/posts?cursor=${users.nextCursor}`), 400, ERRORS.PAGE_CURSOR_UNKNOWN);
  });
});

describe('GET /api/posts/user/:username?limit&sort&cursor', () => {
  it("pages one author's posts, and still answers 404 for an unknown user", async () => {
    await api.post('/posts', { postData: 'a second jonah post' }, as(await tokenFor(SEED.jonah)));
    const first = await postsPage(`/posts/user/${SEED.jonah}`, { limit: 1, sort: 'trending' });
    expect(ids(first.posts)).toEqual(['post-seed-03']);
    const second = await postsPage(`/posts/user/${SEED.jonah}`, { limit: 1, cursor: first.nextCursor ?? '' });
    expect([second.posts.map((post) => post.content), second.nextCursor]).toEqual([['a second jonah post'], null]);
    expect((await api.get('/posts/user/nobody?limit=1')).status).toBe(404);
    expect((await postsPage(`/posts/user/${SEED.mira}`, { limit: 5 })).posts).toEqual([]);
  });
});

describe('GET /api/users/bookmark?limit&sort&cursor', () => {
  it('answers a page of the bookmarked posts themselves; the unpaged answer stays {bookmarks: ids}', async () => {
    for (const id of ['post-seed-04', 'post-seed-02', 'post-seed-01'])
      await api.post(`/users/bookmark/${id}`, null, as(mira));
    const latest = await postsPage('/users/bookmark', { limit: 2 }, mira);
    expect(ids(latest.posts)).toEqual(['post-seed-01', 'post-seed-02']);
    const rest = await postsPage('/users/bookmark', { limit: 2, cursor: latest.nextCursor ?? '' }, mira);
    expect([ids(rest.posts), rest.nextCursor]).toEqual([['post-seed-04'], null]);
    expect(ids((await postsPage('/users/bookmark', { sort: 'trending' }, mira)).posts)).toEqual([
      'post-seed-02',
      'post-seed-01',
      'post-seed-04',
    ]);
    await api.post('/users/remove-bookmark/post-seed-02', null, as(mira));
    expect(ids((await postsPage('/users/bookmark', { limit: 5 }, mira)).posts)).toEqual([
      'post-seed-01',
      'post-seed-04',
    ]);
    expect((await api.get('/users/bookmark', as(mira))).data).toEqual({ bookmarks: ['post-seed-04', 'post-seed-01'] });
  });

  it('drops a deleted post from the bookmark pages, and needs a token', async () => {
    const tomas = await tokenFor(SEED.tomas);
    await api.post('/users/bookmark/post-seed-01', null, as(mira));
    await api.delete('/posts/post-seed-01', as(tomas));
    expect((await postsPage('/users/bookmark', { limit: 5 }, mira)).posts).toEqual([]);
    expect((await api.get('/users/bookmark?limit=5')).status).toBe(401);
  });
});

describe('GET /api/users?limit&cursor', () => {
  it('pages the users in sign-up order, the same order as the unpaged answer', async () => {
    const all = (await api.get('/users')).data.users as User[];
    const seen: User[] = [];
    let cursor: string | null = null;
    do {
      const params: Record<string, string | number> = cursor ? { limit: 3, cursor } : { limit: 3 };
      const response = await api.get('/users', { params });
      expect(Object.keys(response.data as object).sort()).toEqual(['nextCursor', 'users']);
      const page = response.data as UsersPage;
      seen.push(...page.users);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect(seen).toHaveLength(7);
  });

  it('refuses sort and a bad cursor', async () => {
    expectRefusal(await api.get('/users?sort=latest'), 400, ERRORS.USERS_PAGE_SORTED);
    const { nextCursor } = await postsPage('/posts', { limit: 1 });
    expectRefusal(await api.get(`/users?cursor=${nextCursor}`), 400, ERRORS.PAGE_CURSOR_UNKNOWN);
  });
});
