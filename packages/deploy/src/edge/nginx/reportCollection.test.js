// @ts-check
import {
  appendFileSync,
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../store/backends/openStore.js';
import { judgeCanaries } from '../../health/healthJob.js';
import { figuresOf, versionKey } from '../../health/figures.js';
import { reportsSince } from '../../health/reportFiles.js';
import { setHealthSetting } from '../../store/healthSetting.js';
import { readLiveState } from '../../store/liveState.js';
import { networkOf, trustedProxiesVariable } from '../../telemetry/clientNetwork.js';
import { reportLogVariable } from '../../telemetry/reportLog.js';
import reportWriter from '../../telemetry/reportWriter.js';
import { maxReportBytes } from '@murmur/reports';
import { loggedLines } from '../../../test-support/loggedLines.js';
import { heaviestReport, pageLoadReport, postReport } from '../../../test-support/reportSender.js';
import { promotedStore, storeCommandInProcess, storeWithCanaries } from '../../../test-support/testStore.js';
import { fakeBuild } from '../../../test-support/testBuilds.js';
import { release } from '../../store/release.js';
import { promote } from '../../switches/promote.js';
import { nginxConfig } from './config.js';
import { findNginx } from './findNginx.js';
import { freePorts, startNginx } from './nginxProcess.js';
import { ipv6NetworkMap } from './reportCollection.js';
import { crossSitePosts, crossSiteStatus } from '../../../test-support/crossSitePosts.js';
import { reportFolderOf } from '../../../test-support/reportFolderOf.js';

// The pages' reports taken by a real nginx with the configuration nginx-config writes (reportCollection.js), read back
// by the canary health job as it reads the embedded server's (health/reportFiles.js).
const nginx = findNginx();
if (!nginx.found) console.log(`nginx report tests skipped: ${nginx.reason}`);
const skip = !nginx.found;
const host = '127.0.0.1';
const version = '0123456789ab-1c0ffee';
/** Where promotedStore's shell is recorded (testStore.js), which nginx serves here on a port of its own. */
const shellOrigin = 'http://localhost:4000';
/** A shell recorded at a name of its own, behind an edge that ends TLS. */
const publicShell = 'https://murmur.example/';

/**
 * nginx serving the shell of `store` alone, on a port free a moment ago (three tries: another test file may take it).
 * @param {string} store
 * @param {Record<string, string>} env the report log's folder and the trusted proxies
 * @param {{ burst?: number; perMinute?: number }} [reportRate]
 * @param {Partial<import('../../telemetry/reportWriter.js').LogLimits>} [reportLimits]
 */
async function shellEdge(store, env, reportRate, reportLimits) {
  if (!nginx.found) throw new Error(nginx.reason);
  for (let attempt = 1; ; attempt += 1) {
    const [port = 0] = await freePorts(host, 1);
    const listenOf = () => `${host}:${port}`;
    const config = await nginxConfig({ store, apps: ['shell'], listenOf, env, reportRate, reportLimits });
    try {
      const running = await startNginx({
        nginx: nginx.path,
        brotliModule: null,
        writeConfig: (file) => writeFileSync(file, config),
        listening: [{ host, port }],
      });
      return { ...running, origin: `http://${host}:${port}`, url: `http://${host}:${port}/_telemetry` };
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The reports the health job reads from `folder`, but `settle`'s. @param {string} folder */
async function logged(folder) {
  const reports = [];
  for await (const report of reportsSince(folder, 0)) if (!report.page.startsWith(markerPrefix)) reports.push(report);
  return reports;
}

/** The lines in `folder`, but `settle`'s. @param {string} folder */
const lines = (folder) => loggedLines(folder).filter((line) => !line.report.includes(markerPrefix));

const markerPrefix = 'pg_marker_';
let markers = 0;
/**
 * Waits until nginx has logged what it was sent before: a request after another is logged after it (one worker), so a
 * report sent now, from a network of its own, marks the point.
 * @param {{ url: string }} edge
 * @param {string} folder
 */
async function settle(edge, folder) {
  markers += 1;
  const marker = pageLoadReport(`${markerPrefix}${markers}`, { app: 'feed-mfe', version, fails: false });
  expect(await postReport(edge.url, marker, { from: `127.0.1.${markers}` })).toBe(204);
  const hasMarker = () => loggedLines(folder).some((line) => line.report.includes(`"${marker.page}"`));
  await expect.poll(hasMarker, { timeout: 10_000 }).toBe(true);
}

let pages = 0;
const report = (fails = false) => {
  pages += 1;
  return pageLoadReport(`pg_nginx_${String(pages).padStart(4, '0')}`, { app: 'feed-mfe', version, fails });
};

describe('nginx taking the reports of the pages it serves', () => {
  /** @type {Awaited<ReturnType<typeof shellEdge>>} */
  let direct;
  /** @type {Awaited<ReturnType<typeof shellEdge>>} */
  let proxied;
  const directFolder = mkdtempSync(join(tmpdir(), 'murmur-nginx-reports-'));
  const proxiedFolder = mkdtempSync(join(tmpdir(), 'murmur-nginx-reports-'));

  beforeAll(async () => {
    if (skip) return;
    const { store } = await promotedStore();
    direct = await shellEdge(store, { [reportLogVariable]: directFolder });
    // Behind a proxy at 127.0.0.1, and a burst of 2 a network, as clientNetwork.test.js tries the embedded server.
    proxied = await shellEdge(
      store,
      { [reportLogVariable]: proxiedFolder, [trustedProxiesVariable]: ' 127.0.0.1 , 10.0.0.0/8' },
      { burst: 2, perMinute: 1 },
    );
  });
  afterAll(async () => {
    await direct?.stop();
    await proxied?.stop();
  });

  it.skipIf(skip)('logs a report of its own origin as a line the health job reads back, answering 204', async () => {
    const sent = report();
    const headers = { 'Sec-Fetch-Site': 'same-origin', Origin: shellOrigin };
    expect(await postReport(direct.url, sent, { from: '127.0.0.2', headers })).toBe(204);
    await settle(direct, directFolder);
    // One folder an hour (UTC), one file in it for each network, and the hour's tally.
    const [hour = ''] = readdirSync(directFolder);
    expect(readdirSync(directFolder)).toEqual([reportWriter.hourFolderName(Date.now())]);
    expect(readdirSync(join(directFolder, hour))).toContain('127.0.0.2.jsonl');
    const [line = { received: '' }] = lines(directFolder);
    expect(line).toEqual({ received: expect.any(String), network: '127.0.0.2', report: JSON.stringify(sent) });
    expect(Math.abs(Date.parse(line.received) - Date.now())).toBeLessThan(60_000);
    expect(await logged(directFolder)).toEqual([{ received: line.received, network: '127.0.0.2', ...sent }]);
    const figures = await figuresOf(await logged(directFolder), [versionKey('feed-mfe', version)], {
      pageLoadsPerNetwork: 3,
    });
    expect(figures.get(versionKey('feed-mfe', version))).toMatchObject({ pageLoads: 1, networks: 1, errorRate: 0 });
  });

  it.skipIf(skip)('takes a report as application/json, and one of the most a report may weigh', async () => {
    const before = lines(directFolder).length;
    const json = { 'Content-Type': 'application/json' };
    expect(await postReport(direct.url, report(), { from: '127.0.0.2', headers: json })).toBe(204);
    const heaviest = heaviestReport('pg_heaviest_1', { app: 'feed-mfe', version });
    expect(Buffer.byteLength(JSON.stringify(heaviest))).toBeGreaterThan(maxReportBytes - 200);
    expect(await postReport(direct.url, heaviest, { from: '127.0.0.2' })).toBe(204);
    await settle(direct, directFolder);
    const added = lines(directFolder).slice(before);
    expect(added).toHaveLength(2);
    expect(added[1]?.report).toBe(JSON.stringify(heaviest));
  });

  it.skipIf(skip).each(crossSitePosts)('refuses a report from %s and logs nothing', async (_, headers) => {
    const before = lines(directFolder).length;
    const status = crossSiteStatus(headers, { checksHost: true });
    expect(await postReport(direct.url, report(true), { from: '127.0.0.3', headers })).toBe(status);
    await settle(direct, directFolder);
    expect(lines(directFolder)).toHaveLength(before);
  });

  it.skipIf(skip)("takes a page of the shell's recorded origin, under any of this machine's names", async () => {
    const before = lines(directFolder).length;
    for (const headers of /** @type {Record<string, string>[]} */ ([
      { Origin: shellOrigin },
      { Origin: 'http://127.0.0.1:4000', Host: '127.0.0.1' },
      { Origin: 'http://[::1]:4000', Host: '[::1]:4000' },
      { Origin: 'HTTP://LOCALHOST:4000', Host: 'LocalHost' },
    ]))
      expect(await postReport(direct.url, report(), { from: '127.0.0.3', headers }), JSON.stringify(headers)).toBe(204);
    // Another scheme is another origin: an edge that ends TLS in front has the shell recorded at https://.
    const tls = { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://localhost:4000' };
    expect(await postReport(direct.url, report(), { from: '127.0.0.3', headers: tls })).toBe(403);
    await settle(direct, directFolder);
    expect(lines(directFolder)).toHaveLength(before + 4);
  });

  it.skipIf(skip)('refuses a body over the limit 413, another type 415, another method 405, logging none', async () => {
    const before = lines(directFolder).length;
    expect(await postReport(direct.url, 'x'.repeat(maxReportBytes), { from: '127.0.0.3' })).toBe(413);
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    expect(await postReport(direct.url, report(), { from: '127.0.0.3', headers: form })).toBe(415);
    const get = await fetch(direct.url);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(get.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(direct.url, { method: 'PUT', body: '{}' })).status).toBe(405);
    await settle(direct, directFolder);
    expect(lines(directFolder).slice(before)).toEqual([]);
    // The shell's pages are served as before, and a POST anywhere else is refused as before.
    expect((await fetch(`${direct.origin}/`)).status).toBe(200);
    expect((await fetch(`${direct.origin}/`, { method: 'POST', body: '{}' })).status).toBe(405);
  });

  it.skipIf(skip)('refuses what is not a report by the schema with a 400, and logs nothing of it', async () => {
    const count = lines(directFolder).length;
    for (const body of [{ page: 'pg_not_a_report', user: 'mira' }, 'x'.repeat(maxReportBytes - 2), '{"page":'])
      expect(await postReport(direct.url, body, { from: '127.0.0.3' }), JSON.stringify(body).slice(0, 40)).toBe(400);
    await settle(direct, directFolder);
    expect(lines(directFolder)).toHaveLength(count);
  });

  it.skipIf(skip)('refuses a flood from one address with 429 past its burst, and not the next address', async () => {
    const statuses = [];
    for (let index = 0; index < 30; index += 1)
      statuses.push(await postReport(direct.url, report(), { from: '127.0.0.9' }));
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(204));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    expect(await postReport(direct.url, report(), { from: '127.0.0.10' })).toBe(204);
    await settle(direct, directFolder);
    const networks = (await logged(directFolder)).map((entry) => entry.network);
    expect(networks.filter((network) => network === '127.0.0.9')).toHaveLength(20);
  });

  it.skipIf(skip)('ignores X-Forwarded-For where no proxy is trusted', async () => {
    const sent = report();
    const headers = { 'X-Forwarded-For': '198.51.100.1' };
    expect(await postReport(direct.url, sent, { from: '127.0.0.4', headers })).toBe(204);
    await settle(direct, directFolder);
    expect((await logged(directFolder)).find((entry) => entry.page === sent.page)?.network).toBe('127.0.0.4');
  });

  it.skipIf(skip)("logs the address a trusted proxy forwards, and ignores anyone else's", async () => {
    const viaProxy = report();
    const headers = { 'X-Forwarded-For': '203.0.113.5, 192.0.2.77, 10.1.2.3' };
    expect(await postReport(proxied.url, viaProxy, { from: '127.0.0.1', headers })).toBe(204);
    const notProxy = report();
    expect(await postReport(proxied.url, notProxy, { from: '127.0.0.5', headers })).toBe(204);
    await settle(proxied, proxiedFolder);
    const read = await logged(proxiedFolder);
    // Read from the end: 10.1.2.3 is a trusted proxy, the address before it the client; what came first is its own.
    expect(read.find((entry) => entry.page === viaProxy.page)?.network).toBe('192.0.2.77');
    expect(read.find((entry) => entry.page === notProxy.page)?.network).toBe('127.0.0.5');
  });

  it.skipIf(skip)('logs and limits an IPv6 client by its /64, never its whole address', async () => {
    const from = (/** @type {string} */ address, sent = report()) =>
      postReport(proxied.url, sent, { from: '127.0.0.1', headers: { 'X-Forwarded-For': address } });
    const first = report();
    expect(await from('2001:db8:5:6::a', first)).toBe(204);
    expect(await from('2001:db8:5:6:0:0:0:b')).toBe(204);
    expect(await from('2001:db8:5:6:ffff::1')).toBe(429); // the same /64: its burst of 2 is spent
    expect(await from('2001:db8:5:7::1')).toBe(204); // the next /64
    expect(await from('2001:db8::5:7:1')).toBe(204); // 2001:db8:0:0, written with the :: among its four first groups
    expect(await from('2001:db8:0:0:1::')).toBe(204); // the same /64 as the last: its burst of 2 is spent next
    expect(await from('2001:db8:0:0:9::9')).toBe(429);
    await settle(proxied, proxiedFolder);
    expect((await logged(proxiedFolder)).find((entry) => entry.page === first.page)?.network).toBe('2001:db8:5:6::/64');
    expect(JSON.stringify(lines(proxiedFolder))).not.toMatch(/::a"|ffff::1|5:7:1/);
    // Its share of the log is its /48's: one file for the /64s of 2001:db8:5.
    expect(readdirSync(join(proxiedFolder, reportWriter.hourFolderName(Date.now())))).toContain(
      '2001_db8_5__-48.jsonl',
    );
  });
});

describe('nginx serving a shell recorded at its public name', () => {
  it.skipIf(skip)('answers that name alone, and logs the reports of its pages', async () => {
    const { store } = await promotedStore();
    const from = fakeBuild({ name: 'shell', page: '<title>public</title>' });
    const shell = await release({ store, app: 'shell', from });
    await promote({ store, app: 'shell', version: shell.version, env: { MURMUR_SHELL_PUBLIC_URL: publicShell } });
    const folder = mkdtempSync(join(tmpdir(), 'murmur-nginx-reports-'));
    const edge = await shellEdge(store, { [reportLogVariable]: folder });
    try {
      const headers = { 'Sec-Fetch-Site': 'same-origin', Host: 'murmur.example', Origin: 'https://murmur.example' };
      const sent = report();
      expect(await postReport(edge.url, sent, { from: '127.0.0.2', headers })).toBe(204);
      // Its address, or the name of this machine, is not its name.
      expect(await postReport(edge.url, report(), { from: '127.0.0.2' })).toBe(421);
      const local = { ...headers, Host: 'localhost', Origin: 'http://localhost:4000' };
      expect(await postReport(edge.url, report(), { from: '127.0.0.2', headers: local })).toBe(421);
      await expect
        .poll(async () => (await logged(folder)).map((entry) => entry.page), { timeout: 10_000 })
        .toEqual([sent.page]);
    } finally {
      await edge.stop();
    }
  });
});

describe('nginx with a report log it cannot write', () => {
  it.skipIf(skip)('answers 503, says so in its error log for each report lost, and goes on serving', async () => {
    const { store } = await promotedStore();
    const folder = mkdtempSync(join(tmpdir(), 'murmur-nginx-reports-'));
    // A folder where the client's file of this hour (and the next, should the hour turn) would go: every write fails.
    for (const time of [Date.now(), Date.now() + 60 * 60_000])
      mkdirSync(join(folder, reportWriter.hourFolderName(time), '127.0.0.2.jsonl'), { recursive: true });
    const edge = await shellEdge(store, { [reportLogVariable]: folder });
    try {
      for (let index = 0; index < 3; index += 1)
        expect(await postReport(edge.url, report(), { from: '127.0.0.2' })).toBe(503);
      const lost = () => edge.errorLog().match(/murmur: a report was lost, the report log cannot be written/g) ?? [];
      await expect.poll(() => lost().length, { timeout: 10_000 }).toBe(3);
      expect((await fetch(`${edge.origin}/`)).status).toBe(200);
      expect(await logged(folder)).toEqual([]);
      // Another network's file can be written: its report is kept.
      expect(await postReport(edge.url, report(), { from: '127.0.0.3' })).toBe(204);
      expect(await logged(folder)).toHaveLength(1);
    } finally {
      await edge.stop();
    }
  });
});

describe("nginx keeping the log's bounds", () => {
  it.skipIf(skip)("refuses a network past its share, and any past the log's total, removing nothing", async () => {
    const { store } = await promotedStore();
    const folder = mkdtempSync(join(tmpdir(), 'murmur-nginx-reports-'));
    const edge = await shellEdge(store, { [reportLogVariable]: folder }, undefined, {
      networkBytes: 2_000,
      maxBytes: 8 * 1024,
    });
    try {
      const from = (/** @type {string} */ address) => postReport(edge.url, report(), { from: address });
      const statuses = [];
      for (let index = 0; index < 8; index += 1) statuses.push(await from('127.0.0.20'));
      // A report's line is a few hundred bytes: a few fit in the network's 2,000, and the rest are refused.
      const taken = statuses.filter((status) => status === 204).length;
      expect(taken).toBeGreaterThan(1);
      expect(statuses).toEqual([...Array(taken).fill(204), ...Array(8 - taken).fill(429)]);
      const hour = join(folder, reportWriter.hourFolderName(Date.now()));
      expect(statSync(join(hour, '127.0.0.20.jsonl')).size).toBeLessThanOrEqual(2_000);
      // The tally counts 1 KiB a line: 8 KiB in all, the rest from other networks, then none.
      const others = [];
      for (let network = 21; network < 29; network += 1) others.push(await from(`127.0.0.${network}`));
      expect(others).toEqual([...Array(8 - taken).fill(204), ...Array(taken).fill(503)]);
      expect(edge.errorLog()).toMatch(/murmur: a report was refused, the report log holds its 8192 bytes/);
      expect(await logged(folder)).toHaveLength(8);
    } finally {
      await edge.stop();
    }
  });

  it.skipIf(skip)('cuts back a line a failed write left part-way before it writes the next', async () => {
    const { store } = await promotedStore();
    const folder = mkdtempSync(join(tmpdir(), 'murmur-nginx-reports-'));
    const edge = await shellEdge(store, { [reportLogVariable]: folder });
    try {
      const first = report();
      expect(await postReport(edge.url, first, { from: '127.0.0.30' })).toBe(204);
      const file = join(folder, reportWriter.hourFolderName(Date.now()), '127.0.0.30.jsonl');
      appendFileSync(file, '{"received":"2026-11-25T12:00:00.000Z","netw');
      const second = report();
      expect(await postReport(edge.url, second, { from: '127.0.0.30' })).toBe(204);
      const pages = readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => (line ? JSON.parse(JSON.parse(line).report).page : line));
      expect(pages).toEqual([first.page, second.page, '']);
    } finally {
      await edge.stop();
    }
  });
});

describe('the canary health job judging what nginx took', () => {
  it.skipIf(skip)('rolls back a canary whose error reports came through nginx from five networks', async () => {
    const fixture = await storeWithCanaries();
    const versions = fixture.versions;
    await setHealthSetting(openStore(fixture.store), {
      minPageLoads: 5,
      minNetworks: 5,
      minFailingNetworks: 5,
      marginPoints: 5,
    });
    // The store's own report folder (<store>/telemetry/), behind a proxy at 127.0.0.1 naming each client.
    const edge = await shellEdge(fixture.store, { [trustedProxiesVariable]: '127.0.0.1' });
    try {
      let network = 0;
      const pageLoad = async (
        /** @type {'profile-mfe' | 'feed-mfe'} */ app,
        /** @type {'stable' | 'canary'} */ which,
        fails = false,
      ) => {
        network += 1;
        const sent = pageLoadReport(`pg_edge_${String(network).padStart(4, '0')}`, {
          app,
          version: versions[app][which],
          fails,
        });
        const headers = { 'Sec-Fetch-Site': 'same-origin', 'X-Forwarded-For': `198.51.100.${network}` };
        expect(await postReport(edge.url, sent, { from: '127.0.0.1', headers })).toBe(204);
      };
      for (let index = 0; index < 5; index += 1) {
        await pageLoad('profile-mfe', 'stable');
        await pageLoad('profile-mfe', 'canary', true);
        // feed-mfe's canary as clean as its stable version: it stays.
        await pageLoad('feed-mfe', 'stable');
        await pageLoad('feed-mfe', 'canary');
      }
      await settle(edge, reportFolderOf(fixture.store));
      expect(readdirSync(reportFolderOf(fixture.store))).toEqual([reportWriter.hourFolderName(Date.now())]);
      expect(await judgeCanaries({ store: fixture.store, env: {}, log: () => undefined })).toEqual(['profile-mfe']);
      expect(readLiveState(fixture.store, 'profile-mfe')).toMatchObject({
        version: versions['profile-mfe'].stable,
        autoRollback: {
          version: versions['profile-mfe'].canary,
          canaryErrorRate: 100,
          stableErrorRate: 0,
          canaryPageLoads: 5,
          stablePageLoads: 5,
        },
      });
      expect(readLiveState(fixture.store, 'feed-mfe')?.canary?.version).toBe(versions['feed-mfe'].canary);
    } finally {
      await edge.stop();
    }
  });
});

describe('nginx-config and the report log', () => {
  it("has nginx write the reports to the store's telemetry/, or to the folder --report-log names", async () => {
    const { store } = await promotedStore();
    const own = await storeCommandInProcess(store, ['nginx-config']);
    expect(own.code, own.stderr).toBe(0);
    expect(own.stdout).toContain(`set $murmur_report_folder "${reportFolderOf(store)}";`);
    expect(own.stdout).toMatch(/js_import murmur_reports from ".*\/telemetry\/reportWriter\.js";/);
    // In a folder anyone may pass through, as /var/log: nginx's workers (www-data, where root runs it) write there.
    const parent = mkdtempSync(join(tmpdir(), 'murmur-report-log-'));
    chmodSync(parent, 0o755);
    const folder = join(parent, 'reports');
    const named = await storeCommandInProcess(store, ['nginx-config', '--report-log', folder]);
    expect(named.stdout).toContain(`set $murmur_report_folder "${folder}";`);
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe("the map from nginx's address to the client network", () => {
  // The map's patterns read as nginx reads them (PCRE, case-insensitive; the first that matches), the first four
  // groups of its value filled from the named captures.
  const entries = ipv6NetworkMap()
    .slice(1, -2)
    .map((line) => {
      const [, pattern = '', value = ''] = /^ {2}"~\*(.*)" "(.*)";$/.exec(line) ?? [];
      return { pattern: new RegExp(pattern, 'i'), value };
    });
  const mapped = (/** @type {string} */ address) => {
    for (const { pattern, value } of entries) {
      const match = pattern.exec(address);
      if (match) return value.replace(/\$(murmur_report_\w+?)(?=:|$)/g, (_, name) => match.groups?.[name] ?? '?');
    }
    return address;
  };
  /** An address as nginx prints it (ngx_inet6_ntop): the first longest run of two zero groups or more as `::`. */
  const nginxText = (/** @type {number[]} */ parts) => {
    let zero = -1;
    let longest = 1;
    let run = 0;
    let start = -1;
    parts.forEach((part, index) => {
      if (part !== 0) {
        if (run > longest) [zero, longest] = [start, run];
        run = 0;
      } else if (run++ === 0) start = index;
    });
    if (run > longest) [zero, longest] = [start, run];
    const hex = parts.map((part) => part.toString(16));
    return zero < 0 ? hex.join(':') : `${hex.slice(0, zero).join(':')}::${hex.slice(zero + longest).join(':')}`;
  };

  it("is clientNetwork.js's network for every place the :: can be", () => {
    const part = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff }));
    fc.assert(
      fc.property(fc.array(part, { minLength: 8, maxLength: 8 }), (parts) => {
        // ::ffff:a.b.c.d and the other forms with a dotted quad are not drawn here.
        fc.pre(parts.slice(0, 5).some((value) => value !== 0));
        const text = nginxText(parts);
        expect(mapped(text), text).toBe(networkOf(ipaddr.parse(text)));
      }),
      { numRuns: 5000 },
    );
    for (const [text, network] of [
      ['::ffff:192.0.2.1', '192.0.2.1'],
      ['::1', '0:0:0:0::/64'],
      ['2001:db8::', '2001:db8:0:0::/64'],
      ['0:1:2:3:4:5::', '0:1:2:3::/64'],
      ['::1:2:3:4:5:6:7', '0:1:2:3::/64'],
      ['1::2:3:4:5:6', '1:0:0:2::/64'],
      ['192.0.2.1', '192.0.2.1'],
    ])
      expect(mapped(text ?? ''), text).toBe(network);
  });
});
