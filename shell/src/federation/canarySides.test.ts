import { afterEach, describe, expect, it, vi } from 'vitest';
import { cohortStorageName, inCanary, newCohortKey } from '@murmur/config/cohort';
import { canarySides } from './canarySides';
import { readRemotes } from './remoteLocations';

const base = 'http://localhost:4000/remotes.json';
const stable = {
  'auth-mfe': 'http://localhost:4001/aaaaaaaaaaaa/mf-manifest.json',
  'feed-mfe': 'http://localhost:4002/bbbbbbbbbbbb/mf-manifest.json',
};
const canaryManifest = 'http://localhost:4002/cccccccccccc/mf-manifest.json';
const withCanary = (percent: unknown, manifest = canaryManifest) =>
  readRemotes({ ...stable, canaries: { 'feed-mfe': { manifest, percent } } }, base).canaries;

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("a remote's canary", () => {
  it('is loaded by the browsers whose key its share holds, the stable version by the others', async () => {
    const sides = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      localStorage.clear();
      const chosen = await canarySides(withCanary(50), stable);
      const key = localStorage.getItem(cohortStorageName) ?? '';
      expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const onCanary = await inCanary(key, 'feed-mfe', 50);
      expect(chosen).toEqual({ ...stable, 'feed-mfe': onCanary ? canaryManifest : stable['feed-mfe'] });
      sides.add(onCanary ? 'canary' : 'stable');
    }
    expect([...sides].sort()).toEqual(['canary', 'stable']);
  });

  it('keeps a browser on its side across loads, with the key it made the first time', async () => {
    const first = await canarySides(withCanary(50), stable);
    const key = localStorage.getItem(cohortStorageName);
    for (let i = 0; i < 3; i += 1) expect(await canarySides(withCanary(50), stable)).toEqual(first);
    expect(localStorage.getItem(cohortStorageName)).toBe(key);
  });

  it('replaces a key the page could not have made', async () => {
    // Not base64url; and 22 such characters whose last carries bits 16 bytes do not have.
    for (const made of ['../../etc', 'AAAAAAAAAAAAAAAAAAAAAB']) {
      localStorage.setItem(cohortStorageName, made);
      await canarySides(withCanary(50), stable);
      const kept = localStorage.getItem(cohortStorageName);
      expect(kept).not.toBe(made);
      expect(kept).toMatch(/^[A-Za-z0-9_-]{21}[AQgw]$/);
    }
  });

  it('keeps every key the page makes', async () => {
    for (let made = 0; made < 200; made++) {
      const key = newCohortKey();
      localStorage.setItem(cohortStorageName, key);
      await canarySides(withCanary(50), stable);
      expect(localStorage.getItem(cohortStorageName)).toBe(key);
    }
  });

  it('leaves the stable versions where no canary can be taken: none, a malformed one, or no storage', async () => {
    expect(await canarySides({}, stable)).toEqual(stable);
    for (const percent of [0, 100, '50', null]) expect(await canarySides(withCanary(percent), stable)).toEqual(stable);
    expect(await canarySides(withCanary(99, 'javascript:alert(1)'), stable)).toEqual(stable);
    // A canary of a remote that has no stable version in remotes.json is not loaded either.
    const authOnly = { 'auth-mfe': stable['auth-mfe'] };
    expect(await canarySides(withCanary(99.9), authOnly)).toEqual(authOnly);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(await canarySides(withCanary(99.9), stable)).toEqual(stable);
  });
});
