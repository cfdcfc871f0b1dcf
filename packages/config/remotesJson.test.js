// @ts-check
import { describe, expect, it } from 'vitest';
import { remoteNames } from './apps.js';
import { readRemotesJson, remotesJson, remotesJsonProblem, writeRemotesJson } from './remotesJson.js';

const feed = 'https://feed.example.org/feed/abc/mf-manifest.json';
const hash = `sha384-${'A'.repeat(64)}`;

describe('remotesJson', () => {
  it('points every remote at its local port by default', () => {
    const locations = JSON.parse(remotesJson({}));
    expect(locations).toMatchObject({
      'auth-mfe': 'http://localhost:4001/mf-manifest.json',
      'feed-mfe': 'http://localhost:4002/mf-manifest.json',
      'profile-mfe': 'http://localhost:4003/mf-manifest.json',
    });
    expect(Object.keys(locations)).toEqual(remoteNames);
  });

  it('takes a deployed location from the environment, one remote at a time', () => {
    const locations = JSON.parse(
      remotesJson({ MURMUR_FEED_MFE_MANIFEST_URL: 'https://cdn.example.org/feed/mf-manifest.json' }),
    );
    expect(locations['feed-mfe']).toBe('https://cdn.example.org/feed/mf-manifest.json');
    expect(locations['auth-mfe']).toBe('http://localhost:4001/mf-manifest.json');
  });
});

describe("remotes.json's codec", () => {
  it('reads back every section it writes', () => {
    const content = {
      locations: { 'feed-mfe': feed },
      canaries: { 'feed-mfe': { manifest: 'https://canary.example.org/c/mf-manifest.json', percent: 5 } },
      integrity: { 'https://feed.example.org/feed/abc/remoteEntry.js': hash },
      shell: '0123456789ab',
      withdrawn: { 'feed-mfe': ['https://feed.example.org/feed/old/mf-manifest.json'] },
    };
    expect(readRemotesJson(JSON.parse(writeRemotesJson(content)))).toEqual({ ...content, problems: [] });
  });

  it("resolves relative URLs against the file's own URL where it is given one, and refuses them where not", () => {
    const content = { 'feed-mfe': 'feed/mf-manifest.json', withdrawn: { 'feed-mfe': ['/old/mf-manifest.json'] } };
    const read = readRemotesJson(content, { base: 'https://example.org/shell/remotes.json' });
    expect(read.locations).toEqual({ 'feed-mfe': 'https://example.org/shell/feed/mf-manifest.json' });
    expect(read.withdrawn).toEqual({ 'feed-mfe': ['https://example.org/old/mf-manifest.json'] });
    expect(readRemotesJson(content).problems.map(({ path }) => path)).toEqual(['feed-mfe', 'withdrawn.feed-mfe.0']);
  });

  it.each([
    ['not an object', [], ''],
    ['a script URL', { 'feed-mfe': 'javascript:alert(1)' }, 'feed-mfe'],
    ['a number for a URL', { 'feed-mfe': 1 }, 'feed-mfe'],
    [
      'a hash of another kind',
      { integrity: { 'https://feed.example.org/a.js': 'sha256-x' } },
      'integrity.https://feed.example.org/a.js',
    ],
    ['an integrity of no URL', { integrity: { 'a.js': hash } }, 'integrity.a.js'],
    [
      'a share of everyone',
      { canaries: { 'feed-mfe': { manifest: feed, percent: 100 } } },
      'canaries.feed-mfe.percent',
    ],
    ['a canary with no share', { canaries: { 'feed-mfe': { manifest: feed } } }, 'canaries.feed-mfe.percent'],
    [
      'a canary of a script',
      { canaries: { 'feed-mfe': { manifest: 'javascript:1', percent: 5 } } },
      'canaries.feed-mfe.manifest',
    ],
    [
      'a canary with more',
      { canaries: { 'feed-mfe': { manifest: feed, percent: 5, to: 'all' } } },
      'canaries.feed-mfe.to',
    ],
    ['a shell that is no version', { shell: '../../etc' }, 'shell'],
    ['a withdrawn script', { withdrawn: { 'feed-mfe': ['javascript:alert(1)'] } }, 'withdrawn.feed-mfe.0'],
    ['withdrawn versions not in a list', { withdrawn: { 'feed-mfe': feed } }, 'withdrawn.feed-mfe'],
  ])('names %s by its path, and leaves it out', (_label, content, path) => {
    const read = readRemotesJson(content);
    expect(read.problems.map((problem) => problem.path)).toEqual([path]);
    expect(read).toMatchObject({ locations: {}, canaries: {}, integrity: {}, withdrawn: {} });
    expect(read.shell).toBeUndefined();
  });

  it('says what is wrong naming the file, where it is and why', () => {
    const [problem] = readRemotesJson({ 'feed-mfe': 1 }).problems;
    expect(problem && remotesJsonProblem('shell/remotes.json', problem)).toBe(
      'shell/remotes.json is not a map of remote names to http(s) URLs: feed-mfe: not an http(s) URL',
    );
  });
});
