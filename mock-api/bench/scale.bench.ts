/**
 * How the mock back end scales: generation time and the latency of reads and writes through the real Mirage server
 * (delay 0) at 1,000 users / 10,000 posts and 10,000 users / 100,000 posts. Run with `pnpm --filter
 * @murmur/mock-api bench`; it prints figures only, nothing here asserts a time.
 */
import axios from 'axios';
import { bench, describe } from 'vitest';
import { startMockServer, stopMockServer } from '../src/server/mockServer';
import { DEMO_ACCOUNT } from '../src/server/seed';

const SCALES = [
  { users: 1_000, posts: 10_000 },
  { users: 10_000, posts: 100_000 },
];

const http = axios.create({ baseURL: '/api' });
const SLOW = { iterations: 3, time: 0, warmupIterations: 1, warmupTime: 0 };
const FAST = { iterations: 50, time: 0, warmupIterations: 5, warmupTime: 0 };

describe('generation', () => {
  // This machine's speed, to read the other rows against on a shared or loaded machine (~150 ms on an idle laptop).
  bench(
    'reference: sort 1,000,000 numbers',
    () => void Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_003).sort((a, b) => a - b),
    SLOW,
  );
  for (const scale of SCALES) {
    bench(
      `start at ${scale.users} users / ${scale.posts} posts`,
      () => {
        startMockServer({ delay: 0, scale: { ...scale, seed: 1 } });
        stopMockServer();
      },
      SLOW,
    );
  }
});

// Bench hooks do not run in vitest's bench mode, so each request starts the scaled server on first use.
interface Auth {
  headers: Record<string, string>;
}
let current: { posts: number; auth: Auth } | null = null;

async function serverAt(scale: (typeof SCALES)[number]): Promise<Auth> {
  if (current?.posts === scale.posts) return current.auth;
  stopMockServer();
  startMockServer({ delay: 0, scale: { ...scale, seed: 1 } });
  const { data } = await http.post<{ encodedToken: string }>('/auth/login', {
    username: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
  });
  current = { posts: scale.posts, auth: { headers: { authorization: data.encodedToken } } };
  // A few bookmarks, so the bookmark page has something to answer.
  const { data: page } = await http.get<{ posts: { _id: string }[] }>('/posts?limit=50&sort=trending');
  for (const post of page.posts) await http.post(`/users/bookmark/${post._id}`, null, current.auth);
  return current.auth;
}

for (const scale of SCALES) {
  describe(`requests at ${scale.posts} posts`, () => {
    const get = async (path: string) => {
      await http.get(path, await serverAt(scale));
    };
    let secondPage = '';
    bench('GET /posts (all, unpaged answer)', () => get('/posts'), SLOW);
    bench('GET /posts/user/:username (all)', () => get('/posts/user/tomaslind'), FAST);
    bench(
      'like + dislike (full answer: all posts)',
      async () => {
        const auth = await serverAt(scale);
        await http.post('/posts/like/post-seed-01', null, auth);
        await http.post('/posts/dislike/post-seed-01', null, auth);
      },
      SLOW,
    );
    bench('GET /posts?limit=20 (first page, Latest)', () => get('/posts?limit=20'), FAST);
    bench('GET /posts?limit=20&sort=trending', () => get('/posts?limit=20&sort=trending'), FAST);
    bench(
      'GET /posts?limit=20&cursor= (next page, Trending)',
      async () => {
        if (!secondPage) {
          await serverAt(scale);
          const { data } = await http.get<{ nextCursor: string }>('/posts?limit=20&sort=trending');
          secondPage = `/posts?limit=20&cursor=${data.nextCursor}`;
        }
        await get(secondPage);
      },
      FAST,
    );
    bench('GET /posts/user/:username?limit=20', () => get('/posts/user/tomaslind?limit=20'), FAST);
    bench('GET /users/bookmark?limit=20&sort=trending', () => get('/users/bookmark?limit=20&sort=trending'), FAST);
    bench('GET /users?limit=20', () => get('/users?limit=20'), FAST);
    bench(
      'like + dislike (Prefer: return=minimal)',
      async () => {
        const auth = await serverAt(scale);
        const minimal = { headers: { ...auth.headers, Prefer: 'return=minimal' } };
        await http.post('/posts/like/post-seed-01', null, minimal);
        await http.post('/posts/dislike/post-seed-01', null, minimal);
      },
      FAST,
    );
  });
}
