// @ts-check
import { describe, expect, it } from 'vitest';
import { remotesJson } from './remotesJson.js';

describe('remotesJson', () => {
  it('points every remote at its local port by default', () => {
    expect(JSON.parse(remotesJson({}))).toEqual({
      murmur_auth: 'http://localhost:4001/mf-manifest.json',
      murmur_feed: 'http://localhost:4002/mf-manifest.json',
      murmur_profile: 'http://localhost:4003/mf-manifest.json',
    });
  });

  it('takes a deployed location from the environment, one remote at a time', () => {
    const locations = JSON.parse(remotesJson({ MURMUR_REMOTE_FEED: 'https://cdn.example.org/feed/mf-manifest.json' }));
    expect(locations.murmur_feed).toBe('https://cdn.example.org/feed/mf-manifest.json');
    expect(locations.murmur_auth).toBe('http://localhost:4001/mf-manifest.json');
  });
});
