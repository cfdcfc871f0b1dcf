/**
 * Others' activity and the "anything newer?" read (mock-api/rules.md, "Live activity"; docs/data-layer.md, "Newer
 * posts"): live posts go through the same indexes and pages as every other post, and the read counts them from the
 * index.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewerPosts, Post, PostsPage } from '@murmur/mock-api-contract';
import { ERRORS } from '@murmur/mock-api-contract';
import { createActivity } from './activity';
import { createDb } from './db';
import { generateScaledData } from './generate';
import { mockServerOptionsFromSearch } from './options';
import { DEMO_ACCOUNT, seedDb } from './seed';
import { api, as, expectRefusal, startMockServer, stopMockServer, SEED, tokenFor } from './test-support';

afterEach(() => stopMockServer());

const ids = (posts: readonly Post[]) => posts.map((post) => post._id);

async function latest(limit = 20): Promise<PostsPage> {
  return (await api.get<PostsPage>('/posts', { params: { limit } })).data;
}

async function newer(since?: string): Promise<NewerPosts> {
  const response = await api.get<NewerPosts>('/posts/newer', { params: since === undefined ? {} : { since } });
  expect(response.status, JSON.stringify(response.data)).toBe(200);
  return response.data;
}

describe('?mock-live', () => {
  it('is off unless the address asks, and reads seconds between posts (0 or anything malformed: off)', () => {
    expect(mockServerOptionsFromSearch('').live).toBeUndefined();
    expect(mockServerOptionsFromSearch('?mock-live=5').live).toEqual({ secondsBetweenPosts: 5 });
    expect(mockServerOptionsFromSearch('?mock-live=0.25').live).toEqual({ secondsBetweenPosts: 0.25 });
    for (const off of ['0', '-1', 'abc', '1e3', '']) {
      expect(mockServerOptionsFromSearch(`?mock-live=${off}`).live, off).toBeUndefined();
    }
  });

  it("defaults to the build's rate (VITE_MOCK_LIVE), a production build's too; the address still decides", () => {
    vi.stubEnv('PROD', true);
    vi.stubEnv('VITE_MOCK_LIVE', '20');
    try {
      expect(mockServerOptionsFromSearch('').live).toEqual({ secondsBetweenPosts: 20 });
      expect(mockServerOptionsFromSearch('?mock-live=5').live).toEqual({ secondsBetweenPosts: 5 });
      expect(mockServerOptionsFromSearch('?mock-live=0').live).toBeUndefined();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('live activity', () => {
  it('posts while the server runs, and stops with it', async () => {
    startMockServer({ delay: 0, live: { secondsBetweenPosts: 0.1 } });
    const before = await latest();
    await vi.waitFor(
      async () => expect((await latest()).posts.length).toBeGreaterThanOrEqual(before.posts.length + 3),
      {
        timeout: 5_000,
      },
    );
    stopMockServer();
    startMockServer({ delay: 0 });
    // A fresh start is the seed again: nothing lives on between page loads.
    expect(ids((await latest()).posts)).toEqual(ids(before.posts));
  });

  it('goes through the same tables: pages, profiles, counts and Trending agree about every live post', async () => {
    const db = createDb();
    const now = Date.now();
    seedDb(db, now);
    generateScaledData(db, { users: 50, posts: 200 }, now);
    const activity = createActivity(db, 7);
    for (let step = 0; step < 40; step++) activity.step();

    const all = db.posts.page('latest', 100, null).posts;
    const live = all.filter((post) => !post._id.startsWith('post-gen-') && !post._id.startsWith('post-seed-'));
    expect(live).toHaveLength(40);
    // Newest first: the last step's post heads Latest.
    expect(all.slice(0, 40)).toEqual(live);
    for (const post of live) {
      expect(post.username).not.toBe(DEMO_ACCOUNT.username);
      expect(db.posts.pageByAuthor(post.username, 'latest', 100, null).posts).toContainEqual(post);
    }
    // Likes and comments came too, less often than posts, each keeping Trending's order by score.
    const reactions = all.reduce((sum, post) => sum + post.likes.likedBy.length, 0);
    expect(reactions).toBeGreaterThan(0);
    const trending = db.posts.page('trending', 300, null).posts;
    const scores = trending.map((post) => post.likes.likeCount + post.comments.length);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(db.posts.newerThan(null)?.count).toBe(db.posts.size);
  });

  it('is the same sequence for the same seed', () => {
    const texts = () => {
      const db = createDb();
      seedDb(db, 0);
      const activity = createActivity(db, 3);
      for (let step = 0; step < 5; step++) activity.step();
      return db.posts.page('latest', 5, null).posts.map((post) => [post.username, post.content]);
    };
    expect(texts()).toEqual(texts());
  });
});

describe('GET /api/posts/newer', () => {
  it('counts the posts newer than the one given, and names the newest', async () => {
    startMockServer({ delay: 0 });
    const [newest, second] = (await latest()).posts;
    expect(await newer(newest?._id)).toEqual({ count: 0, newest: newest?._id });
    expect(await newer(second?._id)).toEqual({ count: 1, newest: newest?._id });
    expect((await newer()).newest).toBe(newest?._id);

    const token = await tokenFor(SEED.mira);
    const created = (await api.post('/posts', { postData: 'Mine' }, as(token))).data as { posts: Post[] };
    const mine = created.posts.at(-1);
    expect(await newer(newest?._id)).toEqual({ count: 1, newest: mine?._id });
  });

  it('counts what live activity added since a post', async () => {
    startMockServer({ delay: 0, live: { secondsBetweenPosts: 0.1 } });
    const shown = (await latest()).posts[0]?._id;
    await vi.waitFor(async () => expect((await newer(shown)).count).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    const { count, newest } = await newer(shown);
    const page = await latest(count + 1);
    // The count is exactly the posts above the one shown, and the newest heads Latest.
    expect(page.posts[count]?._id).toBe(shown);
    expect(page.posts[0]?._id).toBe(newest);
  });

  it('refuses an unknown post and a repeated or empty since', async () => {
    startMockServer({ delay: 0 });
    expectRefusal(await api.get('/posts/newer', { params: { since: 'post-nope' } }), 404, ERRORS.POST_NOT_FOUND);
    expectRefusal(await api.get('/posts/newer?since=a&since=b'), 400, ERRORS.NEWER_SINCE_INVALID);
    expectRefusal(await api.get('/posts/newer?since='), 400, ERRORS.NEWER_SINCE_INVALID);
  });
});
