// @ts-check
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { wroteStep } from './writeSteps.js';

/** Temporary files of atomic writes end so; a store command that finds one left behind removes it. */
export const temporarySuffix = '.tmp';

/**
 * Replaces a file whole: readers see the old content or the new, never half of either (rename is atomic within a
 * file system). The content is flushed to disk before the rename, so a power cut cannot leave an empty file behind.
 * @param {string} file
 * @param {string} content
 * @param {() => void} [beforeRename] called right before the rename, with nothing of this process in between; the
 *   temporary file is removed, and the file left as it is, when it throws
 */
export function writeAtomically(file, content, beforeRename = () => {}) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}${temporarySuffix}`;
  writeFileSync(temporary, content, { flush: true });
  wroteStep(temporary);
  try {
    beforeRename();
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  renameSync(temporary, file);
  wroteStep(file);
}
