import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createRemoteLoader, type DirectLoad } from './remoteLoader';

// The federation runtime is a library: this stands in for it, and tells whether the page evaluated it at all.
const runtime = vi.hoisted(() => ({
  evaluated: false,
  registered: [] as { entry: string; force: boolean }[],
  loaded: [] as string[],
  plugins: 0,
}));
vi.mock('@module-federation/runtime', () => {
  runtime.evaluated = true;
  return {
    init: vi.fn(),
    registerPlugins: (plugins: unknown[]) => {
      runtime.plugins += plugins.length;
    },
    registerRemotes: (remotes: { entry: string }[], options?: { force?: boolean }) => {
      for (const { entry } of remotes) runtime.registered.push({ entry, force: options?.force ?? false });
    },
    loadRemote: (id: string) => {
      runtime.loaded.push(id);
      return Promise.resolve({ from: 'runtime', id });
    },
  };
});

const feedManifest = 'https://feed.example/v1/mf-manifest.json';
const locations = () => Promise.resolve({ 'feed-mfe': feedManifest });

beforeEach(() => {
  runtime.registered = [];
  runtime.loaded = [];
});

describe('createRemoteLoader', () => {
  it('loads what `direct` answers without evaluating the federation runtime', async () => {
    const direct = vi.fn<DirectLoad>((_name, expose) => Promise.resolve({ from: 'direct', expose }));
    const load = createRemoteLoader(locations, { direct });
    await expect(load('feed-mfe/UserPostList')).resolves.toEqual({ from: 'direct', expose: './UserPostList' });
    expect(direct).toHaveBeenCalledWith('feed-mfe', './UserPostList', feedManifest);
    expect(runtime.evaluated).toBe(false);
  });

  it('hands what `direct` declines to the runtime, started once, under the federation name', async () => {
    const initRuntime = vi.fn();
    const load = createRemoteLoader(locations, {
      direct: () => Promise.resolve(undefined),
      initRuntime,
      plugins: [{ name: 'one' }],
    });
    await expect(load('feed-mfe/app')).resolves.toEqual({ from: 'runtime', id: 'feed_mfe/app' });
    await load('feed-mfe/preload');
    expect(runtime.evaluated).toBe(true);
    expect(initRuntime).toHaveBeenCalledTimes(1);
    expect(runtime.plugins).toBe(1);
    expect(runtime.loaded).toEqual(['feed_mfe/app', 'feed_mfe/preload']);
    expect(runtime.registered).toEqual([{ entry: feedManifest, force: false }]);
  });

  it('retries under a manifest URL of its own, directly or through the runtime', async () => {
    const asked: string[] = [];
    let declines = false;
    const load = createRemoteLoader(locations, {
      direct: (_name, _expose, manifestUrl) => {
        asked.push(manifestUrl);
        return Promise.resolve(declines ? undefined : {});
      },
    });
    await load('feed-mfe/app');
    await load('feed-mfe/app', { retry: true });
    expect(asked).toEqual([feedManifest, 'https://feed.example/_attempt/1/v1/mf-manifest.json']);
    declines = true;
    await load('feed-mfe/app');
    await load('feed-mfe/app', { retry: true });
    expect(runtime.registered).toEqual([
      { entry: 'https://feed.example/_attempt/1/v1/mf-manifest.json', force: false },
      { entry: 'https://feed.example/_attempt/2/v1/mf-manifest.json', force: true },
    ]);
  });

  it('moves a remote to its new location only at a mount, and says what it moved from', async () => {
    let location = feedManifest;
    const asked: string[] = [];
    const switched: [string, string, string][] = [];
    const load = createRemoteLoader(() => Promise.resolve({ 'feed-mfe': location }), {
      direct: (_name, expose, manifestUrl) => (asked.push(`${expose} ${manifestUrl}`), Promise.resolve({})),
      onSwitch: (...moved) => switched.push(moved),
    });
    const v2 = 'https://feed.example/v2/mf-manifest.json';
    await load('feed-mfe/app', { mount: true });
    location = v2;
    // Preloads, warm-ups and a consumer's loads while the remote may be on screen stay on the version it runs.
    await load('feed-mfe/preload');
    await load('feed-mfe/app');
    expect(switched).toEqual([]);
    await load('feed-mfe/app', { mount: true });
    await load('feed-mfe/preload');
    expect(asked).toEqual([
      `./app ${feedManifest}`,
      `./preload ${feedManifest}`,
      `./app ${feedManifest}`,
      `./app ${v2}`,
      `./preload ${v2}`,
    ]);
    expect(switched).toEqual([['feed-mfe', feedManifest, v2]]);
    // A later mount of the same location moves nothing.
    await load('feed-mfe/app', { mount: true });
    expect(switched).toHaveLength(1);
  });

  it('fails, naming the source, for a remote the locations do not name', async () => {
    const load = createRemoteLoader(() => Promise.resolve({}), { source: 'remotes.json' });
    await expect(load('feed-mfe/app')).rejects.toThrow('remotes.json has no URL for the remote feed-mfe');
  });
});
