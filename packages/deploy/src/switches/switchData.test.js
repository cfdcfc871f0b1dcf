// @ts-check
import { describe, expect, it } from 'vitest';
import { publicUrlsForSwitch } from '../store/publicUrls.js';
import { checkFits, liveManifests } from './fitChecks.js';
import { liveSnapshot } from './liveSnapshot.js';
import { releaseKey } from './releaseData.js';
import { remotesJson } from './remotesJson.js';

/** @typedef {import('./releaseData.js').ReleaseData} ReleaseData */

// The checks and writers of a switch compute from what it read: here, data written by hand, with no store.
const stable = 'aaaaaaaaaaaa-1111111';
const canary = 'bbbbbbbbbbbb-2222222';
const hash = `sha384-${'A'.repeat(64)}`;

const manifest = {
  name: 'feed_mfe',
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  shared: [],
  exposes: [{ path: './app' }],
};
/** @type {ReleaseData} */
const feedRelease = {
  held: true,
  manifestText: JSON.stringify(manifest),
  manifest: { manifest },
  record: { record: { files: { 'remoteEntry.js': hash, 'mf-manifest.json': hash }, precompressed: [] } },
  contracts: { exposes: null, uses: null },
  hasPage: false,
};
const state = (/** @type {string} */ version) => `${JSON.stringify({ version, previous: [] })}\n`;

describe("a switch's checks and writers, from data", () => {
  it('refuses a remote while no shell is live, naming the store', async () => {
    const live = liveSnapshot({ liveStates: {}, remotes: null });
    const releases = new Map([[releaseKey('feed-mfe', stable), feedRelease]]);
    await expect(checkFits({ location: '/stores/a', live, releases }, 'feed-mfe', stable)).rejects.toThrow(
      'no shell is live in /stores/a; promote the shell first',
    );
  });

  it("gives an app's live manifests, stable then canary, from its live state and its releases", () => {
    const live = liveSnapshot({
      liveStates: {
        'feed-mfe': JSON.stringify({ version: stable, previous: [], canary: { version: canary, percent: 5 } }),
      },
      remotes: null,
    });
    const releases = new Map([
      [releaseKey('feed-mfe', stable), feedRelease],
      [releaseKey('feed-mfe', canary), { ...feedRelease, manifest: { problem: 'it has no mf-manifest.json' } }],
    ]);
    expect(liveManifests({ live, releases }, 'feed-mfe')).toEqual([{ version: stable, manifest }]);
  });

  it('writes remotes.json of the states and records, and keeps each app where its live state says it is', () => {
    const live = liveSnapshot({
      liveStates: {
        'feed-mfe': JSON.stringify({ version: stable, previous: [], publicUrl: 'https://cdn.example.org/feed/' }),
        shell: state(stable),
      },
      remotes: null,
    });
    const folders = publicUrlsForSwitch(live, 'shell', {});
    expect(folders['feed-mfe']).toBe('https://cdn.example.org/feed/');
    expect(() =>
      publicUrlsForSwitch(live, 'shell', { MURMUR_FEED_MFE_PUBLIC_URL: 'https://elsewhere.example/' }),
    ).toThrow('would move feed-mfe');
    const recordOf = () =>
      /** @type {{ record: import('../store/releaseRecord.js').ReleaseRecord }} */ (feedRelease.record).record;
    const pointer = JSON.parse(remotesJson({ folders, stateOf: live.stateOf, recordOf }));
    expect(pointer).toEqual({
      'feed-mfe': `https://cdn.example.org/feed/${stable}/mf-manifest.json`,
      shell: stable,
      integrity: {
        [`https://cdn.example.org/feed/${stable}/remoteEntry.js`]: hash,
        [`https://cdn.example.org/feed/${stable}/mf-manifest.json`]: hash,
      },
    });
  });

  it('refuses a damaged live state where a check first needs it, naming the file', () => {
    const live = liveSnapshot({ liveStates: { shell: '{' }, remotes: null });
    expect(live.stateOf('feed-mfe')).toBeNull();
    expect(() => live.stateOf('shell')).toThrow('shell/live.json');
  });
});
