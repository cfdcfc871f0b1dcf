// @ts-check
import { createReadStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { loggedNetworkOf } from '../telemetry/clientNetwork.js';
import { asideTimeOf, currentLogName, hourOf } from '../telemetry/reportLog.js';
import reportWriter from '../telemetry/reportWriter.js';
import { reportSchema } from '@murmur/reports';

/** @typedef {import('./figures.js').NetworkReport & { received: string }} LoggedReport */

/**
 * The report log's files that may hold reports received at `since` (ms) or later, newest hour first: the network files
 * of each hour folder that ends at `since` or later (telemetry/reportWriter.js), by name within an hour; and the files
 * of the layouts before it, read still: the embedded server's `reports.jsonl`, each file it set aside at `since` or
 * later, and each hour file nginx wrote that ends at `since` or later.
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
      const hour = hourOf(name) ?? reportWriter.hourOfFolder(name);
      return hour ? [{ name, end: hour.to, n: 0 }] : [];
    })
    .filter((file) => file.end >= since)
    .sort((a, b) => b.end - a.end || b.n - a.n)
    .flatMap((file) =>
      reportWriter.hourOfFolder(file.name) ? networkFilesOf(join(folder, file.name)) : [join(folder, file.name)],
    );
}

/** The network files of an hour folder, by name; none where it cannot be read. @param {string} hour */
function networkFilesOf(hour) {
  try {
    return readdirSync(hour)
      .filter((name) => reportWriter.isLineFile(name))
      .sort()
      .map((name) => join(hour, name));
  } catch {
    return [];
  }
}

/**
 * The reports of the log received at `since` or later, read a line at a time (a big log is never held whole), newest
 * file first. A line that is not a report as an edge writes it is skipped: cut short by a crash, its text not a report
 * that fits reportSchema.js (both edges check it before they write it; the job checks again, and reads the files of
 * earlier layouts, where nginx logged what it was sent), or without the client's network.
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
