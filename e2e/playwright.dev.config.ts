import { defineConfig } from '@playwright/test';
import { COMPOSED_DEV_ENV } from '@murmur/build-tools/dev-composition';
import { apps } from '@murmur/config/apps';
import { chromiumLaunchOptions } from './chromium.mjs';

const reportDir = process.env.MURMUR_REPORT_DIR;

/** The four Vite dev servers, started as `npm run dev` starts them: the development loop, not the builds. */
const servers = Object.entries(apps).map(([app, { port }]) => ({
  command: 'node_modules/.bin/vite',
  cwd: `../${app}`,
  url: `http://localhost:${port}/`,
  env: { [COMPOSED_DEV_ENV]: '1' },
  reuseExistingServer: false,
  timeout: 60_000,
}));

/** The browser tests of development itself: hot updates of the composed page. They edit source files, so serially. */
export default defineConfig({
  testDir: './dev',
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: reportDir ? [['list'], ['json', { outputFile: `${reportDir}/playwright-dev.json` }]] : [['list']],
  outputDir: './test-results-dev',
  use: {
    baseURL: `http://localhost:${apps.shell.port}`,
    // No trace: recording one for every test (kept or not) doubles the suites' time on two cores; `--trace on`
    // records them for a run that needs one.
    trace: 'off',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'dev', use: { browserName: 'chromium' } }],
  webServer: servers,
});
