// @ts-check
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Replaces a file whole: readers see the old content or the new, never half of either (rename is atomic within a
 * file system).
 * @param {string} file
 * @param {string} content
 */
export function writeAtomically(file, content) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}
