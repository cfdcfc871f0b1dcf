// @ts-check
import { describe, expect, it } from 'vitest';
import { notAnyStoreFile } from '../../test-support/codecCases.js';
import { integrityOf, parseReleaseRecord, recordName, serializeReleaseRecord } from './releaseRecord.js';

/** @type {import('./releaseRecord.js').ReleaseRecord} */
const record = {
  files: { 'index.html': integrityOf(Buffer.from('<!doctype html>')), 'remoteEntry.js': integrityOf(Buffer.from('')) },
  precompressed: ['index.html.gz'],
  composed: ['remoteEntry.js'],
};

describe("a release's record (.release.json)", () => {
  it('reads back what it writes, with and without the composed files', () => {
    expect(parseReleaseRecord(serializeReleaseRecord(record))).toEqual({ record });
    const older = { files: record.files, precompressed: record.precompressed };
    expect(parseReleaseRecord(serializeReleaseRecord(older))).toEqual({ record: older });
  });

  it('gives a problem naming the file where it is missing, not JSON or not a record', () => {
    expect(parseReleaseRecord(null)).toEqual({ problem: `it has no ${recordName}` });
    const malformed = [
      ...notAnyStoreFile,
      JSON.stringify({ ...record, files: { 'index.html': 'sha256-x' } }),
      JSON.stringify({ ...record, precompressed: 'index.html.gz' }),
      JSON.stringify({ ...record, extra: true }),
    ];
    for (const text of malformed) {
      const read = parseReleaseRecord(text);
      expect('problem' in read && read.problem, JSON.stringify(text)).toContain(recordName);
    }
  });
});
