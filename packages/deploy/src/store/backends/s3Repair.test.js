// @ts-check
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test-support/s3Server.js';
import { killedSteps } from '../../../test-support/killedSteps.js';
import { s3Stores } from '../../../test-support/s3Stores.js';

/** @typedef {Awaited<ReturnType<typeof startS3Server>>} S3Server */

// A switch on S3 killed after each of its writes in turn, then repaired by the next command: a file of its own, since
// each step waits for the dead command's lock to age out, so that it runs beside the other tests of the store on S3.

/** @type {S3Server} */
let server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server?.stop());

const { s3Command, s3Process, releaseFake, liveStore } = s3Stores(() => server);

describe('a switch on S3 killed after one of its writes', () => {
  it('is completed by the next command, whichever write it was killed after', async () => {
    // A store per lane, its feed-mfe put back on v0 before each step.
    /** @type {Promise<{ store: string; versions: Record<string, string>; v1: string }>[]} */
    const lanes = [];
    const laneStore = async () => {
      const { store, versions } = await liveStore();
      return { store, versions, v1: await releaseFake(store, 'feed-mfe', 'v1') };
    };
    const steps = await killedSteps(async (step, lane) => {
      const { store, versions, v1 } = await (lanes[lane] ??= laneStore());
      const back = await s3Command(store, ['promote', 'feed-mfe', versions['feed-mfe'] ?? '']);
      expect(back.code, back.stderr).toBe(0);
      // Killed: a process of its own; the rest run in this one.
      const killed = await s3Process(store, ['promote', 'feed-mfe', v1], {
        MURMUR_TEST_KILL_AFTER_WRITE: String(step),
      });
      if (killed.signal !== 'SIGKILL') return false;
      // The dead command's lock ages out (MURMUR_STORE_LOCK_STALE_MS is 2 s in testStore.js's commands); the repair
      // finishes the switch the journal holds, or finds none.
      const repair = await s3Command(store, ['verify', '--repair']);
      expect(repair.code, `step ${step}: ${repair.stdout}`).toBe(0);
      const live = (await s3Command(store, ['releases', 'feed-mfe'])).stdout;
      expect([`  ${versions['feed-mfe']}\n* ${v1}`, `* ${versions['feed-mfe']}\n  ${v1}`], `step ${step}`).toContain(
        live,
      );
      return true;
    }, 4);
    // The journal, remotes.json, the canary pointer, the live page, the resolved pages, live.json, and the
    // journal's removal.
    expect(steps).toBeGreaterThanOrEqual(4);
  }, 180_000); // each step waits for the killed command's lock to be stale by the server's dates, in whole seconds
});
