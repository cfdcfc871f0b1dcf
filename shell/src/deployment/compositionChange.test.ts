import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteLocations } from '../federation/remoteLocations';

const feed = (version: string) => `https://cdn.example/feed-mfe/${version}/mf-manifest.json`;
const auth = 'https://cdn.example/auth-mfe/3a0c51e0f2b4/mf-manifest.json';

/** A version's manifest as a store holds it: its shares, and the hash of its contract its build wrote in. */
function release(version: string, { react = '19.3.1', exposes = 'sha256-one' } = {}) {
  const manifest = { shared: [{ name: 'react', version: react }], murmurContract: { exposes, uses: null } };
  return { [feed(version)]: JSON.stringify(manifest) };
}

/** The network: these files, and a 404 for anything else. */
function serve(files: Record<string, string>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const text = files[String(input)];
      return text === undefined ? new Response('not found', { status: 404 }) : new Response(text);
    }),
  );
}

/** What a tab running `running` and the shell `shell` does about remotes.json's content `pointer`. */
async function change(pointer: Record<string, unknown>, running: RemoteLocations, shell = '0123456789ab') {
  // Fresh modules: the network each reads is the one this test serves.
  const { compositionChange } = await import('./compositionChange');
  return compositionChange(pointer, running, shell);
}

describe('what an open tab does about a new remotes.json', () => {
  const v1 = 'e271352ed4e3';
  const v2 = '9b1f0d77c2aa';
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('moves nothing while remotes.json names what the tab runs, however its URLs are written', async () => {
    serve({});
    const written = {
      'feed-mfe': feed(v1).replace('https://cdn.example/', 'https://cdn.example:443/'),
      'auth-mfe': auth,
    };
    expect(await change({ ...written, shell: '0123456789ab' }, { 'feed-mfe': feed(v1), 'auth-mfe': auth })).toEqual({
      next: { 'feed-mfe': feed(v1), 'auth-mfe': auth },
      moved: [],
      newer: false,
      withdrawn: [],
    });
  });

  it('switches a remote whose new version shares the same modules and contract, at its next mount', async () => {
    serve({ ...release(v1), ...release(v2) });
    const result = await change({ 'feed-mfe': feed(v2), 'auth-mfe': auth }, { 'feed-mfe': feed(v1), 'auth-mfe': auth });
    expect(result).toEqual({
      next: { 'feed-mfe': feed(v2), 'auth-mfe': auth },
      moved: ['feed-mfe'],
      newer: false,
      withdrawn: [],
    });
  });

  it('keeps a remote whose new version changed its contract or a shared module, and asks for a reload', async () => {
    for (const changed of [{ exposes: 'sha256-another' }, { react: '19.4.0' }]) {
      vi.resetModules();
      serve({ ...release(v1), ...release(v2, changed) });
      const result = await change({ 'feed-mfe': feed(v2) }, { 'feed-mfe': feed(v1) });
      expect(result, JSON.stringify(changed)).toEqual({
        next: { 'feed-mfe': feed(v1) },
        moved: [],
        newer: true,
        withdrawn: [],
      });
    }
  });

  it('keeps a remote whose new version is unreadable or names no contract, and asks for a reload', async () => {
    serve(release(v1));
    expect(await change({ 'feed-mfe': feed(v2) }, { 'feed-mfe': feed(v1) })).toMatchObject({ moved: [], newer: true });
    vi.resetModules();
    serve({ ...release(v1), [feed(v2)]: JSON.stringify({ shared: [{ name: 'react', version: '19.3.1' }] }) });
    expect(await change({ 'feed-mfe': feed(v2) }, { 'feed-mfe': feed(v1) })).toMatchObject({ moved: [], newer: true });
  });

  it('asks for a reload when another shell went live', async () => {
    serve({});
    const result = await change({ 'feed-mfe': feed(v1), shell: 'aaaaaaaaaaaa' }, { 'feed-mfe': feed(v1) });
    expect(result).toMatchObject({ moved: [], newer: true });
  });

  it('names a remote whose running version was withdrawn, and switches it back where it can', async () => {
    serve({ ...release(v1), ...release(v2) });
    const pointer = { 'feed-mfe': feed(v1), withdrawn: { 'feed-mfe': [feed(v2)] } };
    expect(await change(pointer, { 'feed-mfe': feed(v2) })).toEqual({
      next: { 'feed-mfe': feed(v1) },
      moved: ['feed-mfe'],
      newer: false,
      withdrawn: ['feed-mfe'],
    });
  });

  it('takes a remote that went live for the first time', async () => {
    serve({});
    expect(await change({ 'feed-mfe': feed(v1), 'auth-mfe': auth }, { 'feed-mfe': feed(v1) })).toMatchObject({
      next: { 'feed-mfe': feed(v1), 'auth-mfe': auth },
      moved: ['auth-mfe'],
      newer: false,
    });
  });
});
