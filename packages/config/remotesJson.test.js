// @ts-check
import { describe, expect, it } from 'vitest';
import { remotesJson } from './remotesJson.js';

describe('remotesJson', () => {
  it('points every remote at its local port by default', () => {
    expect(JSON.parse(remotesJson({}))).toEqual({
      'auth-mfe': 'http://localhost:4001/mf-manifest.json',
      'feed-mfe': 'http://localhost:4002/mf-manifest.json',
      'profile-mfe': 'http://localhost:4003/mf-manifest.json',
    });
  });

  it('takes a deployed location from the environment, one remote at a time', () => {
    const locations = JSON.parse(
      remotesJson({ MURMUR_FEED_MFE_MANIFEST_URL: 'https://cdn.example.org/feed/mf-manifest.json' }),
    );
    expect(locations['feed-mfe']).toBe('https://cdn.example.org/feed/mf-manifest.json');
    expect(locations['auth-mfe']).toBe('http://localhost:4001/mf-manifest.json');
  });
});
