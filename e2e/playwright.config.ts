import { defineConfig } from '@playwright/test';
import { ports } from '@murmur/config/ports';
import { chromiumLaunchOptions } from './chromium.mjs';

const reportDir = process.env.MURMUR_REPORT_DIR;

/** Each app's production build, served by `vite preview` on its own port, as `npm start` serves them. */
const servers = Object.entries(ports).map(([app, port]) => ({
  command: 'node_modules/.bin/vite preview',
  cwd: `../${app}`,
  url: `http://localhost:${port}/`,
  reuseExistingServer: false,
  timeout: 60_000,
}));

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
  webServer: servers,
});
