// @ts-check
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { vitestDefaults } from '@murmur/build-tools/vitest';

export default defineConfig({
  test: {
    ...vitestDefaults('deploy'),
    environment: 'node',
    include: ['src/**/*.test.js', 'test-support/**/*.test.js'],
    // Most tests here run the CLI as processes of their own (and an S3 server), and so do the hooks that make their
    // stores: on two busy cores a test that starts eight of them waits for each to load, which is not what it is about.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // One module graph a worker, not one a test file: each file imported the store, the edges and the AWS SDK afresh
    // (27 s of the suite's imports, 8 s without). Nothing here keeps state in a module between files: the stores,
    // servers and processes are each test's own, the crash tests' fault hook runs in the processes they kill.
    isolate: false,
    // The report logs of the tests' stores, by default in the user's state folder (telemetry/reportLog.js), go to a
    // temporary one instead, which nginx's workers (www-data, where root runs the tests) may pass through to write
    // them, as they may /var/log: nginx-config refuses a report folder they cannot reach.
    env: { XDG_STATE_HOME: stateFolder() },
  },
});

/** A temporary state folder anyone may pass through (mkdtemp makes it the user's alone). */
function stateFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'murmur-state-'));
  chmodSync(folder, 0o755);
  return folder;
}
