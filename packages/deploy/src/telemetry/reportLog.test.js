// @ts-check
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageLoadReport, postReport } from '../../test-support/reportSender.js';
import { maxWindowMinutes } from '../store/healthSetting.js';
import { startServerProcess } from '../../test-support/serverProcess.js';
import { temporaryStore } from '../../test-support/testBuilds.js';
import { promotedStore } from '../../test-support/testStore.js';
import { cutMarkName, logCutOf, reportLog } from './reportLog.js';

const day = 24 * 60 * 60_000;
const folderSize = (/** @type {string} */ folder) =>
  readdirSync(folder).reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);

describe('the report log is bounded', () => {
  it('removes the files set aside before the longest health window at its first report', () => {
    const store = temporaryStore();
    const folder = join(store, 'telemetry');
    mkdirSync(folder);
    const longAgo = `reports-${Date.now() - maxWindowMinutes * 60_000 - day}-0.jsonl`;
    const lately = `reports-${Date.now() - day}-0.jsonl`;
    for (const name of [longAgo, lately, 'notes.txt']) writeFileSync(join(folder, name), '{}\n');
    expect(reportLog({ store }).append({ page: 'pg_first' })).toBe(true);
    expect(readdirSync(folder).sort()).toEqual([lately, 'notes.txt', 'reports.jsonl'].sort());
  });

  it('stays under its size, the oldest files set aside removed first', () => {
    const store = temporaryStore();
    const folder = join(store, 'telemetry');
    const log = reportLog({ store, rotateBytes: 1_000, maxBytes: 3_500 });
    for (let index = 0; index < 200; index += 1) {
      expect(log.append({ index, padding: 'x'.repeat(60) })).toBe(true);
      expect(folderSize(folder)).toBeLessThanOrEqual(3_500);
    }
    // The newest reports are the ones kept: the last one written, and those just before it in the files set aside.
    const kept = readdirSync(folder)
      .filter((name) => name !== cutMarkName)
      .flatMap((name) => readFileSync(join(folder, name), 'utf8').trimEnd().split('\n'))
      .map((line) => JSON.parse(line).index);
    expect(Math.max(...kept)).toBe(199);
    expect(Math.min(...kept)).toBeGreaterThan(150);
    expect(new Set(kept).size).toBe(199 - Math.min(...kept) + 1);
    // Removed for the size, the others are missed: the log says since when a window may lack reports.
    expect(logCutOf(folder)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('a report log that cannot be written', () => {
  it('loses the report alone, says so once, and again once it is written', () => {
    const store = temporaryStore();
    mkdirSync(join(store, 'telemetry', 'reports.jsonl'), { recursive: true }); // a folder where the file goes
    /** @type {string[]} */
    const lines = [];
    const log = reportLog({ store, log: (line) => lines.push(line) });
    expect([log.append({ n: 1 }), log.append({ n: 2 }), log.append({ n: 3 })]).toEqual([false, false, false]);
    expect(lines).toEqual([expect.stringMatching(/^store server: the report log cannot be written.*EISDIR/)]);
    rmSync(join(store, 'telemetry', 'reports.jsonl'), { recursive: true });
    expect(log.append({ n: 4 })).toBe(true);
    expect(log.append({ n: 5 })).toBe(true);
    expect(lines.slice(1)).toEqual(['store server: the report log is written again (3 reports lost so far)']);
    expect(log.lost).toBe(3);
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
    mkdirSync(join(store, 'telemetry'));
    symlinkSync('/dev/full', join(store, 'telemetry', 'reports.jsonl'));
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
    rmSync(join(store, 'telemetry', 'reports.jsonl'));
    expect(await postReport(`${url}/_telemetry`, report(4))).toBe(204);
    expect(await server.errorLinesAfter(from + 1, 1)).toEqual([
      'store server: the report log is written again (3 reports lost so far)',
    ]);
  });
});
