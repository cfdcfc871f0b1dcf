// @ts-check
import { describe, expect, it } from 'vitest';
import { expectRefusedNamingFile, notAnyStoreFile, readFrom } from '../test-support/codecCases.js';
import { parseCanaryPointer, serializeCanaryPointer } from './canaryPointer.js';

/** @type {import('./canaryPointer.js').CanaryPointer} */
const pointer = {
  'feed-mfe': {
    version: '0123456789ab-abcdef0',
    percent: 5,
    manifest: 'https://feed.example.org/feed/0123456789ab-abcdef0/mf-manifest.json',
    integrity: { 'https://feed.example.org/feed/0123456789ab-abcdef0/remoteEntry.js': `sha384-${'B'.repeat(64)}` },
  },
};

describe('the canary pointer (remotes.canary.json)', () => {
  it('reads back what it writes, with no canary as with one', () => {
    expect(parseCanaryPointer(serializeCanaryPointer(pointer), readFrom)).toEqual(pointer);
    expect(parseCanaryPointer(serializeCanaryPointer({}), readFrom)).toEqual({});
  });

  it('refuses what is not one, naming the file', () => {
    const entry = /** @type {NonNullable<typeof pointer['feed-mfe']>} */ (pointer['feed-mfe']);
    expectRefusedNamingFile(parseCanaryPointer, [
      ...notAnyStoreFile,
      JSON.stringify({ 'feed-mfe': { ...entry, percent: 100 } }),
      JSON.stringify({ 'feed-mfe': { ...entry, manifest: 'file:///etc/passwd' } }),
      JSON.stringify({ 'feed-mfe': { ...entry, integrity: { [entry.manifest]: 'sha384-short' } } }),
      JSON.stringify({ 'feed-mfe': { ...entry, extra: true } }),
    ]);
  });
});
