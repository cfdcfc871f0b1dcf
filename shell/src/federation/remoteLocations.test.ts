import { describe, expect, it } from 'vitest';
import { parseRemoteLocations, readRemotes } from './remoteLocations';

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
    ['an array', [], 'the top: not an object'],
    ['null', null, 'the top: not an object'],
    ['a remote named without a URL', { ...valid, 'feed-mfe': null }, 'feed-mfe: not an http(s) URL'],
    ['a number for a URL', { ...valid, 'auth-mfe': 4001 }, 'auth-mfe: not an http(s) URL'],
    ['a script URL', { ...valid, 'profile-mfe': 'javascript:alert(1)' }, 'profile-mfe: not an http(s) URL'],
    ['a URL that does not parse', { ...valid, 'feed-mfe': 'http://' }, 'feed-mfe: not an http(s) URL'],
  ])('refuses %s with a message that names the file', (_label, value, message) => {
    expect(() => parseRemoteLocations(value)).toThrow(
      `remotes.json is not a map of remote names to http(s) URLs: ${message}`,
    );
  });

  it('loads without a part of it that is broken but no live remote needs: a canary, a name it does not load', () => {
    const broken = {
      ...valid,
      'old-mfe': 'javascript:alert(1)',
      canaries: { 'feed-mfe': { manifest: 'https://cdn.example/feed/c/mf-manifest.json', percent: 100 } },
    };
    expect(parseRemoteLocations(broken)).toEqual(parseRemoteLocations(valid));
    expect(readRemotes(broken).canaries).toEqual({});
  });
});
