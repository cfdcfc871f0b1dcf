// @ts-check
// Both edges write the report log with this module: the embedded server imports it (reportLog.js) and nginx runs it
// with njs 0.7.9 (`js_content`, edge/nginx/reportCollection.js). So it is written in what njs 0.7.9 runs: no
// destructuring, spread, optional chaining, `??`, `for…of` or classes, a default export only, and only the `fs`
// functions njs has (no truncation: `undo` uses it where there is one).
/* eslint-disable @typescript-eslint/no-unused-vars -- njs 0.7.9 parses no catch without a binding */
import fs from 'fs';

/**
 * The report log, one folder an hour (UTC), `reports-2026-11-27T11+0000/`, and in it one file for each client network
 * that reported that hour, `<network>.jsonl` (an IPv4 address, an IPv6 /48: `countedNetworkOf`), one line a report,
 * and `tally`, one byte for each KiB (rounded up) of the lines written that hour. What one network may write is its
 * own file's size, so no network's lines ever take the place of another's:
 * - a line that would take its network's file past `networkBytes` in the hour is refused (`network`);
 * - a line that would take the tallies of all the hours kept past `maxBytes` is refused (`full`): nothing is removed to
 *   make room, so the log holds at most `maxBytes`, with no job needed to keep it there;
 * - the first line of an hour removes the hours that ended more than `keepMs` ago (no health window reaches them).
 * A line is written whole or not at all: written with one write, and undone where the write fails part-way; where it
 * cannot be undone (njs cannot truncate), the next line to that file first cuts the file back to its last whole line.
 * @typedef {{ networkBytes: number; maxBytes: number; keepMs: number }} LogLimits
 */

const hourFolderPattern = /^reports-(\d{4}-\d\d-\d\d)T(\d\d)\+0000$/;
const tallyName = 'tally';
const lineFilePattern = /\.jsonl$/;

/** What each edge answers a page whose report it does not keep, and why (both edges say the same). */
const refusals = {
  notReport: 'the report does not fit the schema (packages/deploy/src/telemetry)',
  network: "this network's share of the report log is spent for this hour; send fewer",
  full: 'the report log is full; the report is not kept',
  lost: 'the report could not be stored',
};

/** The folder of the hour `time` (ms) falls in, by UTC. @param {number} time */
function hourFolderName(time) {
  return 'reports-' + new Date(time).toISOString().slice(0, 13) + '+0000';
}

/**
 * The hour an hour folder holds, as the times it begins and ends (ms); null for any other name.
 * @param {string} name
 * @returns {{ from: number; to: number } | null}
 */
function hourOfFolder(name) {
  const match = hourFolderPattern.exec(name);
  if (!match) return null;
  const from = Date.parse(String(match[1]) + 'T' + String(match[2]) + ':00:00Z');
  return isNaN(from) ? null : { from: from, to: from + 60 * 60000 };
}

/** Whether a name in an hour folder is a network's file of lines. @param {string} name */
function isLineFile(name) {
  return lineFilePattern.test(name);
}

/**
 * The network a logged network counts as (clientNetwork.js's `networkOf` form in): an IPv4 address as it is; an IPv6
 * /64 as its /48, `2001:db8:1::/48` (its three first groups); anything else as it is.
 * @param {string} network
 */
function countedNetworkOf(network) {
  const groups = /^([\da-f]{1,4}):([\da-f]{1,4}):([\da-f]{1,4}):[\da-f]{1,4}::\/64$/.exec(network);
  return groups ? groups[1] + ':' + groups[2] + ':' + groups[3] + '::/48' : network;
}

/** The file of a network in an hour folder: its counted network, `:` as `_`, `/` as `-`, any other sign as `~`. */
function networkFileName(/** @type {string} */ network) {
  const name = countedNetworkOf(network).replace(/[^0-9A-Za-z.]/g, function (sign) {
    return sign === ':' ? '_' : sign === '/' ? '-' : '~';
  });
  return name + '.jsonl';
}

/** A file's size, 0 where there is none. @param {string} path */
function sizeOf(path) {
  try {
    return fs.statSync(path).size;
  } catch (error) {
    return 0;
  }
}

/** The KiB a line counts for in the tally. @param {number} bytes */
function kibOf(bytes) {
  return Math.ceil(bytes / 1024);
}

/** The bytes of the log by its tallies, over every hour folder in `folder`. @param {string} folder */
function loggedBytes(folder) {
  const names = fs.readdirSync(folder);
  let kib = 0;
  for (let index = 0; index < names.length; index += 1) {
    const name = String(names[index]);
    if (hourFolderPattern.test(name)) kib += sizeOf(folder + '/' + name + '/' + tallyName);
  }
  return kib * 1024;
}

/**
 * Removes the hour folders of `folder` that ended before `before` (ms), each file in them and then the folder.
 * @param {string} folder
 * @param {number} before
 */
function removeHoursBefore(folder, before) {
  const names = fs.readdirSync(folder);
  for (let index = 0; index < names.length; index += 1) {
    const name = String(names[index]);
    const hour = hourOfFolder(name);
    if (!hour || hour.to >= before) continue;
    const path = folder + '/' + name;
    const files = fs.readdirSync(path);
    for (let file = 0; file < files.length; file += 1) fs.unlinkSync(path + '/' + files[file]);
    fs.rmdirSync(path);
  }
}

/**
 * Cuts a file back to its last whole line, where a write failed part-way and could not be undone: the lines kept are
 * written to a file beside it, which then takes its name.
 * @param {string} file
 */
function cutToLastLine(file) {
  const size = sizeOf(file);
  if (size === 0 || lastByteOf(file, size) === 10) return;
  const text = fs.readFileSync(file, 'utf8');
  const kept = file + '.kept';
  fs.writeFileSync(kept, text.slice(0, text.lastIndexOf('\n') + 1));
  fs.renameSync(kept, file);
}

/** The last byte of a file of `size` bytes. @param {string} file @param {number} size */
function lastByteOf(file, size) {
  const fd = fs.openSync(file, 'r');
  try {
    const last = Buffer.alloc(1);
    fs.readSync(fd, last, 0, 1, size - 1);
    return last[0];
  } finally {
    fs.closeSync(fd);
  }
}

/** Takes an open file back to `size` bytes where the platform can (node can, njs cannot). */
function undo(/** @type {number} */ fd, /** @type {number} */ size) {
  try {
    if (typeof fs.ftruncateSync === 'function') fs.ftruncateSync(fd, size);
  } catch (error) {
    // Left to the next line's `cutToLastLine`.
  }
}

/**
 * Appends `line` to `file` whole, or throws having written none of it (see `undo`).
 * @param {string} file
 * @param {string} line
 */
function appendWhole(file, line) {
  cutToLastLine(file);
  const fd = fs.openSync(file, 'a');
  try {
    const size = fs.fstatSync(fd).size;
    /** @type {number} */
    let written;
    try {
      written = fs.writeSync(fd, line);
    } catch (error) {
      undo(fd, size);
      throw error;
    }
    if (written !== Buffer.byteLength(line)) {
      undo(fd, size);
      throw new Error('a write to ' + file + ' was cut short');
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Logs a report the edge has checked (`isReport`), from `network` at `now`, into the log in `folder` (which must
 * exist), within `limits`: `written`, or why it was not kept (`network`, `full`: see `LogLimits`). Throws where the log
 * cannot be written (a full disk, a folder it may not write), having written no part of a line.
 * @param {string} folder
 * @param {{ network: string; report: string; now: number; limits: LogLimits }} entry `report`: the report as JSON text
 * @returns {'written' | 'network' | 'full'}
 */
function appendReport(folder, entry) {
  const line =
    JSON.stringify({ received: new Date(entry.now).toISOString(), network: entry.network, report: entry.report }) +
    '\n';
  const bytes = Buffer.byteLength(line);
  const hour = folder + '/' + hourFolderName(entry.now);
  const file = hour + '/' + networkFileName(entry.network);
  if (sizeOf(file) + bytes > entry.limits.networkBytes) return 'network';
  if (loggedBytes(folder) + kibOf(bytes) * 1024 > entry.limits.maxBytes) return 'full';
  try {
    fs.mkdirSync(hour);
    removeHoursBefore(folder, entry.now - entry.limits.keepMs);
  } catch (error) {
    if (/** @type {{ code?: string }} */ (error).code !== 'EEXIST') throw error;
  }
  // The tally first: a line it counts and that then fails is room lost, never room taken past the limit.
  fs.appendFileSync(hour + '/' + tallyName, 'k'.repeat(kibOf(bytes)));
  appendWhole(file, line);
  return 'written';
}

/**
 * Whether `value` is a report by the schema's rules (reportSchema.js's `reportRules`, its patterns as source text):
 * what reportSchema.js's `reportSchema` accepts, which a test holds it to.
 * @param {unknown} value
 * @param {typeof import('@murmur/reports').reportRules} rules
 */
function isReport(value, rules) {
  if (!isRecord(value) || !hasKeys(value, ['page', 'events'], [])) return false;
  if (!matches(rules.page, value.page)) return false;
  const events = value.events;
  if (!Array.isArray(events) || events.length < 1 || events.length > rules.maxEvents) return false;
  for (let index = 0; index < events.length; index += 1) if (!isEvent(events[index], rules)) return false;
  return true;
}

/** @param {unknown} event @param {typeof import('@murmur/reports').reportRules} rules */
function isEvent(event, rules) {
  if (!isRecord(event)) return false;
  if (!isOneOf(rules.apps, event.app)) return false;
  if (!matches(rules.version, event.version)) return false;
  const common = ['type', 'app', 'version'];
  if (event.type === 'load')
    return (
      hasKeys(event, common.concat(['phase', 'ms']), []) &&
      isOneOf(rules.phases, event.phase) &&
      isWithin(event.ms, rules.maxMs)
    );
  if (event.type === 'error')
    return (
      hasKeys(event, common.concat(['kind', 'name']), ['script']) &&
      isOneOf(rules.kinds, event.kind) &&
      matches(rules.errorName, event.name) &&
      (!Object.prototype.hasOwnProperty.call(event, 'script') || matches(rules.script, event.script))
    );
  if (event.type === 'vital')
    return (
      hasKeys(event, common.concat(['name', 'value']), []) &&
      isOneOf(rules.vitals, event.name) &&
      isWithin(event.value, rules.maxVital)
    );
  return false;
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `record` has each of `required`, and no key but those and `optional`. */
function hasKeys(
  /** @type {Record<string, unknown>} */ record,
  /** @type {string[]} */ required,
  /** @type {string[]} */ optional,
) {
  for (let index = 0; index < required.length; index += 1)
    if (!Object.prototype.hasOwnProperty.call(record, String(required[index]))) return false;
  const keys = Object.keys(record);
  for (let index = 0; index < keys.length; index += 1) {
    const key = String(keys[index]);
    if (required.indexOf(key) < 0 && optional.indexOf(key) < 0) return false;
  }
  return true;
}

/** The rules' patterns compiled, by their source: a report has up to a few hundred strings to check. */
/** @type {Record<string, RegExp>} */
const compiled = {};

/** @param {string} pattern @param {unknown} value */
function matches(pattern, value) {
  if (typeof value !== 'string') return false;
  if (!Object.prototype.hasOwnProperty.call(compiled, pattern)) compiled[pattern] = new RegExp(pattern);
  return /** @type {RegExp} */ (compiled[pattern]).test(value);
}

/** @param {readonly string[]} values @param {unknown} value */
function isOneOf(values, value) {
  return typeof value === 'string' && values.indexOf(value) >= 0;
}

/** @param {unknown} value @param {number} max */
function isWithin(value, max) {
  return typeof value === 'number' && isFinite(value) && value >= 0 && value <= max;
}

/**
 * nginx's handler of a report (`js_content`), once nginx has refused what it refuses itself (reportCollection.js):
 * checks the body against the rules, and logs it as `appendReport` does. Its settings are the location's variables:
 * `$murmur_report_rules` (reportRules as JSON, in base64), `$murmur_report_folder`, `$murmur_report_network` (the
 * client's network) and the limits, `$murmur_report_network_bytes`, `$murmur_report_max_bytes`,
 * `$murmur_report_keep_ms`. Answers 204 for a report logged, 400 for what is not a report, 429 past the network's
 * share, 503 where the log is full or cannot be written; each report lost to the log is a line in the error log.
 * @param {{ requestText?: string; variables: Record<string, string | undefined>;
 *   return: (status: number, body?: string) => void; error: (text: string) => void; warn: (text: string) => void }} r
 */
function collect(r) {
  const variables = r.variables;
  const rules = JSON.parse(Buffer.from(String(variables.murmur_report_rules), 'base64').toString());
  /** @type {unknown} */
  let report;
  try {
    report = JSON.parse(String(r.requestText));
  } catch (error) {
    report = undefined;
  }
  if (!isReport(report, rules)) return r.return(400, refusals.notReport + '\n');
  const limits = {
    networkBytes: Number(variables.murmur_report_network_bytes),
    maxBytes: Number(variables.murmur_report_max_bytes),
    keepMs: Number(variables.murmur_report_keep_ms),
  };
  /** @type {string} */
  let outcome;
  try {
    outcome = appendReport(String(variables.murmur_report_folder), {
      network: String(variables.murmur_report_network),
      report: JSON.stringify(report),
      now: Date.now(),
      limits: limits,
    });
  } catch (error) {
    r.error('murmur: a report was lost, the report log cannot be written: ' + String(error));
    return r.return(503, refusals.lost + '\n');
  }
  if (outcome === 'network') return r.return(429, refusals.network + '\n');
  if (outcome === 'full') {
    r.warn('murmur: a report was refused, the report log holds its ' + limits.maxBytes + ' bytes');
    return r.return(503, refusals.full + '\n');
  }
  r.return(204);
}

export default {
  appendReport: appendReport,
  collect: collect,
  countedNetworkOf: countedNetworkOf,
  hourFolderName: hourFolderName,
  hourOfFolder: hourOfFolder,
  isLineFile: isLineFile,
  isReport: isReport,
  refusals: refusals,
};
