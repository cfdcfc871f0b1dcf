import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { ports } from '@murmur/config/ports';
import { chromiumLaunchOptions } from './chromium.mjs';

const reportDir = process.env.MURMUR_REPORT_DIR;

// A release store of this run's own, so that what the tests promote and roll back disturbs nothing else. Set here,
// before the workers start, so that every worker inherits the same folder (tests/store.ts reads it).
process.env.MURMUR_E2E_STORE ??= mkdtempSync(join(tmpdir(), 'murmur-e2e-store-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: reportDir
    ? [['list'], ['json', { outputFile: `${reportDir}/playwright.json` }]]
    : [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://localhost:${ports.shell}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // What `npm start` serves: every app's build released into the store, promoted, served by the store server.
  globalTeardown: './removeStore.ts',
  webServer: {
    command: 'node ../deploy/src/cli.js serve',
    env: { MURMUR_STORE: process.env.MURMUR_E2E_STORE },
    url: `http://localhost:${ports.shell}/remotes.json`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
