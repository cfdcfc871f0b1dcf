// @ts-check
import { describe, expect, it } from 'vitest';
import { expectRefusedNamingFile, notAnyStoreFile, readFrom } from '../../test-support/codecCases.js';
import { parseLiveState, serializeLiveState } from './liveState.js';

/** @type {import('./liveState.js').LiveState} */
const state = {
  version: '0123456789ab-abcdef0',
  previous: ['ba9876543210'],
  publicUrl: 'https://feed.example.org/feed/',
  canary: { version: 'aaaaaaaaaaaa-1234567', percent: 5 },
  autoRollback: {
    version: 'bbbbbbbbbbbb',
    at: '2020-01-01T00:00:00.000Z',
    canaryErrorRate: 12.5,
    stableErrorRate: null,
    canaryPageLoads: 80,
    stablePageLoads: 900,
    marginPoints: 5,
    windowMinutes: 60,
  },
};

describe("an app's live state (live.json)", () => {
  it('reads back what it writes, with every part and with none of the optional ones', () => {
    expect(parseLiveState(serializeLiveState(state), readFrom)).toEqual(state);
    const bare = { version: state.version, previous: [] };
    expect(parseLiveState(serializeLiveState(bare), readFrom)).toEqual(bare);
  });

  it('refuses what is not one, naming the file', () => {
    expectRefusedNamingFile(parseLiveState, [
      ...notAnyStoreFile,
      JSON.stringify({ ...state, version: '../..' }),
      JSON.stringify({ ...state, previous: ['../shell'] }),
      JSON.stringify({ ...state, publicUrl: 'https://feed.example.org/feed' }),
      JSON.stringify({ ...state, canary: { version: state.version, percent: 100 } }),
      JSON.stringify({ ...state, extra: true }),
    ]);
  });
});
