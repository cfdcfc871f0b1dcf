// @ts-check
import { createReadStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { loggedNetworkOf } from '../telemetry/clientNetwork.js';
import { asideTimeOf, currentLogName, hourOf, pruneLogFiles, reportRetention, sizeOf } from '../telemetry/reportLog.js';
import { reportSchema } from '../telemetry/reportSchema.js';

/** @typedef {import('./figures.js').NetworkReport & { received: string }} LoggedReport */

/**
 * The report log's files that may hold reports received at `since` (ms) or later, newest first: the embedded
 * server's current file, each file it set aside that was set aside at `since` or later (one set aside before holds
 * older reports only), and each hour nginx wrote that ends at `since` or later (edge/nginx/reportCollection.js).
 * @param {string} folder the report folder (telemetry/reportLog.js)
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
  return names
    .flatMap((name) => {
      if (name === currentLogName) return [{ name, end: Infinity, n: 0 }];
      const aside = asideTimeOf(name);
      if (aside) return [{ name, end: aside.at, n: aside.n }];
      const hour = hourOf(name);
      return hour ? [{ name, end: hour.to, n: 0 }] : [];
    })
    .filter((file) => file.end >= since)
    .sort((a, b) => b.end - a.end || b.n - a.n)
    .map((file) => join(folder, file.name));
}

/**
 * The reports of the log received at `since` or later, read a line at a time (a big log is never held whole), newest
 * file first. A line that is not a report as an edge writes it is skipped: cut short by a crash, its text not a report
 * that fits reportSchema.js (nginx logs what it is sent: the job is the judge), or without the client's network.
 * @param {string} folder the report folder (telemetry/reportLog.js)
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
    try {
      for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
        const entry = parseEntry(line);
        if (entry && Date.parse(entry.received) >= since) yield entry;
      }
    } catch {
      // A file that cannot be read (a folder by its name, say) is left out: the others still count.
    } finally {
      stream.destroy();
    }
  }
}

/**
 * Removes the files nginx wrote (one an hour) that the health job no longer reads: those whose hour ended before
 * `keepMs` ago (no health window reaches back that far), then the oldest others until those kept fit in `maxBytes`
 * (the hour being written too, past that: the disk before the figures). nginx opens its file at each line, so a file
 * removed is begun again at the next report. The embedded server bounds its own files (telemetry/reportLog.js).
 * Answers the names removed.
 * @param {string} folder the report folder
 * @param {{ keepMs?: number; maxBytes?: number; now?: number }} [limits]
 */
export function pruneHourFiles(
  folder,
  { keepMs = reportRetention.keepMs, maxBytes = reportRetention.maxBytes, now = Date.now() } = {},
) {
  /** @type {string[]} */
  let names;
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const hours = names
    .flatMap((name) => {
      const hour = hourOf(name);
      return hour ? [{ name, end: hour.to, size: sizeOf(folder, name) }] : [];
    })
    .sort((a, b) => b.end - a.end);
  return pruneLogFiles(folder, hours, { keepMs, maxBytes, now });
}

/**
 * A line as either edge writes it (telemetry/reportLog.js's `LogLine`), its report checked against the schema; or as
 * the embedded server wrote it before, the report's fields beside `received` and `network`.
 * @param {string} line
 * @returns {LoggedReport | null}
 */
function parseEntry(line) {
  /** @type {unknown} */
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof entry !== 'object' || entry === null) return null;
  const { received, network, report, ...fields } = /** @type {Record<string, unknown>} */ (entry);
  if (typeof received !== 'string' || typeof network !== 'string') return null;
  /** @type {unknown} */
  let sent = fields;
  if (typeof report === 'string') {
    try {
      sent = JSON.parse(report);
    } catch {
      return null;
    }
  } else if (report !== undefined) return null;
  const parsed = reportSchema.safeParse(sent);
  return parsed.success ? { received, network: loggedNetworkOf(network), ...parsed.data } : null;
}
