import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Post, User } from '@murmur/mock-api-contract';
import { api, as, defined, tokenFor } from './test-support';
import { isMockServerRunning, startMockServer, stopMockServer } from './mockServer';
import { isMockApiUrl, shouldPassThrough } from './passthrough';

afterEach(() => stopMockServer());

describe('startMockServer and stopMockServer', () => {
  it('is idempotent: a second start keeps the running server and its data', async () => {
    startMockServer({ delay: 0 });
    const token = await tokenFor('miraokafor');
    await api.post('/posts', { postData: 'kept' }, as(token));
    startMockServer({ delay: 0 });
    expect((await api.get('/posts')).data.posts).toHaveLength(5);
  });

  it('starts from fresh seed data after a stop, with the same fixed ids', async () => {
    startMockServer({ delay: 0 });
    const firstIds = (await api.get('/users')).data.users.map((u: User) => u._id);
    await api.post('/posts', { postData: 'gone after stop' }, as(await tokenFor('miraokafor')));
    stopMockServer();
    expect(isMockServerRunning()).toBe(false);
    startMockServer({ delay: 0 });
    expect((await api.get('/posts')).data.posts).toHaveLength(4);
    expect((await api.get('/users')).data.users.map((u: User) => u._id)).toEqual(firstIds);
  });

  it('delays answers by 400 ms by default', async () => {
    startMockServer();
    const started = performance.now();
    await api.get('/posts');
    expect(performance.now() - started).toBeGreaterThanOrEqual(380);
  });

  it('honours a configured delay', async () => {
    startMockServer({ delay: 50 });
    const started = performance.now();
    await api.get('/users');
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(45);
    expect(elapsed).toBeLessThan(380);
  });

  it('can start with a large generated data set, the same for the same seed', async () => {
    const scale = { users: 1000, posts: 10_000, seed: 7 };
    startMockServer({ delay: 0, scale });
    const posts = (await api.get('/posts')).data.posts as Post[];
    const users = (await api.get('/users')).data.users as User[];
    expect(posts).toHaveLength(10_000);
    expect(users).toHaveLength(1000);
    expect(posts.slice(0, 4).map((p) => p._id)).toEqual([
      'post-seed-01',
      'post-seed-02',
      'post-seed-03',
      'post-seed-04',
    ]);
    const usernames = new Set(users.map((u) => u.username));
    expect(usernames.size).toBe(1000);
    expect(posts.every((p) => usernames.has(p.username) && p.likes.likeCount >= p.likes.likedBy.length)).toBe(true);
    const sample = defined(posts[5000]);
    stopMockServer();
    startMockServer({ delay: 0, scale });
    // Same content; timestamps are relative to each start, so they may differ by a second.
    const again = (await api.get(`/posts/${sample._id}`)).data.post as Post;
    const stable = (p: Post) => ({ ...p, createdAt: '', updatedAt: '', comments: p.comments.map((c) => c.text) });
    expect(stable(again)).toEqual(stable(sample));
    // The demo account still works in the large data set.
    expect((await api.post('/posts/like/post-gen-000001', null, as(await tokenFor('miraokafor')))).status).not.toBe(
      500,
    );
  });

  it('orders generated posts by what their records say, though each record is built only when first read', async () => {
    startMockServer({ delay: 0, scale: { users: 30, posts: 100, seed: 5 } });
    // Read alone first, so this record is built before any list is.
    const single = (await api.get('/posts/post-gen-000050')).data.post as Post;
    const latest = (await api.get('/posts?limit=100')).data.posts as Post[];
    const trending = (await api.get('/posts?limit=100&sort=trending')).data.posts as Post[];
    expect(latest).toHaveLength(100);
    const inOrder = (posts: Post[], key: (post: Post) => string | number) =>
      posts.every((post, i) => i === 0 || key(defined(posts[i - 1])) >= key(post));
    expect(inOrder(latest, (post) => post.createdAt)).toBe(true);
    expect(inOrder(trending, (post) => post.likes.likeCount + post.comments.length)).toBe(true);
    expect(latest.find((post) => post._id === single._id)).toEqual(single);
    // A generated like count is backed by that many different people.
    const generated = latest.filter((post) => post._id.startsWith('post-gen-'));
    expect(
      generated.every((post) => new Set(post.likes.likedBy.map((ref) => ref._id)).size === post.likes.likeCount),
    ).toBe(true);
  });
});

describe('unknown routes', () => {
  it('answer 404 with "No route for METHOD /api/..." for every method', async () => {
    startMockServer({ delay: 0 });
    const cases: [string, string][] = [
      ['get', '/nope'],
      ['post', '/posts/like'],
      ['put', '/posts/post-seed-01'],
      ['patch', '/users'],
      ['delete', '/users/miraokafor'],
      ['get', '/posts/like/post-seed-01'],
    ];
    for (const [method, path] of cases) {
      const response = await api.request({ method, url: `${path}?q=1` });
      expect(response.status).toBe(404);
      expect(response.data).toEqual({ errors: [`No route for ${method.toUpperCase()} /api${path}`] });
    }
    const bare = await api.get('');
    expect(bare.data).toEqual({ errors: ['No route for GET /api'] });
  });

  it('answer a malformed escape or an over-long address with 404 instead of throwing into the page', async () => {
    startMockServer({ delay: 0 });
    const malformed = await api.get('/posts/%E0%A4%A');
    expect(malformed.status).toBe(404);
    expect(malformed.data).toEqual({ errors: ['No route for GET /api/posts/%E0%A4%A'] });
    const long = await api.get(`/posts/user/${'a'.repeat(30_000)}`);
    expect(long.status).toBe(404);
    expect(long.data.errors[0]).toBe(`No route for GET /api/posts/user/${'a'.repeat(184)}…`);
    expect((await api.request({ method: 'put', baseURL: '', url: '/api//' })).data).toEqual({
      errors: ['No route for PUT /api//'],
    });
    expect((await api.get('/posts/post-seed-01')).status).toBe(200);
  });
});

describe('passthrough', () => {
  it('handles same-origin /api only', () => {
    const page = 'http://localhost:4000/feed';
    expect(isMockApiUrl('/api/posts', page)).toBe(true);
    expect(isMockApiUrl('api/posts', 'http://localhost:4000/')).toBe(true);
    expect(isMockApiUrl('http://localhost:4000/api/users?x=1', page)).toBe(true);
    expect(isMockApiUrl('/api', page)).toBe(true);
    expect(isMockApiUrl('http://localhost:4002/mf-manifest.json', page)).toBe(false);
    expect(isMockApiUrl('http://localhost:4002/api/posts', page)).toBe(false);
    expect(isMockApiUrl('/apiary', page)).toBe(false);
    expect(isMockApiUrl('/remotes.json', page)).toBe(false);
    expect(isMockApiUrl('/assets/index.js', page)).toBe(false);
    expect(isMockApiUrl('https://example.com/api/posts', page)).toBe(false);
    expect(shouldPassThrough({ url: `${location.origin}/remotes.json` })).toBe(true);
    expect(shouldPassThrough({ url: '/api/posts' })).toBe(false);
  });

  describe('with a real server on another port', () => {
    let http: HttpServer;
    let origin: string;
    beforeAll(async () => {
      http = createHttpServer((_request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
        response.end(JSON.stringify({ name: 'feed_mfe', from: 'network' }));
      });
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

    it('lets fetch and XHR to other origins reach the network, /api/ paths included', async () => {
      startMockServer({ delay: 0 });
      const manifest = await fetch(`${origin}/mf-manifest.json`);
      expect(await manifest.json()).toEqual({ name: 'feed_mfe', from: 'network' });
      const xhr = await api.get(`${origin}/api/posts`);
      expect(xhr.data).toEqual({ name: 'feed_mfe', from: 'network' });
      expect((await api.get('/posts')).data.posts).toHaveLength(4);
    });
  });
});
