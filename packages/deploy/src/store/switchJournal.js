// @ts-check
import { z } from 'zod';
import { parseJsonFile } from './jsonFile.js';

/**
 * `.switch.json`, the journal of a pointer switch (switches/pointerSwitch.js): the app and version switched to, and
 * every file the switch writes, in order, with its whole content (null: the switch removes it, as `retire` removes a
 * remote's pointers) and, as `before`, the file's version (the backend's: an S3 ETag, a folder file's hash; null for
 * none) when the switch was computed from it. Written once before the switch's first pointer, removed after its last.
 * A journal written before switches recorded `before` has none.
 */
const switchJournalSchema = z.strictObject({
  app: z.string(),
  version: z.string(),
  writes: z.array(
    z.strictObject({ file: z.string(), content: z.string().nullable(), before: z.string().nullable().optional() }),
  ),
});

/** @typedef {z.infer<typeof switchJournalSchema>} Switch */

/**
 * @param {string} text
 * @param {string} file where it was read, for the message
 * @returns {Switch}
 * @throws {Error} naming the file when it is not JSON or not a switch
 */
export function parseSwitchJournal(text, file) {
  return parseJsonFile(text, file, switchJournalSchema);
}

/**
 * On one line: the journal holds whole pages, and is read only by the store's commands.
 * @param {Switch} change
 */
export function serializeSwitchJournal(change) {
  return `${JSON.stringify(change)}\n`;
}
