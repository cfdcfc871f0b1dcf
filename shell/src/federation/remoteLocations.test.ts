import { describe, expect, it } from 'vitest';
import { parseRemoteLocations } from './remoteLocations';

const valid = {
  murmur_auth: 'http://localhost:4001/mf-manifest.json',
  murmur_feed: 'https://cdn.example/feed/mf-manifest.json',
  murmur_profile: '/profile/mf-manifest.json',
};

describe('remotes.json', () => {
  it('answers every remote as an absolute URL', () => {
    expect(parseRemoteLocations(valid)).toEqual({
      ...valid,
      murmur_profile: `${window.location.origin}/profile/mf-manifest.json`,
    });
  });

  it('answers only the remotes it names: promote writes the live ones, and each of those must load', () => {
    const { murmur_feed, ...authAndProfile } = valid;
    expect(murmur_feed).toBeDefined();
    expect(parseRemoteLocations(authAndProfile)).toEqual({
      murmur_auth: valid.murmur_auth,
      murmur_profile: `${window.location.origin}/profile/mf-manifest.json`,
    });
    expect(parseRemoteLocations({})).toEqual({});
  });

  it("resolves a relative URL against the file's own URL, not the page's", () => {
    window.history.pushState(null, '', '/profile/miraokafor');
    try {
      expect(parseRemoteLocations({ ...valid, murmur_feed: 'feed-mfe/v1/mf-manifest.json' }).murmur_feed).toBe(
        `${window.location.origin}/feed-mfe/v1/mf-manifest.json`,
      );
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it.each([
    ['an array', [], 'remotes.json must be an object'],
    ['null', null, 'remotes.json must be an object'],
    [
      'a remote named without a URL',
      { ...valid, murmur_feed: null },
      'remotes.json has no URL for the remote murmur_feed',
    ],
    ['a number for a URL', { ...valid, murmur_auth: 4001 }, 'remotes.json has no URL for the remote murmur_auth'],
    ['a script URL', { ...valid, murmur_profile: 'javascript:alert(1)' }, 'not an http(s) URL'],
    ['a URL that does not parse', { ...valid, murmur_feed: 'http://' }, 'which is not a URL'],
  ])('refuses %s with a message that names the file', (_label, value, message) => {
    expect(() => parseRemoteLocations(value)).toThrow(message);
  });
});
