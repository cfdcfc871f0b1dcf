import { describe, expect, it } from 'vitest';
import { parseRemoteLocations } from './remoteLocations';

const valid = {
  'auth-mfe': 'http://localhost:4001/mf-manifest.json',
  'feed-mfe': 'https://cdn.example/feed/mf-manifest.json',
  'profile-mfe': '/profile/mf-manifest.json',
};

describe('remotes.json', () => {
  it('answers every remote as an absolute URL', () => {
    expect(parseRemoteLocations(valid)).toEqual({
      ...valid,
      'profile-mfe': `${window.location.origin}/profile/mf-manifest.json`,
    });
  });

  it('answers only the remotes it names: promote writes the live ones, and each of those must load', () => {
    const { 'feed-mfe': feed, ...authAndProfile } = valid;
    expect(feed).toBeDefined();
    expect(parseRemoteLocations(authAndProfile)).toEqual({
      'auth-mfe': valid['auth-mfe'],
      'profile-mfe': `${window.location.origin}/profile/mf-manifest.json`,
    });
    expect(parseRemoteLocations({})).toEqual({});
  });

  it("resolves a relative URL against the file's own URL, not the page's", () => {
    window.history.pushState(null, '', '/profile/miraokafor');
    try {
      expect(parseRemoteLocations({ ...valid, 'feed-mfe': 'feed-mfe/v1/mf-manifest.json' })['feed-mfe']).toBe(
        `${window.location.origin}/feed-mfe/v1/mf-manifest.json`,
      );
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it.each([
    ['an array', [], 'remotes.json must be an object'],
    ['null', null, 'remotes.json must be an object'],
    ['a remote named without a URL', { ...valid, 'feed-mfe': null }, 'remotes.json has no URL for the remote feed-mfe'],
    ['a number for a URL', { ...valid, 'auth-mfe': 4001 }, 'remotes.json has no URL for the remote auth-mfe'],
    ['a script URL', { ...valid, 'profile-mfe': 'javascript:alert(1)' }, 'not an http(s) URL'],
    ['a URL that does not parse', { ...valid, 'feed-mfe': 'http://' }, 'which is not a URL'],
  ])('refuses %s with a message that names the file', (_label, value, message) => {
    expect(() => parseRemoteLocations(value)).toThrow(message);
  });
});
