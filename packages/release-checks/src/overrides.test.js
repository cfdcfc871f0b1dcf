// @ts-check
import { describe, expect, it } from 'vitest';
import {
  overrideSources,
  overridesAsked,
  overridesOff,
  parseOverrideSetting,
  refusalOfOverrideManifest,
  refusalOfOverrideUrl,
} from './overrides.js';

const on = { enabled: true, origins: ['https://dev.example.org'] };

/** @param {Record<string, unknown>} [changes] */
const feedManifest = (changes = {}) => ({
  name: 'feed_mfe',
  metaData: { publicPath: 'http://localhost:4002/' },
  shared: [{ name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' }],
  exposes: [{ path: './app' }, { path: './UserPostList' }],
  ...changes,
});
const shell = { name: 'shell', metaData: { publicPath: 'auto' }, shared: feedManifest().shared, exposes: [] };

describe('parseOverrideSetting', () => {
  it('reads a setting, each origin exact', () => {
    expect(parseOverrideSetting({ enabled: true, origins: ['https://dev.example.org'] })).toEqual(on);
    expect(parseOverrideSetting({ enabled: false })).toEqual(overridesOff);
  });

  it('refuses anything else', () => {
    expect(() => parseOverrideSetting({ enabled: 'yes' })).toThrow(/enabled/);
    expect(() => parseOverrideSetting({ enabled: true, origins: ['https://dev.example.org/path'] })).toThrow(
      /not an http\(s\) origin/,
    );
    expect(() => parseOverrideSetting({ enabled: true, origins: ['ftp://dev.example.org'] })).toThrow(/origin/);
    expect(() => parseOverrideSetting([])).toThrow(/object/);
  });
});

describe('overrideSources', () => {
  it('adds this machine and the listed origins only where overrides are on', () => {
    expect(overrideSources(overridesOff)).toEqual([]);
    const sources = overrideSources(on);
    expect(sources).toContain('http://localhost:*');
    expect(sources).toContain('ws://127.0.0.1:*');
    expect(sources).toContain('https://dev.example.org');
  });
});

describe('overridesAsked', () => {
  it('reads each remote=URL parameter, and off', () => {
    const search = '?override=feed-mfe=http://localhost:4031/mf-manifest.json?x=1&override=nobody=x&override=off';
    expect(overridesAsked(search)).toEqual({
      asked: { 'feed-mfe': 'http://localhost:4031/mf-manifest.json?x=1' },
      clear: true,
    });
    expect(overridesAsked('?other=1')).toEqual({ asked: {}, clear: false });
  });
});

describe('refusalOfOverrideUrl', () => {
  it('allows this machine on any port and the listed origins exactly', () => {
    expect(refusalOfOverrideUrl('http://localhost:4031/mf-manifest.json', on)).toBeNull();
    expect(refusalOfOverrideUrl('https://127.0.0.1/mf-manifest.json', on)).toBeNull();
    expect(refusalOfOverrideUrl('https://dev.example.org/feed/mf-manifest.json', on)).toBeNull();
  });

  it('refuses where overrides are off, other hosts, other schemes and credentials', () => {
    expect(refusalOfOverrideUrl('http://localhost:4031/mf-manifest.json', overridesOff)).toMatch(/off/);
    expect(refusalOfOverrideUrl('https://dev.example.org:8443/mf-manifest.json', on)).toMatch(/is not allowed/);
    expect(refusalOfOverrideUrl('http://evil.example:4031/mf-manifest.json', on)).toMatch(
      /^http:\/\/evil\.example:4031 is not allowed/,
    );
    expect(refusalOfOverrideUrl('javascript:alert(1)', on)).toMatch(/not http\(s\)/);
    expect(refusalOfOverrideUrl('http://me:secret@localhost:4031/mf-manifest.json', on)).toMatch(/credentials/);
    expect(refusalOfOverrideUrl('not a url', on)).toMatch(/not a URL/);
  });
});

describe('refusalOfOverrideManifest', () => {
  it('accepts a build that fits the live shell, wherever it serves its chunks from', () => {
    expect(refusalOfOverrideManifest('feed-mfe', feedManifest(), shell)).toBeNull();
  });

  it('refuses as a promotion would: another name, a module missing, a singleton the shell lacks', () => {
    expect(refusalOfOverrideManifest('feed-mfe', feedManifest({ name: 'profile_mfe' }), shell)).toMatch(
      /federation name is profile_mfe/,
    );
    expect(refusalOfOverrideManifest('feed-mfe', feedManifest({ exposes: [{ path: './app' }] }), shell)).toMatch(
      /does not expose \.\/UserPostList/,
    );
    const react20 = [{ name: 'react', version: '20.0.0', singleton: true, requiredVersion: '^20.0.0' }];
    expect(refusalOfOverrideManifest('feed-mfe', feedManifest({ shared: react20 }), shell)).toBe(
      'it needs react ^20.0.0, the live shell provides 19.3.1',
    );
    const devRuntime = [{ name: 'react/jsx-dev-runtime', version: '19.3.1', singleton: true }];
    expect(refusalOfOverrideManifest('feed-mfe', feedManifest({ shared: devRuntime }), shell)).toMatch(
      /react\/jsx-dev-runtime, which the live shell does not provide/,
    );
    expect(refusalOfOverrideManifest('feed-mfe', { hello: 'world' }, shell)).toMatch(/not a federation manifest/);
  });
});
