// @ts-check
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedBytes, loggedLines } from '../../test-support/loggedLines.js';
import { pageLoadReport, postReport } from '../../test-support/reportSender.js';
import { startServerProcess } from '../../test-support/serverProcess.js';
import { promotedStore } from '../../test-support/testStore.js';
import { reportFolderFor, reportLog } from './reportLog.js';
import reportWriter from './reportWriter.js';
import { reportFolderOf } from '../../test-support/reportFolderOf.js';

const hour = 60 * 60_000;
const start = Date.parse('2026-11-25T12:00:00Z');
const folderOf = () => mkdtempSync(join(tmpdir(), 'murmur-report-log-'));
/** A report's text of about `bytes` bytes. @param {number} n @param {number} [bytes] */
const text = (n, bytes = 100) => JSON.stringify({ n, padding: 'x'.repeat(bytes) });
/** The file of 127.0.0.1 this hour and the next. @param {string} folder */
const networkFiles = (folder) =>
  [Date.now(), Date.now() + hour].map((time) => join(folder, reportWriter.hourFolderName(time), '127.0.0.1.jsonl'));

describe('the report log keeps each network to its share', () => {
  it("writes each network's lines in a file of its own for the hour, and refuses a network past its share", () => {
    const folder = folderOf();
    let now = start;
    const log = reportLog({ folder, limits: { networkBytes: 1_000 }, now: () => now });
    const outcomes = Array.from({ length: 8 }, (_, n) => log.append('192.0.2.1', text(n)));
    expect(outcomes.filter((outcome) => outcome === 'written')).toHaveLength(5);
    expect(outcomes.slice(5)).toEqual(['network', 'network', 'network']);
    // Another network has its own share, an IPv6 /48 one for all its /64s.
    expect(log.append('192.0.2.2', text(9))).toBe('written');
    expect(log.append('2001:db8:1:2::/64', text(10, 600))).toBe('written');
    expect(log.append('2001:db8:1:3::/64', text(11, 600))).toBe('network');
    expect(readdirSync(join(folder, 'reports-2026-11-25T12+0000')).sort()).toEqual([
      '192.0.2.1.jsonl',
      '192.0.2.2.jsonl',
      '2001_db8_1__-48.jsonl',
      'tally',
    ]);
    // The next hour, a new share.
    now += hour;
    expect(log.append('192.0.2.1', text(12))).toBe('written');
    expect(loggedLines(folder).map((line) => JSON.parse(line.report).n)).toEqual([0, 1, 2, 3, 4, 9, 10, 12]);
  });

  it('refuses new lines past its total and removes none: the bound holds with no job running', () => {
    const folder = folderOf();
    let now = start;
    const log = reportLog({ folder, limits: { networkBytes: 2_000, maxBytes: 10 * 1024 }, now: () => now });
    /** @type {string[]} */
    const outcomes = [];
    for (let network = 1; network <= 40; network += 1) {
      now += 1_000;
      outcomes.push(log.append(`192.0.2.${network}`, text(network, 900)));
    }
    expect(outcomes.slice(0, 10)).toEqual(Array(10).fill('written'));
    expect(outcomes.slice(10)).toEqual(Array(30).fill('full'));
    expect(loggedBytes(folder)).toBeLessThanOrEqual(10 * 1024 + 10 * 1024);
    expect(loggedLines(folder).map((line) => JSON.parse(line.report).n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("removes the hours that ended before the longest health window, at an hour's first line", () => {
    const folder = folderOf();
    let now = start;
    const log = reportLog({ folder, limits: { keepMs: 3 * hour }, now: () => now });
    expect(log.append('192.0.2.1', text(1))).toBe('written');
    now += 2 * hour;
    expect(log.append('192.0.2.1', text(2))).toBe('written');
    now += 2 * hour + 60_000; // 16:01: the 12:00 hour ended more than 3 hours ago
    expect(log.append('192.0.2.1', text(3))).toBe('written');
    expect(readdirSync(folder).sort()).toEqual(['reports-2026-11-25T14+0000', 'reports-2026-11-25T16+0000']);
  });
});

describe('the report folder of a store in a folder', () => {
  it("is the user's state folder's, outside the store, one for each store however its path is written", () => {
    const store = folderOf();
    const other = folderOf();
    const link = join(folderOf(), 'linked');
    symlinkSync(store, link);
    const folder = reportFolderFor(store, {});
    expect(folder?.startsWith(join(String(process.env.XDG_STATE_HOME), 'murmur', 'reports', ''))).toBe(true);
    expect(folder?.startsWith(store)).toBe(false);
    expect(reportFolderFor(link, {})).toBe(folder);
    expect(reportFolderFor(`${store}/`, {})).toBe(folder);
    expect(reportFolderFor(other, {})).not.toBe(folder);
    expect(reportFolderFor(store, { MURMUR_REPORT_LOG: other })).toBe(other);
    expect(reportFolderFor('s3://bucket/prefix', {})).toBeNull();
  });
});

describe('a report log that cannot be written', () => {
  it('loses the report alone, says so once, and again once it is written, leaving no part of a line', () => {
    const folder = folderOf();
    const [file = ''] = networkFiles(folder);
    mkdirSync(file, { recursive: true }); // a folder where the network's file goes
    /** @type {string[]} */
    const lines = [];
    const log = reportLog({ folder, log: (line) => lines.push(line) });
    expect([1, 2, 3].map((n) => log.append('127.0.0.1', text(n)))).toEqual(['lost', 'lost', 'lost']);
    expect(lines).toEqual([expect.stringMatching(/^store server: the report log cannot be written.*EISDIR/)]);
    rmSync(file, { recursive: true });
    expect(log.append('127.0.0.1', text(4))).toBe('written');
    expect(log.append('127.0.0.1', text(5))).toBe('written');
    expect(lines.slice(1)).toEqual(['store server: the report log is written again (3 reports lost so far)']);
    expect(log.lost).toBe(3);
    expect(loggedLines(folder).map((line) => JSON.parse(line.report).n)).toEqual([4, 5]);
  });

  it('cuts a line a failed write left part-way back before it writes the next (nginx cannot undo the write)', () => {
    const folder = folderOf();
    const log = reportLog({ folder });
    expect(log.append('127.0.0.1', text(1))).toBe('written');
    const [file = ''] = networkFiles(folder);
    appendFileSync(file, '{"received":"2026-11-25T12:00:00.000Z","netw');
    expect(log.append('127.0.0.1', text(2))).toBe('written');
    expect(
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => (line ? JSON.parse(JSON.parse(line).report).n : line)),
    ).toEqual([1, 2, '']);
  });
});

// A full disk, as the kernel reports it: the log's file is /dev/full, where every write fails with ENOSPC. The
// server runs in a process of its own, as in production, where an exception nobody catches would end it.
describe('the store server on a full disk', () => {
  /** @type {Awaited<ReturnType<typeof startServerProcess>>} */
  let server;
  let store = '';

  beforeAll(async () => {
    ({ store } = await promotedStore());
    // This hour's file of the client's network, and the next hour's should the hour turn meanwhile.
    for (const file of networkFiles(reportFolderOf(store))) {
      mkdirSync(dirname(file), { recursive: true });
      symlinkSync('/dev/full', file);
    }
    server = await startServerProcess({ store });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('answers each report 503, logs the failure once, and goes on serving every port', async () => {
    const url = `http://127.0.0.1:${server.ports.shell}`;
    const report = (/** @type {number} */ n) =>
      pageLoadReport(`pg_full_${n}`, { app: 'feed-mfe', version: '0123456789ab-1c0ffee', fails: false });
    const from = server.errorLines.length;
    for (const n of [1, 2, 3]) expect(await postReport(`${url}/_telemetry`, report(n))).toBe(503);
    expect((await fetch(`${url}/`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${server.ports['feed-mfe']}/`)).status).toBe(200);
    const logged = await server.errorLinesAfter(from, 1);
    expect(logged).toEqual([expect.stringMatching(/^store server: the report log cannot be written.*ENOSPC/)]);
    expect(server.hasExited()).toBe(false);

    // Room again: the next report is stored, and the loss told once.
    for (const file of networkFiles(reportFolderOf(store))) rmSync(file);
    expect(await postReport(`${url}/_telemetry`, report(4))).toBe(204);
    expect(loggedLines(reportFolderOf(store)).map((line) => JSON.parse(line.report).page)).toEqual(['pg_full_4']);
    expect(await server.errorLinesAfter(from + 1, 1)).toEqual([
      'store server: the report log is written again (3 reports lost so far)',
    ]);
  });
});
