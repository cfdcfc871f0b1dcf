// @ts-check
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { isS3Location } from '../store/backends/s3Location.js';
import { maxWindowMinutes } from '../store/healthSetting.js';
import { reportFolder } from '../store/storePaths.js';

/** The file reports are appended to; the others in the folder are set aside (`asideTimeOf`). */
export const currentLogName = 'reports.jsonl';

/** A log set aside: `reports-<ms>-<n>.jsonl`, every report in it received before `<ms>`. */
const asidePattern = /^reports-(\d+)-(\d+)\.jsonl$/;

/** A file nginx writes (edge/nginx/reportCollection.js): `reports-<date>T<hour><offset>.jsonl`, the reports of that hour. */
const hourPattern = /^reports-(\d{4}-\d\d-\d\d)T(\d\d)([+-]\d\d)(\d\d)\.jsonl$/;

/**
 * How long the report log keeps a file, and how many bytes it keeps in all, by default: as long as the longest health
 * window, and 256 MiB. Both edges' files are bounded by them (this module for the embedded server's, the health job
 * for nginx's: health/reportFiles.js).
 */
export const reportRetention = { keepMs: maxWindowMinutes * 60_000, maxBytes: 256 * 1024 * 1024 };

/**
 * The file of the report folder that keeps when the log was last cut short for its size, `{"before": <ms>}`: reports
 * received before then may be gone (`logCutOf`).
 */
export const cutMarkName = 'reports-cut.json';

/**
 * Removes from `folder` the files of the log that are past its retention: those that end before `keepMs` ago, then,
 * newest first, each one past `maxBytes` of those kept (of which `reservedBytes` are taken already: a file still being
 * written). A file removed for the size alone may hold reports a health window still reads, so when it ends after the
 * last cut, its end is kept as the log's cut (`cutMarkName`): a flood of reports can push older ones out of the log,
 * never out of a window without the health job knowing. Answers the names removed.
 * @param {string} folder
 * @param {{ name: string; end: number; size: number }[]} files newest first; `end`: when its last report came, at most
 * @param {{ keepMs: number; maxBytes: number; now: number; reservedBytes?: number }} limits
 */
export function pruneLogFiles(folder, files, { keepMs, maxBytes, now, reservedBytes = 0 }) {
  /** @type {string[]} */
  const removed = [];
  let kept = reservedBytes;
  let cut = logCutOf(folder) ?? -Infinity;
  for (const file of files) {
    kept += file.size;
    const aged = file.end < now - keepMs;
    if (aged || kept > maxBytes) {
      // Marked before the file goes: a job reading meanwhile finds the window cut, not merely short of reports.
      if (!aged && file.end > cut) {
        cut = file.end;
        writeFileSync(join(folder, cutMarkName), `${JSON.stringify({ before: cut })}\n`);
      }
      rmSync(join(folder, file.name), { force: true });
      removed.push(file.name);
    }
  }
  return removed;
}

/**
 * Until when the log of `folder` was last cut short for its size (ms): reports received before may have been removed
 * before their time (`pruneLogFiles`); null where it never was, or its mark cannot be read.
 * @param {string} folder
 */
export function logCutOf(folder) {
  try {
    const { before } = JSON.parse(readFileSync(join(folder, cutMarkName), 'utf8'));
    return typeof before === 'number' && Number.isFinite(before) ? before : null;
  } catch {
    return null;
  }
}

/** The size of a file of `folder`, 0 where it is gone. @param {string} folder @param {string} name */
export function sizeOf(folder, name) {
  return statSync(join(folder, name), { throwIfNoEntry: false })?.size ?? 0;
}

/**
 * The environment variable naming the folder of the report log, where the edges write the pages' reports and the
 * canary health job reads them: by default `<store>/telemetry/` for a store in a folder; a store on S3 has none
 * unless it is set (`--report-log <folder>` sets it for one command).
 */
export const reportLogVariable = 'MURMUR_REPORT_LOG';

/**
 * One line of the report log, as both edges write it: when the report came (ISO 8601), the client's network (an IPv4
 * address, an IPv6 /64; clientNetwork.js) and the report as the page sent it, as text. The canary health job checks
 * the text against reportSchema.js when it reads the line (health/reportFiles.js): nginx writes what it is sent.
 * @typedef {{ received: string; network: string; report: string }} LogLine
 */

/**
 * The reports the embedded server has accepted, one JSON line each (`LogLine`), in `reports.jsonl` of the report
 * folder, by default `<store>/telemetry/` (never served: the store serves only its apps' folders). Before a line would
 * take the file past `rotateBytes`, the file is set aside under the time it was, `reports-<ms>-<n>.jsonl` (n tells
 * apart two set aside in one millisecond), and a new one begun. The log is bounded: when a file is set aside (and at
 * the first report of the process) the files set aside before `keepMs` ago are removed, no health window reaching back
 * that far, and then the oldest others until those kept and a full current file fit in `maxBytes`.
 *
 * A report that cannot be written (a full disk, a folder it may not write, anything) is lost alone: `append` answers
 * false and the collector says so to the page. The first failure is logged, and the first write after failures with
 * how many were lost, never a line per report: a full disk under a flood would otherwise fill the server's log too.
 * @param {{ store: string; folder?: string; rotateBytes?: number; maxBytes?: number; keepMs?: number;
 *   now?: () => number; log?: (line: string) => void }} options `folder`: the report folder, if not the store's
 */
export function reportLog({
  store,
  folder = reportFolderOf(store),
  rotateBytes = 8 * 1024 * 1024,
  maxBytes = reportRetention.maxBytes,
  keepMs = reportRetention.keepMs,
  now = Date.now,
  log = console.error,
}) {
  const current = join(folder, currentLogName);
  let pruned = false;
  let lost = 0;
  let failing = false;

  const prune = () => {
    // Once a process, and at each rotation: a prune that fails is not retried at every report.
    pruned = true;
    const aside = readdirSync(folder)
      .flatMap((name) => {
        const at = asideTimeOf(name);
        return at ? [{ name, end: at.at, n: at.n, size: sizeOf(folder, name) }] : [];
      })
      .sort((a, b) => b.end - a.end || b.n - a.n);
    // The current file, up to a full one, is kept before any set aside.
    pruneLogFiles(folder, aside, { keepMs, maxBytes, now: now(), reservedBytes: rotateBytes });
  };

  return {
    folder,
    /** Reports lost to failed writes since the process began. */
    get lost() {
      return lost;
    },
    /**
     * Appends one entry as a line; false when it could not be written (the entry is then lost, nothing else).
     * @param {LogLine | Record<string, unknown>} entry
     */
    append(entry) {
      const line = `${JSON.stringify(entry)}\n`;
      try {
        mkdirSync(folder, { recursive: true });
        const size = statSync(current, { throwIfNoEntry: false })?.size ?? 0;
        if (size > 0 && size + Buffer.byteLength(line) > rotateBytes) {
          renameSync(current, asideName(folder, now()));
          prune();
        } else if (!pruned) prune();
        appendFileSync(current, line);
      } catch (error) {
        if (!failing) log(`store server: the report log cannot be written, reports are lost: ${describe(error)}`);
        failing = true;
        lost += 1;
        return false;
      }
      if (failing) log(`store server: the report log is written again (${lost} reports lost so far)`);
      failing = false;
      return true;
    },
  };
}

/**
 * When a file of the log was set aside, by its name, with its number in that millisecond; null for any other file.
 * @param {string} name
 */
export function asideTimeOf(name) {
  const match = asidePattern.exec(name);
  return match ? { at: Number(match[1]), n: Number(match[2]) } : null;
}

/**
 * The hour of a file nginx wrote, by its name, as the times it begins and ends (ms); null for any other file.
 * @param {string} name
 */
export function hourOf(name) {
  const match = hourPattern.exec(name);
  if (!match) return null;
  const from = Date.parse(`${match[1]}T${match[2]}:00:00${match[3]}:${match[4]}`);
  return Number.isNaN(from) ? null : { from, to: from + 60 * 60_000 };
}

/** The folder of a store's report log (read by health/reportFiles.js). @param {string} store a folder */
function reportFolderOf(store) {
  return join(store, reportFolder);
}

/**
 * The folder of the report log of the store at `location`: `MURMUR_REPORT_LOG` where it is set, else the store's own
 * for a store in a folder; null for a store on S3 without it (no edge collects its reports).
 * @param {string} location a folder or s3://bucket/prefix
 * @param {Record<string, string | undefined>} [env]
 */
export function reportFolderFor(location, env = process.env) {
  const named = env[reportLogVariable];
  if (named) return resolve(named);
  return isS3Location(location) ? null : reportFolderOf(location);
}

/** A name no file in `folder` has yet, for the log set aside at `time`. @param {string} folder @param {number} time */
function asideName(folder, time) {
  for (let n = 0; ; n += 1) {
    const name = join(folder, `reports-${time}-${n}.jsonl`);
    if (!existsSync(name)) return name;
  }
}

/** A failure as one line (a system error's message starts with its code). @param {unknown} error */
function describe(error) {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
}
