// @ts-check
import { describe, expect, it } from 'vitest';
import {
  overrideSources,
  overridesAsked,
  overridesOff,
  parseOverrideSetting,
  parseOverrideSettingFile,
  refusalOfOverrideManifest,
  refusalOfOverrideUrl,
  serializeOverrideSetting,
} from './overrides.js';

const on = { enabled: true, localhost: true, prefixes: ['https://dev.example.org/~mira/'] };
const prefixOnly = { ...on, localhost: false };

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
  it('reads a setting, each prefix normalised', () => {
    expect(
      parseOverrideSetting({ enabled: true, localhost: true, prefixes: ['https://DEV.example.org:443/~mira/'] }),
    ).toEqual(on);
    expect(parseOverrideSetting({ enabled: false })).toEqual(overridesOff);
  });

  it('reads a setting from before prefixes as each origin, with this machine', () => {
    expect(parseOverrideSetting({ enabled: true, origins: ['https://dev.example.org'] })).toEqual({
      enabled: true,
      localhost: true,
      prefixes: ['https://dev.example.org/'],
    });
  });

  it('refuses anything else', () => {
    expect(() => parseOverrideSetting({ enabled: 'yes' })).toThrow(/enabled/);
    expect(() => parseOverrideSetting({ enabled: true, localhost: 'yes' })).toThrow(/localhost/);
    for (const prefix of [
      'https://dev.example.org/~mira',
      'https://dev.example.org/?a=/',
      'https://me:pw@dev.example.org/',
      'ftp://dev.example.org/',
      "https://dev.example.org/a;b'/",
      'https://dev.example.org/a%2f/',
    ])
      expect(() => parseOverrideSetting({ enabled: true, prefixes: [prefix] }), prefix).toThrow(/not a URL prefix/);
    expect(() => parseOverrideSetting([])).toThrow(/object/);
  });
});

describe("the setting's file (overrides.json)", () => {
  const file = 'stores/sample/shell/overrides.json';

  it('reads back what it writes', () => {
    for (const setting of [on, prefixOnly, overridesOff])
      expect(parseOverrideSettingFile(serializeOverrideSetting(setting), file)).toEqual(setting);
  });

  it('refuses what is not JSON or not a setting, naming the file', () => {
    for (const text of ['', '{', 'null', '[]', '{}', '{ "enabled": "yes" }', '{ "enabled": true, "prefixes": "x" }'])
      expect(() => parseOverrideSettingFile(text, file), text).toThrow(file);
  });
});

describe('overrideSources', () => {
  it('adds this machine where allowed and each prefix, only where overrides are on', () => {
    expect(overrideSources(overridesOff)).toEqual([]);
    const sources = overrideSources(on);
    expect(sources).toContain('http://localhost:*');
    expect(sources).toContain('ws://127.0.0.1:*');
    expect(sources).toContain('https://dev.example.org/~mira/');
    expect(overrideSources(prefixOnly)).toEqual(['https://dev.example.org/~mira/']);
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
  it('allows this machine on any port where the setting says so, and URLs under a prefix', () => {
    expect(refusalOfOverrideUrl('http://localhost:4031/mf-manifest.json', on)).toBeNull();
    expect(refusalOfOverrideUrl('https://127.0.0.1/mf-manifest.json', on)).toBeNull();
    expect(refusalOfOverrideUrl('https://dev.example.org/~mira/feed/mf-manifest.json', on)).toBeNull();
    expect(refusalOfOverrideUrl('https://dev.example.org/~mira/mf-manifest.json', prefixOnly)).toBeNull();
  });

  it('refuses this machine where the setting leaves it out', () => {
    expect(refusalOfOverrideUrl('http://localhost:4031/mf-manifest.json', prefixOnly)).toBe(
      'http://localhost:4031/mf-manifest.json is not allowed: only https://dev.example.org/~mira/ are',
    );
  });

  it("refuses another path of a prefix's host, one that climbs out of it, or hides a separator", () => {
    for (const url of [
      'https://dev.example.org/~bob/mf-manifest.json',
      'https://dev.example.org/~mira/../~bob/mf-manifest.json',
      'https://dev.example.org/~mira',
      'https://dev.example.org:8443/~mira/mf-manifest.json',
    ])
      expect(refusalOfOverrideUrl(url, on), url).toMatch(/is not allowed: only localhost and 127\.0\.0\.1/);
    expect(refusalOfOverrideUrl('https://dev.example.org/~mira/..%2f~bob/mf-manifest.json', on)).toMatch(
      /hides \/, \\ or \. in an escape/,
    );
  });

  it('refuses where overrides are off, other hosts, other schemes and credentials', () => {
    expect(refusalOfOverrideUrl('http://localhost:4031/mf-manifest.json', overridesOff)).toMatch(/off/);
    expect(refusalOfOverrideUrl('http://evil.example:4031/mf-manifest.json', on)).toMatch(
      /^http:\/\/evil\.example:4031\/mf-manifest\.json is not allowed/,
    );
    expect(refusalOfOverrideUrl('javascript:alert(1)', on)).toMatch(/not http\(s\)/);
    expect(refusalOfOverrideUrl('http://me:secret@localhost:4031/mf-manifest.json', on)).toMatch(/credentials/);
    expect(refusalOfOverrideUrl('not a url', on)).toMatch(/not a URL/);
  });
});

/** Where the manifests below are read from. */
const where = { url: 'http://localhost:4002/_build/mf-manifest.json', setting: on };

describe('refusalOfOverrideManifest', () => {
  it('accepts a build that fits the live shell, wherever it serves its chunks from', () => {
    expect(refusalOfOverrideManifest('feed-mfe', feedManifest(), shell, where)).toBeNull();
  });

  it('refuses as a promotion would: another name, a module missing, a singleton the shell lacks', () => {
    expect(refusalOfOverrideManifest('feed-mfe', feedManifest({ name: 'profile_mfe' }), shell, where)).toMatch(
      /federation name is profile_mfe/,
    );
    expect(refusalOfOverrideManifest('feed-mfe', feedManifest({ exposes: [{ path: './app' }] }), shell, where)).toMatch(
      /does not expose \.\/UserPostList/,
    );
    const react20 = [{ name: 'react', version: '20.0.0', singleton: true, requiredVersion: '^20.0.0' }];
    expect(refusalOfOverrideManifest('feed-mfe', feedManifest({ shared: react20 }), shell, where)).toBe(
      'it needs react ^20.0.0, the live shell provides 19.3.1',
    );
    const devRuntime = [{ name: 'react/jsx-dev-runtime', version: '19.3.1', singleton: true }];
    expect(refusalOfOverrideManifest('feed-mfe', feedManifest({ shared: devRuntime }), shell, where)).toMatch(
      /react\/jsx-dev-runtime, which the live shell does not provide/,
    );
    expect(refusalOfOverrideManifest('feed-mfe', { hello: 'world' }, shell, where)).toMatch(
      /not a federation manifest/,
    );
  });

  it("accepts a dev server's manifest against a development shell, without the sub-paths its plugin adds", () => {
    const singleton = (/** @type {string} */ name) => ({
      name,
      version: '19.3.1',
      singleton: true,
      requiredVersion: '^19.3.1',
    });
    const devServer = feedManifest({
      shared: ['react', 'react/jsx-dev-runtime', 'react/compiler-runtime', 'react-dom', 'react-dom/profiling'].map(
        singleton,
      ),
    });
    const developmentShell = { ...shell, shared: ['react', 'react/jsx-dev-runtime', 'react-dom'].map(singleton) };
    expect(refusalOfOverrideManifest('feed-mfe', devServer, developmentShell, where)).toBeNull();
    // The production shell shares no development JSX runtime: refused, as before.
    const productionShell = { ...shell, shared: ['react', 'react/jsx-runtime', 'react-dom'].map(singleton) };
    expect(refusalOfOverrideManifest('feed-mfe', devServer, productionShell, where)).toMatch(
      /react\/jsx-dev-runtime, which the live shell does not provide/,
    );
    // Only a dev server's: a build that needs the compiler's runtime is refused where the shell lacks it.
    const build = feedManifest({ shared: ['react', 'react/compiler-runtime'].map(singleton) });
    expect(refusalOfOverrideManifest('feed-mfe', build, developmentShell, where)).toMatch(
      /react\/compiler-runtime, which the live shell does not provide/,
    );
  });

  it('refuses a build whose files are served from an address the setting does not allow', () => {
    const elsewhere = feedManifest({ metaData: { publicPath: 'https://dev.example.org/~bob/' } });
    const underPrefix = { url: 'https://dev.example.org/~mira/mf-manifest.json', setting: on };
    expect(refusalOfOverrideManifest('feed-mfe', elsewhere, shell, underPrefix)).toMatch(
      /^its files are served from https:\/\/dev\.example\.org\/~bob\/: .* is not allowed/,
    );
    const relative = feedManifest({ metaData: { publicPath: './' } });
    expect(refusalOfOverrideManifest('feed-mfe', relative, shell, underPrefix)).toBeNull();
    expect(
      refusalOfOverrideManifest('feed-mfe', feedManifest({ metaData: { publicPath: 'auto' } }), shell, underPrefix),
    ).toBeNull();
  });
});
