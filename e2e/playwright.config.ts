import { defineConfig } from '@playwright/test';
import { monolithPort, ports } from '@murmur/config/ports';
import { chromiumLaunchOptions } from './chromium.mjs';

const reportDir = process.env.MURMUR_REPORT_DIR;

/** Each app's production build, served by `vite preview` on its own port, as `npm start` serves them. */
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
    baseURL: `http://localhost:${baseline ? monolithPort : ports.shell}`,
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
    : [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: baseline
    ? [previewServer('monolith', monolithPort)]
    : Object.entries(ports).map(([app, port]) => previewServer(app, port)),
});
