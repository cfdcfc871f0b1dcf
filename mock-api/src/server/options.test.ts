import { describe, expect, it } from 'vitest';
import { mockServerOptionsFromSearch } from './options';

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
