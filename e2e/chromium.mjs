// @ts-check
import { chromium } from '@playwright/test';
import { findChromium, isExecutableFile } from '@murmur/build-tools/chromium';

/** The Chromium on this machine (CHROMIUM_PATH, the system's, or Playwright's own), as findChromium picks it. */
export function searchChromium() {
  return findChromium({
    env: process.env,
    isExecutable: isExecutableFile,
    playwrightChromium: () => chromium.executablePath(),
  });
}

const search = searchChromium();

/**
 * How the browser tests and benchmarks start Chromium. The flags keep it from reaching out to the network.
 * `npm test` runs ensureChromium.mjs first, which installs a Chromium where none is found.
 */
export const chromiumLaunchOptions = {
  executablePath: search.found ? search.path : undefined,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
