// @ts-check
import { describe, expect, it } from 'vitest';
import { expectRefusedNamingFile, notAnyStoreFile, readFrom } from '../../test-support/codecCases.js';
import { parseRemotesPointer, serializeRemotesPointer } from './remotesPointer.js';

const integrity = { 'https://feed.example.org/feed/abc/remoteEntry.js': `sha384-${'A'.repeat(64)}` };
const locations = {
  'feed-mfe': 'https://feed.example.org/feed/abc/mf-manifest.json',
  'profile-mfe': 'http://localhost:4002/def/mf-manifest.json',
};

describe('the remotes pointer (remotes.json)', () => {
  it('reads back what it writes, the text kept as it is to be sent', () => {
    const text = serializeRemotesPointer({ locations, integrity });
    expect(parseRemotesPointer(text, readFrom)).toEqual({
      json: text,
      content: { ...locations, integrity },
      locations,
      canaries: {},
      integrity,
      origins: ['https://feed.example.org', 'http://localhost:4002'],
    });
  });

  it("reads back a canary with its share, and names its origin among the remotes'", () => {
    const canaries = { 'feed-mfe': { manifest: 'https://canary.example.org/c/mf-manifest.json', percent: 5 } };
    const text = serializeRemotesPointer({ locations, canaries, integrity });
    const pointer = parseRemotesPointer(text, readFrom);
    expect(pointer.canaries).toEqual(canaries);
    expect(pointer.locations).toEqual(locations);
    expect(pointer.origins).toContain('https://canary.example.org');
  });

  it("names the shell's live version and the withdrawn versions apart from the remotes' locations", () => {
    const withdrawn = { 'feed-mfe': ['https://feed.example.org/feed/old/mf-manifest.json'] };
    const text = serializeRemotesPointer({ locations, integrity, shell: '0123456789ab', withdrawn });
    const pointer = parseRemotesPointer(text, readFrom);
    expect(pointer.locations).toEqual(locations);
    expect(pointer.content).toMatchObject({ shell: '0123456789ab', withdrawn });
    expect(pointer.origins).toEqual(['https://feed.example.org', 'http://localhost:4002']);
  });

  it('is written without integrity where none is given, and read so with none', () => {
    const text = serializeRemotesPointer({ locations });
    expect(JSON.parse(text)).toEqual(locations);
    expect(parseRemotesPointer(text, readFrom).integrity).toEqual({});
  });

  it('refuses what is not one, naming the file', () => {
    expectRefusedNamingFile(parseRemotesPointer, [
      ...notAnyStoreFile,
      '{ "feed-mfe": "/feed/mf-manifest.json" }',
      '{ "feed-mfe": "javascript:alert(1)" }',
      '{ "feed-mfe": 1 }',
      `{ "integrity": { "https://feed.example.org/a.js": "sha256-x" } }`,
      `{ "integrity": { "a.js": "sha384-${'A'.repeat(64)}" } }`,
      '{ "canaries": { "feed-mfe": { "manifest": "https://a.example/m.json", "percent": 100 } } }',
      '{ "canaries": { "feed-mfe": { "manifest": "javascript:alert(1)", "percent": 5 } } }',
      '{ "canaries": { "feed-mfe": { "manifest": "https://a.example/m.json" } } }',
      '{ "shell": "../../etc" }',
      '{ "withdrawn": { "feed-mfe": ["javascript:alert(1)"] } }',
    ]);
  });
});
