import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { apps, monolithPort } from '@murmur/config/apps';
import { s3ServerBucket, s3ServerEnv } from '@murmur/deploy/test-support/s3-server';
import { chromiumLaunchOptions } from './chromium.mjs';
import { EDGE_SUITES_ON_NGINX_ENV, e2eEdge, s3Port } from './edge.mjs';

const reportDir = process.env.MURMUR_REPORT_DIR;
const edge = e2eEdge();

// A release store of this run's own, so that what the tests promote and roll back disturbs nothing else: a temporary
// folder, or a bucket of the S3 server the run starts. Set here, before the workers start, so that every worker
// inherits the same store, and the S3 server's address and credentials (tests/store.ts reads them).
if (edge === 'nginx-s3') {
  Object.assign(process.env, s3ServerEnv(`http://127.0.0.1:${s3Port}`));
  process.env.MURMUR_E2E_STORE ??= `s3://${s3ServerBucket}/e2e`;
} else if (!process.env.MURMUR_E2E_STORE) {
  process.env.MURMUR_E2E_STORE = mkdtempSync(join(tmpdir(), 'murmur-e2e-store-'));
  // Readable by nginx's worker, which runs as a user of its own (www-data) where root starts it.
  chmodSync(process.env.MURMUR_E2E_STORE, 0o755);
}

/** The baseline's production build, served by `vite preview`: it is measured, never deployed. */
const previewServer = (folder: string, port: number) => ({
  command: 'node_modules/.bin/vite preview',
  cwd: `../${folder}`,
  url: `http://localhost:${port}/`,
  reuseExistingServer: false,
  timeout: 60_000,
});

/**
 * MURMUR_BASELINE=1 runs the screens of sign-in, feed and profile against the benchmark's single-bundle baseline
 * (packages/monolith/, built first), to prove it has the same features: `pnpm --filter e2e test:baseline`.
 */
const baseline = Boolean(process.env.MURMUR_BASELINE);

/**
 * MURMUR_E2E_EDGE=nginx or nginx-s3 serves the store with nginx, as production's edge does, from the store's folder or
 * from a bucket of an S3 server, for the suites about what that edge serves: composition, deploys, canaries and their
 * health, remotes that fail or stall, the served page, the content security policy, prefetching, integrity,
 * overrides, open tabs. `test` (testBrowsers.mjs)
 * runs them once, against nginx-s3, where nginx can be had, and leaves them out of the embedded run; `test:nginx` runs
 * them against both. (The specs that change a store of their own, deploy and integrity, serve that folder with nginx
 * in both runs.)
 */
const nginxEdge = edge !== 'embedded';
const nginxEdgeSpecs = [
  'canary.spec.ts',
  'canary-health.spec.ts',
  'composition.spec.ts',
  'deploy.spec.ts',
  'remote-failure.spec.ts',
  'remote-stall.spec.ts',
  'csp.spec.ts',
  'prefetch.spec.ts',
  'route-preload.spec.ts',
  'served-page.spec.ts',
  'integrity.spec.ts',
  'overrides.spec.ts',
  'open-tab.spec.ts',
];
const reportName = nginxEdge ? `playwright-${edge}.json` : 'playwright.json';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  // A test's page waits on its mock back end's delay, and the edge's suites on promotes, time limits and canary
  // verdicts: three workers keep two cores 90 % busy, against 70 % with two (the embedded run 2.8 min instead of 3.5,
  // the nginx-s3 run 4.1 instead of 4.8).
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: reportDir ? [['list'], ['json', { outputFile: `${reportDir}/${reportName}` }]] : [['list']],
  outputDir: nginxEdge ? `./test-results/${edge}` : './test-results',
  use: {
    baseURL: `http://localhost:${baseline ? monolithPort : apps.shell.port}`,
    // No trace: recording one for every test (kept or not) doubles the suites' time on two cores; `--trace on`
    // records them for a run that needs one.
    trace: 'off',
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
      ? [{ name: `chromium, ${edge}`, use: { browserName: 'chromium' }, testMatch: nginxEdgeSpecs }]
      : [
          {
            name: 'chromium',
            use: { browserName: 'chromium' },
            testIgnore: process.env[EDGE_SUITES_ON_NGINX_ENV] ? nginxEdgeSpecs : undefined,
          },
        ],
  webServer: baseline
    ? [previewServer('packages/monolith', monolithPort)]
    : [
        ...(edge === 'nginx-s3'
          ? [
              {
                command: `node ../packages/deploy/test-support/s3ServerMain.js --port ${s3Port}`,
                url: `http://127.0.0.1:${s3Port}/`,
                reuseExistingServer: false,
                timeout: 30_000,
                gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
              },
            ]
          : []),
        {
          // What `npm start` serves: every app's build released into the store, promoted, served by the store
          // server (or nginx).
          command: `node ../packages/deploy/src/cli.js serve${nginxEdge ? ' --edge nginx' : ''}`,
          env: { MURMUR_STORE: process.env.MURMUR_E2E_STORE },
          url: `http://localhost:${apps.shell.port}/remotes.json`,
          reuseExistingServer: false,
          timeout: 120_000,
          // Time for nginx to stop and its temporary folder to go.
          gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
        },
      ],
  globalTeardown: './removeStore.ts',
});
