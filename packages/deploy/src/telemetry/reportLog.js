// @ts-check
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { isS3Location } from '../store/backends/s3Location.js';
import { maxWindowMinutes } from '../store/healthSetting.js';
import reportWriter from './reportWriter.js';

/**
 * The report log's limits, by default, both edges' (reportWriter.js's `LogLimits`): what one client network may write
 * in an hour, 256 KiB (a page load reports a few KiB, and a network counts for 3 page loads of an app in the health
 * figures: past that a client is sending reports, not loading pages);
 * what the log holds in all, 256 MiB; and how long it keeps an hour, as long as the longest health window.
 * @type {import('./reportWriter.js').LogLimits}
 */
export const reportLogLimits = {
  networkBytes: 256 * 1024,
  maxBytes: 256 * 1024 * 1024,
  keepMs: maxWindowMinutes * 60_000,
};

/** The file the embedded server once appended to, read still (health/reportFiles.js); nothing writes it now. */
export const currentLogName = 'reports.jsonl';

/** A file the embedded server once set aside: `reports-<ms>-<n>.jsonl`, every report in it received before `<ms>`. */
const asidePattern = /^reports-(\d+)-(\d+)\.jsonl$/;

/** A file nginx once wrote for an hour, `reports-<date>T<hour><offset>.jsonl`, read still; nothing writes it now. */
const hourPattern = /^reports-(\d{4}-\d\d-\d\d)T(\d\d)([+-]\d\d)(\d\d)\.jsonl$/;

/**
 * The environment variable naming the folder of the report log, where the edges write the pages' reports and the
 * canary health job reads them: by default, for a store in a folder, one of the user's state folder, outside the
 * store (`reportFolderFor`); a store on S3 has none unless it is set (`--report-log <folder>` sets it for one
 * command).
 */
export const reportLogVariable = 'MURMUR_REPORT_LOG';

/**
 * One line of the report log, as both edges write it (reportWriter.js): when the report came (ISO 8601), the client's
 * network (an IPv4 address, an IPv6 /64; clientNetwork.js) and the report as JSON text, checked by the edge before it
 * was written. The canary health job checks it again when it reads it (health/reportFiles.js).
 * @typedef {{ received: string; network: string; report: string }} LogLine
 */

/**
 * The reports the embedded server has accepted, written by reportWriter.js as nginx writes them, into the report
 * folder (`reportFolderFor`), within `limits` (`reportLogLimits` by default). `append` answers `written`, or why the
 * report was not kept: `network` (its network's share of the hour is spent), `full` (the log holds its `maxBytes`),
 * `lost` (the log could not be written: a full disk, a folder it may not write, anything; no part of its line is left).
 * A lost report is logged the first time, and the first write after with how many were lost, never a line per report:
 * a full disk under a flood would otherwise fill the server's log too.
 * @param {{ folder: string; limits?: Partial<import('./reportWriter.js').LogLimits>; now?: () => number;
 *   log?: (line: string) => void }} options
 */
export function reportLog({ folder, limits = {}, now = Date.now, log = console.error }) {
  const bounds = { ...reportLogLimits, ...limits };
  let lost = 0;
  let failing = false;
  return {
    folder,
    /** Reports lost to failed writes since the process began. */
    get lost() {
      return lost;
    },
    /**
     * Logs a report from `network`, as the JSON text of a report the collector checked.
     * @param {string} network
     * @param {string} report
     * @returns {'written' | 'network' | 'full' | 'lost'}
     */
    append(network, report) {
      /** @type {'written' | 'network' | 'full'} */
      let outcome;
      try {
        mkdirSync(folder, { recursive: true });
        outcome = reportWriter.appendReport(folder, { network, report, now: now(), limits: bounds });
      } catch (error) {
        if (!failing) log(`store server: the report log cannot be written, reports are lost: ${describe(error)}`);
        failing = true;
        lost += 1;
        return 'lost';
      }
      if (failing) log(`store server: the report log is written again (${lost} reports lost so far)`);
      failing = false;
      return outcome;
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

/**
 * The folder of the report log of the store at `location`: `MURMUR_REPORT_LOG` where it is set; for a store in a
 * folder, by default, a folder of its own in the user's state folder, never in the store's folder (a log cannot fill
 * the store's folder, nor a store's folder the log's): `$XDG_STATE_HOME/murmur/reports/<store>-<hash>/`, by default
 * under `~/.local/state`, `<store>` the store folder's name and `<hash>` the start of its real path's SHA-256; null for
 * a store on S3 without it (no edge collects its reports). The edges and the health job find the same folder from the
 * same store when the same user runs them.
 * @param {string} location a folder or s3://bucket/prefix
 * @param {Record<string, string | undefined>} [env] where MURMUR_REPORT_LOG is read
 */
export function reportFolderFor(location, env = process.env) {
  const named = env[reportLogVariable];
  if (named) return resolve(named);
  if (isS3Location(location)) return null;
  const real = existsSync(location) ? realpathSync(location) : resolve(location);
  // The state folder is the user's, whatever environment the store's settings come from.
  const state = process.env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 12);
  return join(resolve(state), 'murmur', 'reports', `${basename(real) || 'store'}-${hash}`);
}

/** A failure as one line (a system error's message starts with its code). @param {unknown} error */
function describe(error) {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
}
