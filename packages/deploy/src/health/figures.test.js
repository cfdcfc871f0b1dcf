// @ts-check
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { figuresOf, p75, versionKey } from './figures.js';
import { logFilesSince, reportsSince } from './reportFiles.js';

const a = '0123456789ab';
const b = 'ba9876543210';
const now = Date.parse('2026-11-25T12:00:00.000Z');
const minutesAgo = (/** @type {number} */ minutes) => new Date(now - minutes * 60_000).toISOString();

/**
 * @param {string} page `p<n>_…`: sent from 192.0.2.<n> unless `network` says otherwise
 * @param {number} minutes how long before `now` it came
 * @param {object[]} events
 */
const report = (page, minutes, events, network = `192.0.2.${page.slice(1, 2)}`) => ({
  received: minutesAgo(minutes),
  network,
  page,
  events,
});
const load = (/** @type {number} */ ms, version = a) => ({
  type: 'load',
  app: 'feed-mfe',
  version,
  phase: 'entry',
  ms,
});
const error = (/** @type {string} */ kind, version = a) => ({
  type: 'error',
  app: 'feed-mfe',
  version,
  kind,
  name: 'TypeError',
});
const vital = (/** @type {string} */ name, /** @type {number} */ value) => ({
  type: 'vital',
  app: 'feed-mfe',
  version: a,
  name,
  value,
});

/**
 * A report log as the collector leaves it after two rotations: the current file, one set aside 30 minutes ago (its
 * older half before a 60-minute window) and one set aside 90 minutes ago, wholly before it.
 */
function syntheticLog() {
  const folder = join(mkdtempSync(join(tmpdir(), 'murmur-health-')), 'telemetry');
  mkdirSync(folder);
  const write = (/** @type {string} */ name, /** @type {object[]} */ reports) =>
    writeFileSync(join(folder, name), `${reports.map((entry) => JSON.stringify(entry)).join('\n')}\n`);
  write(`reports-${now - 90 * 60_000}-0.jsonl`, [
    // Before the window: were this file read, p9 would add a failed page load.
    report('p9_outside_window', 95, [error('runtime')]),
  ]);
  write(`reports-${now - 30 * 60_000}-0.jsonl`, [
    report('p8_before_window', 61, [error('mount'), load(9_000)]),
    report('p1_failed_runtime', 50, [load(60), vital('LCP', 100), vital('LCP', 200)]),
    report('p2_failed_to_load', 40, [error('load'), error('integrity'), load(200)]),
  ]);
  write('reports.jsonl', [
    // A second batch of p1: the same page load, its time summed, its error counted once.
    report('p1_failed_runtime', 20, [load(40), error('runtime'), error('runtime')]),
    report('p3_fine_page_load', 10, [load(300), vital('LCP', 300), vital('LCP', 400), vital('INP', 50)]),
    report('p4_fine_page_load', 5, [load(400), vital('LCP', 500), vital('LCP', 600), vital('LCP', 700)]),
    report('p5_other_version', 5, [load(10, b), { ...load(999), app: 'auth-mfe' }, vital('LCP', 800)]),
  ]);
  // A line cut short by a crash mid-write is skipped.
  writeFileSync(join(folder, 'reports.jsonl'), '{"received":"2026-11-25T11:59', { flag: 'a' });
  return folder;
}

describe('the health figures of the report log', () => {
  it('count page loads, error rate, load failures, p75s per version in the window, over rotated files', async () => {
    const folder = syntheticLog();
    const since = now - 60 * 60_000;
    expect(logFilesSince(folder, since).map((file) => file.slice(folder.length + 1))).toEqual([
      'reports.jsonl',
      `reports-${now - 30 * 60_000}-0.jsonl`,
    ]);
    const figures = await figuresOf(
      reportsSince(folder, since),
      [versionKey('feed-mfe', a), versionKey('feed-mfe', b)],
      { pageLoadsPerNetwork: 3 },
    );
    expect(figures.get(versionKey('feed-mfe', a))).toEqual({
      pageLoads: 5, // p1-p5: p5 sent an LCP of version a
      networks: 5,
      failedPageLoads: 2,
      failingNetworks: 2,
      errorRate: 40, // p1 and p2
      loadFailures: 2, // p2's load and integrity errors
      lcpP75: 700, // each page load's largest: 200, 400, 700, 800, the 3rd of 4
      inpP75: 50,
      loadTimeP75: 300, // over the 4 timed page loads: 100 (60 + 40), 200, 300, 400
    });
    expect(figures.get(versionKey('feed-mfe', b))).toEqual({
      pageLoads: 1,
      networks: 1,
      failedPageLoads: 0,
      failingNetworks: 0,
      errorRate: 0,
      loadFailures: 0,
      lcpP75: null,
      inpP75: null,
      loadTimeP75: 10,
    });
  });

  it('are empty for a version with no report in the window, and for a store without a log', async () => {
    const figures = await figuresOf(reportsSince(join(tmpdir(), 'murmur-no-such-log'), 0), [versionKey('shell', a)], {
      pageLoadsPerNetwork: 3,
    });
    expect(figures.get(versionKey('shell', a))).toEqual({
      pageLoads: 0,
      networks: 0,
      failedPageLoads: 0,
      failingNetworks: 0,
      errorRate: null,
      loadFailures: 0,
      lcpP75: null,
      inpP75: null,
      loadTimeP75: null,
    });
  });

  it('count at most the page loads per network of each app, and a page id once, from its first network', async () => {
    const reports = [
      // 198.51.100.7 sends five failing page loads: its first three read count, the other two count for nothing.
      ...[1, 2, 3, 4, 5].map((n) => report(`q${n}_one_network`, 5, [error('load')], '198.51.100.7')),
      // Its page loads of version b draw on the same allowance, spent: one client cannot both fail one version and
      // dilute the other with a network's page loads twice over.
      report('q6_one_network', 5, [load(10, b)], '198.51.100.7'),
      report('q8_other_network', 5, [load(10, b)], '198.51.100.8'),
      // A fine page load from elsewhere, whose id another network then sends with an error: left out.
      report('q7_fine_page_load', 4, [load(20)], '203.0.113.9'),
      report('q7_fine_page_load', 3, [error('runtime')], '2001:db8:1:2::/64'),
    ];
    // The helpers build events loosely typed; they are the schema's.
    const logged = /** @type {import('./figures.js').NetworkReport[]} */ (/** @type {unknown} */ (reports));
    const figures = await figuresOf(logged, [versionKey('feed-mfe', a), versionKey('feed-mfe', b)], {
      pageLoadsPerNetwork: 3,
    });
    expect(figures.get(versionKey('feed-mfe', a))).toMatchObject({
      pageLoads: 4,
      networks: 2,
      failedPageLoads: 3,
      failingNetworks: 1,
      errorRate: 75,
      loadFailures: 3,
    });
    expect(figures.get(versionKey('feed-mfe', b))).toMatchObject({ pageLoads: 1, networks: 1 });
  });

  it('count the /64s of one IPv6 /48 as one network, and one value a page load, so it cannot set a p75', async () => {
    const reports = [
      // Nine visitors, a network each, each page load with an LCP of 1 s and one of 1.2 s before it settled.
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) =>
        report(`r${n}_visitor`, 5, [load(50), vital('LCP', 1_200), vital('LCP', 1_000)], `192.0.2.${n}`),
      ),
      // Six /64s of one /48, each with three failing page loads, each with a burst of LCPs of 600 s.
      ...[1, 2, 3, 4, 5, 6].flatMap((n) =>
        [1, 2, 3].map((load) =>
          report(
            `r${n}${load}_burst`,
            5,
            [error('runtime'), ...Array.from({ length: 20 }, () => vital('LCP', 600_000))],
            `2001:db8:77:${n}::/64`,
          ),
        ),
      ),
    ];
    const logged = /** @type {import('./figures.js').NetworkReport[]} */ (/** @type {unknown} */ (reports));
    const figures = await figuresOf(logged, [versionKey('feed-mfe', a)], { pageLoadsPerNetwork: 3 });
    expect(figures.get(versionKey('feed-mfe', a))).toMatchObject({
      pageLoads: 12,
      networks: 10,
      failedPageLoads: 3,
      failingNetworks: 1,
      lcpP75: 1_200, // the 9th of 12: nine visitors' 1,200 ms, three page loads' 600,000 ms
    });
  });

  it('leave out a logged line without the client network', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'murmur-health-')), 'telemetry');
    mkdirSync(folder);
    const { received, page, events } = report('p1_no_network', 1, [error('load')]);
    writeFileSync(join(folder, 'reports.jsonl'), `${JSON.stringify({ received, page, events })}\n`);
    const figures = await figuresOf(reportsSince(folder, 0), [versionKey('feed-mfe', a)], { pageLoadsPerNetwork: 3 });
    expect(figures.get(versionKey('feed-mfe', a))?.pageLoads).toBe(0);
  });

  it("read the hour files nginx writes beside the embedded server's, each report checked by the schema", async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'murmur-health-')), 'telemetry');
    mkdirSync(folder);
    /** A line as both edges write it: the report as text. @param {ReturnType<typeof report>} entry */
    const line = ({ received, network, ...sent }) =>
      JSON.stringify({ received, network, report: JSON.stringify(sent) });
    const write = (/** @type {string} */ name, /** @type {string[]} */ lines) =>
      writeFileSync(join(folder, name), `${lines.join('\n')}\n`);
    // 11:00 to 12:00 UTC, and the next hour written where nginx's clock is an hour ahead.
    write('reports-2026-11-25T11+0000.jsonl', [
      line(report('n1_nginx_address', 30, [error('load')], '2001:db8:1:2::5')),
      // What nginx was sent, not a report: neither JSON, nor the schema's (a field it does not name).
      JSON.stringify({ received: minutesAgo(30), network: '192.0.2.9', report: '{"page":' }),
      JSON.stringify({
        received: minutesAgo(30),
        network: '192.0.2.9',
        report: JSON.stringify({ page: 'n9_not_a_report', events: [load(1)], user: 'mira' }),
      }),
    ]);
    write('reports-2026-11-25T13+0100.jsonl', [line(report('n2_nginx_network', 1, [load(5)], '2001:db8:1:3::/64'))]);
    write('reports-2026-11-25T09+0000.jsonl', [line(report('n8_hours_ago', 150, [error('load')]))]);
    write('reports.jsonl', [line(report('n3_embedded', 2, [load(7)]))]);
    const since = now - 60 * 60_000;
    expect(logFilesSince(folder, since).map((file) => file.slice(folder.length + 1))).toEqual([
      'reports.jsonl',
      'reports-2026-11-25T13+0100.jsonl',
      'reports-2026-11-25T11+0000.jsonl',
    ]);
    const read = [];
    for await (const entry of reportsSince(folder, since)) read.push(entry);
    expect(read.map(({ page, network }) => ({ page, network }))).toEqual([
      { page: 'n3_embedded', network: '192.0.2.3' },
      { page: 'n2_nginx_network', network: '2001:db8:1:3::/64' },
      // An address is counted by its network (clientNetwork.js), as the embedded server logs it.
      { page: 'n1_nginx_address', network: '2001:db8:1:2::/64' },
    ]);
  });

  it("read the hour folders both edges write, newest hour first, each network's file and never the tally", async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'murmur-health-')), 'telemetry');
    /** A line as both edges write it: the report as text. @param {ReturnType<typeof report>} entry */
    const line = ({ received, network, ...sent }) =>
      `${JSON.stringify({ received, network, report: JSON.stringify(sent) })}\n`;
    const write = (/** @type {string} */ hour, /** @type {string} */ name, /** @type {string} */ text) => {
      mkdirSync(join(folder, hour), { recursive: true });
      writeFileSync(join(folder, hour, name), text);
    };
    write('reports-2026-11-25T11+0000', '192.0.2.1.jsonl', line(report('n1_older_hour', 30, [load(1)])));
    write('reports-2026-11-25T11+0000', 'tally', 'kk');
    write(
      'reports-2026-11-25T12+0000',
      '2001_db8_1__-48.jsonl',
      line(report('n2_newer', 1, [load(2)], '2001:db8:1:2::/64')),
    );
    write('reports-2026-11-25T12+0000', '192.0.2.3.jsonl', line(report('n3_newer', 1, [load(3)])));
    write('reports-2026-11-25T09+0000', '192.0.2.4.jsonl', line(report('n4_before_the_window', 150, [load(4)])));
    const since = now - 60 * 60_000;
    expect(logFilesSince(folder, since).map((file) => file.slice(folder.length + 1))).toEqual([
      'reports-2026-11-25T12+0000/192.0.2.3.jsonl',
      'reports-2026-11-25T12+0000/2001_db8_1__-48.jsonl',
      'reports-2026-11-25T11+0000/192.0.2.1.jsonl',
    ]);
    const read = [];
    for await (const entry of reportsSince(folder, since)) read.push(entry.page);
    expect(read).toEqual(['n3_newer', 'n2_newer', 'n1_older_hour']);
  });

  it('take the 75th percentile by nearest rank', () => {
    expect(p75([])).toBeNull();
    expect(p75([7])).toBe(7);
    expect(p75([4, 1, 3, 2])).toBe(3);
    expect(p75([5, 1, 4, 2, 3])).toBe(4);
  });
});
