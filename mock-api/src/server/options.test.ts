import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './test-support';
import { startMockServer, stopMockServer } from './mockServer';
import { MAX_PRODUCTION_DELAY_MS, MAX_SCALE, mockServerOptionsFromSearch, scaleCapNotice } from './options';

describe('mockServerOptionsFromSearch', () => {
  it('reads a scale of users:posts and a delay', () => {
    expect(mockServerOptionsFromSearch('?mock-scale=1000:10000&mock-delay=0')).toEqual({
      delay: 0,
      scale: { users: 1000, posts: 10000 },
    });
  });

  it('gives no options for an ordinary address', () => {
    expect(mockServerOptionsFromSearch('')).toEqual({});
    expect(mockServerOptionsFromSearch('?tab=latest')).toEqual({});
  });

  it('ignores malformed values instead of failing', () => {
    expect(mockServerOptionsFromSearch('?mock-scale=lots&mock-delay=-5')).toEqual({});
    expect(mockServerOptionsFromSearch('?mock-scale=10:&mock-delay=1e9')).toEqual({});
  });
});

describe('the delay a production build accepts', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is at most a few seconds, whatever the address asks', () => {
    vi.stubEnv('PROD', true);
    const { delay } = mockServerOptionsFromSearch('?mock-delay=99999');
    expect(delay).toBeLessThanOrEqual(10_000);
    expect(delay).toBe(MAX_PRODUCTION_DELAY_MS);
    expect(mockServerOptionsFromSearch(`?mock-delay=${MAX_PRODUCTION_DELAY_MS + 1}`)).toEqual({
      delay: MAX_PRODUCTION_DELAY_MS,
    });
  });

  it('takes a delay below the cap as asked (the browser tests ask for 1,000 ms at most)', () => {
    vi.stubEnv('PROD', true);
    expect(mockServerOptionsFromSearch('?mock-delay=1500')).toEqual({ delay: 1500 });
    expect(mockServerOptionsFromSearch('?mock-delay=0')).toEqual({ delay: 0 });
  });

  it('is not capped in development, where a long delay is a tool', () => {
    vi.stubEnv('PROD', false);
    expect(mockServerOptionsFromSearch('?mock-delay=99999')).toEqual({ delay: 99_999 });
  });
});

describe('the scale cap', () => {
  afterEach(() => stopMockServer());

  it('says when the address asked for more than the cap, and only then', () => {
    expect(scaleCapNotice(mockServerOptionsFromSearch('?mock-scale=1000000:1000000'))).toBe(
      'Mock data capped at 10,000 users and 100,000 posts (the address asked for 1,000,000 and 1,000,000).',
    );
    expect(scaleCapNotice(mockServerOptionsFromSearch(`?mock-scale=${MAX_SCALE.users}:${MAX_SCALE.posts}`))).toBeNull();
    expect(scaleCapNotice(mockServerOptionsFromSearch(''))).toBeNull();
  });

  it('serves post lists at ?mock-scale=1000000:1000000, with the capped number of records', async () => {
    startMockServer({ ...mockServerOptionsFromSearch('?mock-scale=1000000:1000000'), delay: 0 });
    // Plain fetch: the per-response checks of test-support would walk 70 MB of posts.
    const posts = await fetch('/api/posts');
    expect(posts.status).toBe(200);
    expect(((await posts.json()) as { posts: unknown[] }).posts).toHaveLength(MAX_SCALE.posts);
    expect((await api.get('/users/user-gen-010000')).status).toBe(404);
    expect((await api.get('/users/user-gen-009993')).status).toBe(200);
  }, 60_000);
});
