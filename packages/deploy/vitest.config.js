// @ts-check
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { vitestDefaults } from '@murmur/config/vitest';

export default defineConfig({
  test: {
    ...vitestDefaults('deploy'),
    environment: 'node',
    include: ['src/**/*.test.js', 'test-support/**/*.test.js'],
    // Most tests here run the CLI as processes of their own (and an S3 server), and so do the hooks that make their
    // stores: on two busy cores a test that starts eight of them waits for each to load, which is not what it is about.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // The report logs of the tests' stores, by default in the user's state folder (telemetry/reportLog.js), go to a
    // temporary one instead.
    env: { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'murmur-state-')) },
  },
});
