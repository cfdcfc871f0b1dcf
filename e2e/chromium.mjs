// @ts-check
/**
 * How the browser tests and benchmarks start Debian's Chromium: browser downloads are not possible on this network,
 * and these flags keep Chromium from reaching out to it.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
