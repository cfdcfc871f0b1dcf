// @ts-check
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { appNames } from '@murmur/config/apps';
import { afterWriteStep } from './faults.js';
import { storeLayout } from './storePaths.js';
import { writeAtomically } from './writeAtomically.js';

/**
 * A promote or rollback changes up to three files (remotes.json, the app's live page, its live.json), and no rename
 * changes three files at once. So the switch is written down first, whole, in one file (the journal): once that
 * rename has happened the switch is decided, and whoever finds the journal (the next store command, or
 * `verify-store --repair`) writes its files again and removes it. A command killed at any point leaves the store as
 * before (no journal yet) or, once completed, as after; never between.
 */
const journalSchema = z.strictObject({
  app: z.string(),
  version: z.string(),
  writes: z.array(z.strictObject({ file: z.string(), content: z.string() })),
});

/** @typedef {z.infer<typeof journalSchema>} Switch */

/**
 * Makes a switch happen: journal, each file in order, then the journal removed.
 * @param {string} store
 * @param {Switch} change file paths relative to the store
 */
export function switchPointers(store, change) {
  const journal = storeLayout(store).switchJournal;
  writeAtomically(journal, `${JSON.stringify(change)}\n`);
  complete(store, change);
}

/**
 * The switch a command was killed in the middle of, if any.
 * @param {string} store
 * @returns {Switch | { problem: string } | null}
 */
export function interruptedSwitch(store) {
  /** @type {string} */
  let text;
  try {
    text = readFileSync(storeLayout(store).switchJournal, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
    throw error;
  }
  /** @type {unknown} */
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'the journal of a pointer switch is not JSON' };
  }
  const parsed = journalSchema.safeParse(json);
  if (!parsed.success) return { problem: 'the journal of a pointer switch is invalid' };
  const allowed = pointerFiles();
  const outside = parsed.data.writes.find(({ file }) => !allowed.has(file));
  if (outside) return { problem: `the journal of a pointer switch writes ${outside.file}, which is not a pointer` };
  return parsed.data;
}

/**
 * Completes a switch a killed command left, under the store's lock. A journal the store could not have written
 * (not JSON, or naming other files than pointers) is set aside, not followed.
 * @param {string} store
 * @returns {string | null} what it did, for the command to say
 */
export function completeInterruptedSwitch(store) {
  const found = interruptedSwitch(store);
  if (!found) return null;
  if ('problem' in found) {
    unlinkSync(storeLayout(store).switchJournal);
    return `removed ${storeLayout(store).switchJournal}: ${found.problem}`;
  }
  complete(store, found);
  return `completed an interrupted switch of ${found.app} to ${found.version}`;
}

/**
 * @param {string} store
 * @param {Switch} change
 */
function complete(store, change) {
  for (const { file, content } of change.writes) writeAtomically(join(store, file), content);
  unlinkSync(storeLayout(store).switchJournal);
  afterWriteStep();
}

/** The files a switch may write, relative to the store. */
function pointerFiles() {
  const layout = storeLayout('');
  return new Set([layout.remotesPointer, ...appNames.flatMap((app) => [layout.livePage(app), layout.liveState(app)])]);
}
