// @ts-check
import { appendFileSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The folder of a store that holds its report log: part of the store, never served, never released. */
export const reportFolder = 'telemetry';

/**
 * The reports a store has accepted, one JSON line each, in `<store>/telemetry/reports.jsonl` (never served: the
 * store serves only its apps' folders). A file that has grown past `rotateBytes` is set aside under the time it was,
 * `reports-<ms>-<n>.jsonl` (n tells apart two set aside in one millisecond), and a new one begun.
 * @param {{ store: string; rotateBytes?: number }} options
 */
export function reportLog({ store, rotateBytes = 8 * 1024 * 1024 }) {
  const folder = reportFolderOf(store);
  const current = join(folder, 'reports.jsonl');
  return {
    folder,
    /** @param {unknown} entry */
    append(entry) {
      mkdirSync(folder, { recursive: true });
      const size = statSync(current, { throwIfNoEntry: false })?.size ?? 0;
      if (size >= rotateBytes) renameSync(current, asideName(folder));
      appendFileSync(current, `${JSON.stringify(entry)}\n`);
    },
  };
}

/** The folder of a store's report log (read by health/reportFiles.js). @param {string} store a folder */
export function reportFolderOf(store) {
  return join(store, reportFolder);
}

/** A name no file in `folder` has yet, for the log set aside now. @param {string} folder */
function asideName(folder) {
  const time = Date.now();
  for (let n = 0; ; n += 1) {
    const name = join(folder, `reports-${time}-${n}.jsonl`);
    if (!existsSync(name)) return name;
  }
}
