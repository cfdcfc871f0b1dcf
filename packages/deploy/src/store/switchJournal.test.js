// @ts-check
import { describe, expect, it } from 'vitest';
import { expectRefusedNamingFile, notAnyStoreFile, readFrom } from '../../test-support/codecCases.js';
import { parseSwitchJournal, serializeSwitchJournal } from './switchJournal.js';

/** @type {import('./switchJournal.js').Switch} */
const change = {
  app: 'feed-mfe',
  version: '0123456789ab-abcdef0',
  writes: [
    {
      file: 'shell/remotes.json',
      content: '{\n  "feed-mfe": "https://feed.example.org/mf-manifest.json"\n}\n',
      before: '"9b2cf535f27731c974343645a3985328"',
    },
    { file: 'feed-mfe/live.json', content: '{}\n', before: null },
    // As a journal written before switches recorded the version each file was read at.
    { file: 'feed-mfe/index.html', content: '<!doctype html>\n' },
  ],
};

describe('the journal of a pointer switch (.switch.json)', () => {
  it('reads back what it writes, on one line', () => {
    const text = serializeSwitchJournal(change);
    expect(text.trimEnd()).not.toContain('\n');
    expect(parseSwitchJournal(text, readFrom)).toEqual(change);
  });

  it('refuses what is not one, naming the file', () => {
    expectRefusedNamingFile(parseSwitchJournal, [
      ...notAnyStoreFile,
      JSON.stringify({ ...change, writes: [{ file: 'shell/remotes.json' }] }),
      JSON.stringify({ ...change, writes: [{ file: 'shell/remotes.json', content: '{}', before: 1 }] }),
      JSON.stringify({ ...change, app: 1 }),
      JSON.stringify({ ...change, extra: true }),
    ]);
  });
});
