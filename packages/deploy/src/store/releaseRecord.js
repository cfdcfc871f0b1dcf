// @ts-check
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { integrityPattern } from '@murmur/config/integrity';
import { z } from 'zod';
import { composedFiles } from './composedFiles.js';
import { filesUnder } from './contentHash.js';

/**
 * The record a release keeps of its own files, inside its folder (a dotfile: never served). Written once before the
 * folder goes live and never changed, like the rest of the folder: each file's SHA-384 in the form browsers check
 * (Subresource Integrity); which files the store derived from the build (the precompressed variants), so that
 * the build's own files can be hashed again into the version's name; and, of a build with a federation manifest,
 * which files a composed page may load.
 */
export const recordName = '.release.json';

const recordSchema = z.strictObject({
  files: z.record(z.string(), z.string().regex(integrityPattern)),
  precompressed: z.array(z.string()),
  /** Of a remote's files, those a composed page may load (composedFiles.js); not in records written before it. */
  composed: z.array(z.string()).optional(),
});

/** @typedef {z.infer<typeof recordSchema>} ReleaseRecord */

/** @param {Buffer} bytes */
export function integrityOf(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * Hashes every file of a release folder and writes its record.
 * @param {string} dir
 * @param {string[]} precompressed the files the store wrote beside the build's
 */
export function writeReleaseRecord(dir, precompressed) {
  /** @type {Record<string, string>} */
  const files = {};
  for (const file of filesUnder(dir)) {
    if (file !== recordName) files[file] = integrityOf(readFileSync(join(dir, file)));
  }
  const composed = composedFiles(dir);
  /** @type {ReleaseRecord} */
  const record = { files, precompressed, ...(composed ? { composed } : {}) };
  writeFileSync(join(dir, recordName), serializeReleaseRecord(record));
}

/** @param {ReleaseRecord} record */
export function serializeReleaseRecord(record) {
  return `${JSON.stringify(record, null, 2)}\n`;
}

/**
 * A release's record, checked: the one parse of the file. A problem rather than a throw, naming the file, since
 * every reader says it among a release's other problems (switches/verify.js, page/pageIntegrity.js).
 * @param {string | null} text the record's content, null when the release has none
 * @returns {{ record: ReleaseRecord } | { problem: string }}
 */
export function parseReleaseRecord(text) {
  if (text === null) return { problem: `it has no ${recordName}` };
  /** @type {unknown} */
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: `its ${recordName} is not JSON` };
  }
  const parsed = recordSchema.safeParse(json);
  return parsed.success ? { record: parsed.data } : { problem: `its ${recordName} is invalid` };
}
