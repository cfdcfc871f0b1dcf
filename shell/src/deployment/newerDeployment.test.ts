import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What the store answers: remotes.json now (`pointer`), and the shell's live page. */
function serve(pointer: () => Record<string, string>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), window.location.href);
      if (url.pathname === '/remotes.json') return Response.json(pointer());
      if (url.pathname === '/') return new Response('<!doctype html><title>Murmur</title>');
      return new Response('not found', { status: 404 });
    }),
  );
}

/** A page that loaded with `atLoad` as remotes.json, asking after a navigation what the store answers now. */
async function newerAfterLoad(atLoad: Record<string, string>, now: Record<string, string>): Promise<boolean> {
  let pointer = atLoad;
  serve(() => pointer);
  // A fresh module: the page's read of remotes.json is cached for its lifetime.
  const { readRemoteLocations } = await import('../federation/remoteLocations');
  await readRemoteLocations();
  pointer = now;
  const { newerDeployment } = await import('./newerDeployment');
  return newerDeployment();
}

// As an operator or a CDN may write them: a relative URL, a default port spelled out.
const written = {
  'auth-mfe': 'auth-mfe/3a0c51e0f2b4-9a712f8/mf-manifest.json',
  'feed-mfe': 'http://cdn.example:80/feed-mfe/e271352ed4e3-9a712f8/mf-manifest.json',
  'profile-mfe': 'https://cdn.example:443/profile-mfe/9b1f0d77c2aa-9a712f8/mf-manifest.json',
};

describe('whether a newer deployment went live', () => {
  beforeEach(() => {
    vi.resetModules();
    window.history.pushState(null, '', '/profile/miraokafor');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.pushState(null, '', '/');
  });

  it('answers no while remotes.json names what the page loaded, however its URLs are written', async () => {
    expect(await newerAfterLoad(written, { ...written })).toBe(false);
  });

  it('answers yes once a remote points at another version', async () => {
    const moved = { ...written, 'auth-mfe': 'auth-mfe/0b7d2c9e1a44-9a712f8/mf-manifest.json' };
    expect(await newerAfterLoad(written, moved)).toBe(true);
  });

  it('answers yes once a remote goes live for the first time', async () => {
    const { 'profile-mfe': profile, ...withoutProfile } = written;
    expect(await newerAfterLoad(withoutProfile, { ...withoutProfile, 'profile-mfe': profile })).toBe(true);
  });
});
