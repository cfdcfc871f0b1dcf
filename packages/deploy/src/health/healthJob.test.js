// @ts-check
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteNames } from '@murmur/config/apps';
import { openStore } from '../store/backends/openStore.js';
import { liveStateOf, readLiveState } from '../store/liveState.js';
import { promote } from '../switches/promote.js';
import { release } from '../store/release.js';
import { reportLogVariable } from '../telemetry/reportLog.js';
import { startS3Server } from '../../test-support/s3Server.js';
import { fakeBuild } from '../../test-support/testBuilds.js';
import { portOf } from '../../test-support/rawHttp.js';
import { startStoreServer } from '../edge/server.js';
import { statusLines } from './status.js';
import { storeLayout } from '../store/storePaths.js';
import { statusName, storeCommandInProcess, storeWithCanaries } from '../../test-support/testStore.js';
import { verifyStore } from '../switches/verify.js';
import { judgeCanaries, writeStatusPage } from './healthJob.js';
import { setHealthSetting } from '../store/healthSetting.js';
import { pageLoadReport, postReport } from '../../test-support/reportSender.js';

// The canary health job: reports posted to the store server's /_telemetry as pages send them, the canary ended in the
// store by the job as `rollback` ends it, and why shown by status and the status page the job writes.

/** @type {Awaited<ReturnType<typeof storeWithCanaries>>} */
let fixture;
/** @type {Awaited<ReturnType<typeof startStoreServer>>} */
let server;
let origin = '';
/** Each remote's stable version and its canary's. */
let versions = /** @type {typeof fixture.versions} */ ({});

beforeAll(async () => {
  fixture = await storeWithCanaries();
  versions = fixture.versions;
  // As a browser test sets it: a small sample, from as many networks.
  await setHealthSetting(openStore(fixture.store), {
    minPageLoads: 4,
    minNetworks: 4,
    minFailingNetworks: 4,
    marginPoints: 5,
  });
  server = await startStoreServer({
    store: fixture.store,
    apps: ['shell'],
    portOf: () => 0,
    host: '127.0.0.1',
    telemetry: { rate: { burst: 1e9 } },
  });
  origin = `http://127.0.0.1:${portOf(server.servers[0])}`;
});

afterAll(async () => {
  await server.close();
});

let pageCount = 0;
/**
 * Sends what one page load reports of `app`'s version, each page load from an address of its own (a network each).
 * @param {'auth-mfe' | 'feed-mfe' | 'profile-mfe'} app
 * @param {string} version
 * @param {boolean} fails
 */
async function pageLoad(app, version, fails) {
  pageCount += 1;
  const page = `pg_test_${String(pageCount).padStart(4, '0')}`;
  const status = await postReport(`${origin}/_telemetry`, pageLoadReport(page, { app, version, fails }), {
    from: `127.0.1.${pageCount}`,
  });
  expect(status).toBe(204);
}

/** @param {'auth-mfe' | 'feed-mfe' | 'profile-mfe'} app @param {number} count @param {number} failing */
async function pageLoads(app, which = /** @type {'stable' | 'canary'} */ ('stable'), count = 4, failing = 0) {
  for (let index = 0; index < count; index += 1) await pageLoad(app, versions[app][which], index < failing);
}

const canaryOf = (/** @type {string} */ app) => readLiveState(fixture.store, app)?.canary;

describe('the canary health job', () => {
  it('ends a canary failing more than the margin past the minimum sample, and leaves the others running', async () => {
    await pageLoads('feed-mfe', 'stable');
    await pageLoads('feed-mfe', 'canary', 3, 3); // below the minimum of 4
    await pageLoads('auth-mfe', 'stable', 4, 1);
    await pageLoads('auth-mfe', 'canary', 4, 1); // 25 % like the stable version: within the margin
    await pageLoads('profile-mfe', 'stable');
    await pageLoads('profile-mfe', 'canary', 4, 4); // 100 % against 0 %
    // The server only logs what it is sent: nothing is judged until the job looks.
    expect(canaryOf('profile-mfe')?.version).toBe(versions['profile-mfe'].canary);
    expect(await judgeCanaries({ store: fixture.store, log: () => undefined })).toEqual(['profile-mfe']);
    expect(canaryOf('profile-mfe')).toBeUndefined();
    // The check that ended profile-mfe's canary read every report above: the others' stand.
    expect(canaryOf('feed-mfe')?.version).toBe(versions['feed-mfe'].canary);
    expect(canaryOf('auth-mfe')?.version).toBe(versions['auth-mfe'].canary);
    expect(readLiveState(fixture.store, 'profile-mfe')).toEqual({
      version: versions['profile-mfe'].stable,
      previous: [],
      publicUrl: 'http://localhost:4003/',
      autoRollback: {
        version: versions['profile-mfe'].canary,
        at: expect.any(String),
        canaryErrorRate: 100,
        stableErrorRate: 0,
        canaryPageLoads: 4,
        stablePageLoads: 4,
        marginPoints: 5,
        confidence: 99,
        windowMinutes: 60,
      },
      // What an open tab still running it hears (remotes.json's `withdrawn`).
      withdrawn: [versions['profile-mfe'].canary],
    });

    // One more failing page load brings feed-mfe's canary to the minimum.
    await pageLoads('feed-mfe', 'canary', 1, 1);
    await runJobUntil(() => canaryOf('feed-mfe') === undefined);
    expect(canaryOf('auth-mfe')?.version).toBe(versions['auth-mfe'].canary);
    // Through the journaled switch, as rollback: remotes.json names the canaries left (auth-mfe's and those no page
    // load reported on), and the store checks out.
    const left = remoteNames.filter((remote) => remote !== 'feed-mfe' && remote !== 'profile-mfe');
    expect(left).toContain('auth-mfe');
    const pointer = JSON.parse(readFileSync(storeLayout(fixture.store).remotesPointer, 'utf8'));
    expect(Object.keys(pointer.canaries)).toEqual(left);
    expect((await verifyStore(fixture.store)).problems).toEqual([]);
  });

  it('is shown by status, as text and as JSON, with why', async () => {
    const { stable, canary } = versions['feed-mfe'];
    const lines = await statusLines(fixture.store);
    const pad = ' '.repeat(statusName('').length);
    const auth = versions['auth-mfe'];
    expect(lines).toContain(`${statusName('auth-mfe')}stable ${auth.stable} 50 %  canary ${auth.canary} 50 %`);
    expect(lines).toContain(
      `${pad}canary 4 page loads, error rate 25 %, 0 load failures, LCP p75 none, INP p75 none, load time p75 42 ms`,
    );
    expect(lines).toContain(`${statusName('feed-mfe')}${stable}`);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${pad}feed-mfe: canary ${canary} rolled back automatically at \\S+: ` +
            `error rate 100 % vs 0 % over 4 page loads \\(margin 5 points at 99 % confidence, ` +
            `stable version 4 page loads, last 60 min\\)$`,
        ),
      ),
    );
    const json = await storeCommandInProcess(fixture.store, ['status', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const status = JSON.parse(json.stdout);
    expect(status.setting).toEqual({
      marginPoints: 5,
      minPageLoads: 4,
      windowMinutes: 60,
      minNetworks: 4,
      pageLoadsPerNetwork: 3,
      minFailingNetworks: 4,
      confidence: 99,
    });
    expect(status.apps.find((/** @type {{ app: string }} */ entry) => entry.app === 'feed-mfe')).toMatchObject({
      stable: { version: stable, percent: 100, figures: { pageLoads: 4, errorRate: 0, loadTimeP75: 42 } },
      canary: null,
      autoRollback: { version: canary, canaryErrorRate: 100, canaryPageLoads: 4 },
    });
    expect(status.retired).toEqual([]);
  });

  it('writes the same as a page without script, and as JSON, where the operator chose', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'murmur-status-'));
    await writeStatusPage(fixture.store, folder);
    const html = readFileSync(join(folder, 'index.html'), 'utf8');
    expect(html).toContain('<title>Murmur: canary health</title>');
    expect(html).toContain('<caption>Live versions and their figures</caption>');
    expect(html).toContain(`<tr><th scope="row">auth-mfe canary</th><td>${versions['auth-mfe'].canary}</td>`);
    expect(html).toMatch(
      /<svg [^>]*role="img"[^>]*aria-label="Error rate per version: [^"]*auth-mfe canary [0-9a-f]+: 25 %/,
    );
    expect(html).toContain(`feed-mfe: canary ${versions['feed-mfe'].canary} rolled back automatically`);
    expect(html).not.toMatch(/<script|style=/);
    expect(html).toContain('<link rel="stylesheet" href="status.css" />');
    expect(readFileSync(join(folder, 'status.css'), 'utf8')).toContain('border-collapse');
    // The same as status --json, but for the window's ends: the time each was asked.
    const written = JSON.parse(readFileSync(join(folder, 'status.json'), 'utf8'));
    const printed = JSON.parse((await storeCommandInProcess(fixture.store, ['status', '--json'])).stdout);
    expect({ ...written, window: null }).toEqual({ ...printed, window: null });
    expect(Date.parse(written.window.to) - Date.parse(written.window.from)).toBe(60 * 60_000);
  });
});

/**
 * Runs `canary-health --watch` against the fixture's store, as an operator (or `serve`) does, until `done`: the job
 * looks on its own, every 200 ms here, and writes its page.
 * @param {() => boolean} done
 */
async function runJobUntil(done) {
  const folder = mkdtempSync(join(tmpdir(), 'murmur-status-'));
  const cli = fileURLToPath(new URL('../cli.js', import.meta.url));
  const job = spawn(process.execPath, [cli, 'canary-health', '--watch', '--every', '0.2', '--status-page', folder], {
    env: { ...process.env, MURMUR_STORE: fixture.store },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  job.stderr.on('data', (chunk) => (log += chunk));
  try {
    await expect.poll(done, { timeout: 30_000 }).toBe(true);
    // It says so in its log, just after the switch.
    await expect.poll(() => log, { timeout: 10_000 }).toContain('canary health: feed-mfe: canary');
    await expect
      .poll(() => readFileSync(join(folder, 'index.html'), 'utf8'), { timeout: 10_000 })
      .toContain('rolled back automatically');
  } finally {
    job.kill();
  }
}

describe('the canary health job of a store on S3', () => {
  it('judges the reports in the folder MURMUR_REPORT_LOG names, and has none without it', async () => {
    const s3 = await startS3Server();
    try {
      const store = `s3://${s3.bucket}/health`;
      const releaseOf = async (/** @type {'shell' | 'profile-mfe'} */ app, /** @type {string} */ label) => {
        const build = app === 'shell' ? { name: 'shell' } : { name: 'profile_mfe', exposes: ['./app'] };
        return (
          await release({ store, app, from: fakeBuild({ ...build, page: `<title>${label}</title>` }), env: s3.env })
        ).version;
      };
      await promote({ store, app: 'shell', version: await releaseOf('shell', 'shell'), env: s3.env });
      const stable = await releaseOf('profile-mfe', 'v0');
      await promote({ store, app: 'profile-mfe', version: stable, env: s3.env });
      const canary = await releaseOf('profile-mfe', 'v1');
      await promote({ store, app: 'profile-mfe', version: canary, canary: 50, env: s3.env });
      await setHealthSetting(openStore(store, s3.env), { minPageLoads: 4, minNetworks: 4, minFailingNetworks: 4 });
      // As nginx writes them (edge/nginx/reportCollection.js): this hour's file, the report as text.
      const folder = mkdtempSync(join(tmpdir(), 'murmur-s3-reports-'));
      const received = new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
      const hour = received.slice(0, 13);
      const lines = [1, 2, 3, 4].flatMap((n) =>
        [
          pageLoadReport(`pg_s3_stable_${n}`, { app: 'profile-mfe', version: stable, fails: false }),
          pageLoadReport(`pg_s3_canary_${n}`, { app: 'profile-mfe', version: canary, fails: true }),
        ].map((report) => JSON.stringify({ received, network: `192.0.2.${n}`, report: JSON.stringify(report) })),
      );
      writeFileSync(join(folder, `reports-${hour}+0000.jsonl`), `${lines.join('\n')}\n`);

      expect(await judgeCanaries({ store, env: s3.env, log: () => undefined })).toEqual([]);
      const env = { ...s3.env, [reportLogVariable]: folder };
      expect(await judgeCanaries({ store, env, log: () => undefined })).toEqual(['profile-mfe']);
      expect((await liveStateOf(openStore(store, s3.env), 'profile-mfe'))?.autoRollback).toMatchObject({
        version: canary,
        canaryErrorRate: 100,
        stableErrorRate: 0,
      });
    } finally {
      await s3.stop();
    }
  });
});
