// @ts-check
import { chmodSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHealthJob } from '../health/healthJob.js';
import { reportsSince } from '../health/reportFiles.js';
import { openStore } from '../store/backends/openStore.js';
import { setHealthSetting } from '../store/healthSetting.js';
import { readLiveState } from '../store/liveState.js';
import { trustedProxiesVariable } from '../telemetry/clientNetwork.js';
import { reportLogLimits, reportLogVariable } from '../telemetry/reportLog.js';
import { maxReportBytes } from '@murmur/reports';
import { heaviestReport, pageLoadReport, postReport } from '../../test-support/reportSender.js';
import { shellEdge } from '../../test-support/shellEdges.js';
import { storeWithCanaries } from '../../test-support/testStore.js';

// A flood of the report log, as a review ran it against nginx: 140 client networks, each sending one burst inside the
// rate (20 posts) of bodies of the right type and size that are not reports, each escaping to about 98 KB of log,
// and one burst of the heaviest reports the schema allows from another of its /64s: about 300 MiB of lines where an
// edge logs what it is sent. Real page loads came first, from 10 networks of their own, and a canary health pass
// runs after, as `canary-health --watch` would. Through the real edges (nginx with the configuration nginx-config
// writes, and the embedded server), behind a proxy at 127.0.0.1 naming each client; the log's limits are the defaults.
// The real reports are all still there, the broken canary is rolled back, and the flood holds no more of the log than
// its networks' shares.

const floodNetworks = 140;
const burst = 20;
/** The default share of one network in an hour. */
const networkShare = reportLogLimits.networkBytes;

/**
 * Posts everything in `posts`, 16 at a time; answers their statuses.
 * @param {string} url
 * @param {{ body: unknown; client: string }[]} posts
 */
async function sendAll(url, posts) {
  const queue = [...posts];
  /** @type {number[]} */
  const statuses = [];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        statuses.push(
          await postReport(url, next.body, { from: '127.0.0.1', headers: { 'X-Forwarded-For': next.client } }),
        );
    }),
  );
  return statuses;
}

/** The bytes of every file under `folder`. @param {string} folder @returns {number} */
function bytesUnder(folder) {
  return readdirSync(folder).reduce((sum, name) => {
    const path = join(folder, name);
    const stat = statSync(path);
    return sum + (stat.isDirectory() ? bytesUnder(path) : stat.size);
  }, 0);
}

describe.each(/** @type {const} */ (['nginx', 'embedded']))('a flood of reports through %s', (edgeName) => {
  it('leaves the real reports and the verdict whole, and holds no more than its networks may', async () => {
    const fixture = await storeWithCanaries();
    const { versions } = fixture;
    await setHealthSetting(openStore(fixture.store), {
      minPageLoads: 5,
      minNetworks: 5,
      minFailingNetworks: 5,
      marginPoints: 5,
    });
    // In a folder anyone may pass through, as /var/log: nginx's workers (www-data, where root runs it) write there.
    const parent = mkdtempSync(join(tmpdir(), 'murmur-flood-'));
    chmodSync(parent, 0o755);
    const folder = join(parent, 'reports');
    const env = { [reportLogVariable]: folder, [trustedProxiesVariable]: '127.0.0.1' };
    const edge = await shellEdge(edgeName, fixture.store, { env });
    if (!edge) return console.log('nginx flood test skipped: no nginx');
    try {
      // Real page loads: profile-mfe's canary fails on each of its 5, its stable version is fine on 5.
      const real = Array.from({ length: 10 }, (_, index) => {
        const canary = index % 2 === 1;
        const app = 'profile-mfe';
        const version = versions[app][canary ? 'canary' : 'stable'];
        return {
          client: `198.51.100.${index + 1}`,
          body: pageLoadReport(`pg_real_${String(index).padStart(4, '0')}`, { app, version, fails: canary }),
        };
      });
      expect(await sendAll(edge.url, real)).toEqual(Array(10).fill(204));

      // The flood: from each /48, a burst of bodies that escape to six bytes a byte, and one of the heaviest reports.
      const junk = Buffer.alloc(maxReportBytes, 1);
      const flood = Array.from({ length: floodNetworks }, (_, network) => {
        const prefix = `2001:db8:${(network + 1).toString(16)}`;
        return Array.from({ length: burst }, (__, index) => [
          { client: `${prefix}:1::${index + 1}`, body: junk },
          {
            client: `${prefix}:2::${index + 1}`,
            // Of a version that is not live: it takes room in the log, and counts for nothing.
            body: heaviestReport(`pg_flood_${network}_${index}`, { app: 'profile-mfe', version: '0123456789ab' }),
          },
        ]).flat();
      }).flat();
      const started = Date.now();
      const statuses = await sendAll(edge.url, flood);
      console.log(`${edgeName}: ${flood.length} posts of the flood in ${Date.now() - started} ms`);
      // Each of its lines is over 16 KiB: a network's share holds fewer of them than it has KiB / 16.
      const shareLines = Math.floor(networkShare / maxReportBytes);
      expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(floodNetworks * shareLines);

      // A pass of the health job, as `canary-health --watch` runs one.
      const job = startHealthJob({ store: fixture.store, env, everyMs: 60_000, log: () => undefined });
      await job.close();

      const pages = [];
      for await (const report of reportsSince(folder, 0)) pages.push(report.page);
      expect(pages.filter((page) => page.startsWith('pg_real_')).sort()).toEqual(
        real.map(({ body }) => body.page).sort(),
      );
      expect(bytesUnder(folder)).toBeLessThanOrEqual(floodNetworks * networkShare + 64 * 1024);
      expect(readLiveState(fixture.store, 'profile-mfe')).toMatchObject({
        version: versions['profile-mfe'].stable,
        autoRollback: { version: versions['profile-mfe'].canary, canaryErrorRate: 100, stableErrorRate: 0 },
      });
      expect(readLiveState(fixture.store, 'feed-mfe')?.canary?.version).toBe(versions['feed-mfe'].canary);
    } finally {
      await edge.stop();
    }
  }, 120_000);
});
