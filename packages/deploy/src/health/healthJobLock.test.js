// @ts-check
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readLiveState } from '../store/liveState.js';
import { storeLayout } from '../store/storePaths.js';
import { failingCanary } from '../../test-support/failingCanary.js';

const cli = fileURLToPath(new URL('../cli.js', import.meta.url));
const delayedImport = fileURLToPath(new URL('../../test-support/delayedImport.js', import.meta.url));

describe('the canary health job whose lock is lost while it holds it', () => {
  it('says so and goes on: its next pass takes the lock again and ends the canary', async () => {
    const { store, canary } = await failingCanary();
    const lockDir = join(store, '.lock');
    // The job holds the lock while the contract compiler loads, held up here for 4 s, as on a loaded machine; its
    // lock is refreshed every second meanwhile (the stale time of 2 s, halved).
    const job = spawn(
      process.execPath,
      ['--import', delayedImport, cli, 'canary-health', '--watch', '--every', '0.2'],
      {
        env: {
          ...process.env,
          MURMUR_STORE: store,
          MURMUR_STORE_LOCK_STALE_MS: '2000',
          MURMUR_TEST_DELAY_IMPORT: 'contractBreaks.js',
          MURMUR_TEST_DELAY_MS: '4000',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let log = '';
    job.stderr.on('data', (chunk) => (log += chunk));
    try {
      await expect.poll(() => log, { timeout: 20_000 }).toContain('test: holding the import of contractBreaks.js');
      expect(existsSync(lockDir)).toBe(true);
      // An operator takes the lock for one a dead command left, and removes it.
      rmSync(lockDir, { recursive: true });

      await expect
        .poll(() => readLiveState(store, 'profile-mfe')?.canary, { timeout: 20_000, interval: 200 })
        .toBeUndefined();
      expect(job.exitCode, log).toBeNull();
      expect(log).toContain(
        `canary health: a check failed: lost the lock of ${store}: ${lockDir} was taken over or removed while this ` +
          'command held it',
      );
      expect(log).toContain('this command wrote nothing to the store');
      // The job says so once the switch is written, and then lets the lock go: each is waited for, as a person
      // reading its log would.
      await expect
        .poll(() => log, { timeout: 20_000 })
        .toContain(`canary health: profile-mfe: canary ${canary} rolled back automatically`);
      expect(readLiveState(store, 'profile-mfe')?.autoRollback?.version).toBe(canary);
      // The lock is free again: the job released what it took on its second pass.
      await expect.poll(() => existsSync(lockDir), { timeout: 20_000 }).toBe(false);
      expect(existsSync(storeLayout(store).switchJournal)).toBe(false);
    } finally {
      job.kill();
    }
  }, 60_000);
});
