// @ts-check
import { createReadStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { asideTimeOf, currentLogName } from '../telemetry/reportLog.js';

/** @typedef {import('./figures.js').NetworkReport & { received: string }} LoggedReport */

/**
 * The report log's files that may hold reports received at `since` (ms) or later, newest first: the current file,
 * then each file set aside, by when it was, down to the first one set aside before `since` (all of it older), which
 * is left out with every one before it.
 * @param {string} folder the store's `telemetry/` folder
 * @param {number} since
 */
export function logFilesSince(folder, since) {
  /** @type {string[]} */
  let names;
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const aside = names
    .flatMap((name) => {
      const at = asideTimeOf(name);
      return at ? [{ name, ...at }] : [];
    })
    .sort((a, b) => b.at - a.at || b.n - a.n);
  const recent = [];
  for (const file of aside) {
    if (file.at < since) break;
    recent.push(file.name);
  }
  return [...(names.includes(currentLogName) ? [currentLogName] : []), ...recent].map((name) => join(folder, name));
}

/**
 * The reports of the log received at `since` or later, read a line at a time (a big log is never held whole), newest
 * file first. A line that is not a report as the collector writes it (cut short by a crash, say) is skipped, and so
 * is one without the client's network (written before the collector kept it): figures.js could not bound it.
 * @param {string} folder the store's `telemetry/` folder
 * @param {number} since ms
 * @returns {AsyncGenerator<LoggedReport>}
 */
export async function* reportsSince(folder, since) {
  for (const file of logFilesSince(folder, since)) {
    const stream = createReadStream(file, { encoding: 'utf8' });
    // A file set aside between the listing and the read is read under its new name on the next pass.
    const opened = await new Promise((resolve) => {
      stream.once('open', () => resolve(true));
      stream.once('error', () => resolve(false));
    });
    if (!opened) continue;
    for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
      const entry = parseEntry(line);
      if (entry && Date.parse(entry.received) >= since) yield entry;
    }
  }
}

/**
 * @param {string} line
 * @returns {LoggedReport | null}
 */
function parseEntry(line) {
  try {
    const entry = JSON.parse(line);
    return typeof entry?.received === 'string' &&
      typeof entry.network === 'string' &&
      typeof entry.page === 'string' &&
      Array.isArray(entry.events)
      ? entry
      : null;
  } catch {
    return null;
  }
}
