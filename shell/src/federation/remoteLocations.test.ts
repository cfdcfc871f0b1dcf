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

  it.each([
    ['an array', [], 'remotes.json must be an object'],
    ['null', null, 'remotes.json must be an object'],
    ['a remote missing', { ...valid, murmur_feed: undefined }, 'remotes.json has no URL for the remote murmur_feed'],
    ['a number for a URL', { ...valid, murmur_auth: 4001 }, 'remotes.json has no URL for the remote murmur_auth'],
    ['a script URL', { ...valid, murmur_profile: 'javascript:alert(1)' }, 'not an http(s) URL'],
    ['a URL that does not parse', { ...valid, murmur_feed: 'http://' }, 'which is not a URL'],
  ])('refuses %s with a message that names the file', (_label, value, message) => {
    expect(() => parseRemoteLocations(value)).toThrow(message);
  });
});
