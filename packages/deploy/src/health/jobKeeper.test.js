// @ts-check
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readLiveState } from '../store/liveState.js';
import { failingCanary } from '../../test-support/failingCanary.js';
import { keepHealthJob } from './jobKeeper.js';

const cli = fileURLToPath(new URL('../cli.js', import.meta.url));

/** Whether a process runs. @param {number} pid */
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("serve's canary health job", () => {
  it('is started again, later each time, when it is killed, and judges on', async () => {
    // The canary's failing reports are written once the job has been killed twice: the job that came back judges.
    const { store, canary, writeReports } = await failingCanary({ reports: false });
    /** @type {string[]} */
    const lines = [];
    const job = keepHealthJob({
      cli,
      statusFolder: mkdtempSync(join(tmpdir(), 'murmur-status-')),
      env: { ...process.env, MURMUR_STORE: store },
      log: (line) => lines.push(line),
      delays: { firstMs: 300, maxMs: 5_000, steadyMs: 60_000 },
    });
    try {
      const first = /** @type {number} */ (job.pid);
      expect(alive(first)).toBe(true);
      process.kill(first, 'SIGKILL');
      await expect.poll(() => lines, { timeout: 10_000 }).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^canary health: the job was ended by SIGKILL after [\d.]+ s; starting it again in 0\.3 s$/,
      );
      await expect.poll(() => job.pid, { timeout: 10_000 }).toBeTypeOf('number');
      const second = /** @type {number} */ (job.pid);
      expect(second).not.toBe(first);

      process.kill(second, 'SIGTERM');
      await expect.poll(() => lines, { timeout: 10_000 }).toHaveLength(2);
      expect(lines[1]).toMatch(
        /^canary health: the job was ended by SIGTERM after [\d.]+ s; starting it again in 0\.6 s$/,
      );
      await expect.poll(() => job.pid, { timeout: 10_000 }).toBeTypeOf('number');
      expect(job.pid).not.toBe(second);

      // The job started a third time judges: the canary's failures now in the log end it.
      writeReports();
      await expect
        .poll(() => readLiveState(store, 'profile-mfe')?.canary, { timeout: 30_000, interval: 200 })
        .toBeUndefined();
      expect(readLiveState(store, 'profile-mfe')?.autoRollback?.version).toBe(canary);
    } finally {
      const last = job.pid;
      await job.stop();
      if (last !== undefined) expect(alive(last)).toBe(false);
    }
    // Stopped, it is not started again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(lines).toHaveLength(2);
  }, 60_000);
});
