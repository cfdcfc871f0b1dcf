import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { apps, monolithPort } from '@murmur/config/apps';
import { chromiumLaunchOptions } from './chromium.mjs';
import { e2eEdge } from './edge.mjs';

const reportDir = process.env.MURMUR_REPORT_DIR;

// A release store of this run's own, so that what the tests promote and roll back disturbs nothing else. Set here,
// before the workers start, so that every worker inherits the same folder (tests/store.ts reads it).
process.env.MURMUR_E2E_STORE ??= mkdtempSync(join(tmpdir(), 'murmur-e2e-store-'));

/** The baseline's production build, served by `vite preview`: it is measured, never deployed. */
const previewServer = (app: string, port: number) => ({
  command: 'node_modules/.bin/vite preview',
  cwd: `../${app}`,
  url: `http://localhost:${port}/`,
  reuseExistingServer: false,
  timeout: 60_000,
});

/**
 * MURMUR_BASELINE=1 runs the screens of sign-in, feed and profile against the benchmark's single-bundle baseline
 * (monolith/, built first), to prove it has the same features: `pnpm --filter e2e test:baseline`.
 */
const baseline = Boolean(process.env.MURMUR_BASELINE);

/**
 * MURMUR_E2E_EDGE=nginx (`pnpm --filter e2e test:nginx`, the last step of its `test`) serves the store with nginx, as
 * production's edge does, for the suites about what that edge serves: composition, deploys, remotes that fail or
 * stall, the content security policy, prefetching.
 */
const nginxEdge = e2eEdge() === 'nginx';
const nginxEdgeSpecs = [
  'composition.spec.ts',
  'deploy.spec.ts',
  'remote-failure.spec.ts',
  'remote-stall.spec.ts',
  'csp.spec.ts',
  'prefetch.spec.ts',
  'route-preload.spec.ts',
];
const reportName = nginxEdge ? 'playwright-nginx.json' : 'playwright.json';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: reportDir ? [['list'], ['json', { outputFile: `${reportDir}/${reportName}` }]] : [['list']],
  outputDir: nginxEdge ? './test-results/nginx' : './test-results',
  use: {
    baseURL: `http://localhost:${baseline ? monolithPort : apps.shell.port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: baseline
    ? [
        {
          name: 'baseline',
          use: { browserName: 'chromium' },
          testMatch: ['auth.spec.ts', 'feed.spec.ts', 'profile.spec.ts'],
          // A remote served alone, or unreachable, exists only in the federated app.
          grepInvert: /-mfe alone/,
        },
      ]
    : nginxEdge
      ? [{ name: 'chromium, nginx', use: { browserName: 'chromium' }, testMatch: nginxEdgeSpecs }]
      : [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: baseline
    ? [previewServer('monolith', monolithPort)]
    : {
        // What `npm start` serves: every app's build released into the store, promoted, served by the store server
        // (or nginx).
        command: `node ../deploy/src/cli.js serve${nginxEdge ? ' --edge nginx' : ''}`,
        env: { MURMUR_STORE: process.env.MURMUR_E2E_STORE },
        url: `http://localhost:${apps.shell.port}/remotes.json`,
        reuseExistingServer: false,
        timeout: 60_000,
        // Time for nginx to stop and its temporary folder to go.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      },
  globalTeardown: './removeStore.ts',
});
