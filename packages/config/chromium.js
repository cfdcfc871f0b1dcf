// @ts-check
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where Debian and Ubuntu put their Chromium. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * What findChromium asks of the machine; injected so the order of the search can be tested without one.
 * @typedef {{
 *   env: Record<string, string | undefined>;
 *   isExecutable: (path: string) => boolean;
 *   playwrightChromium: () => string | undefined;
 * }} ChromiumProbes
 */

/**
 * @typedef {{ found: true; path: string; source: string } | { found: false; reason: string }} ChromiumSearch
 */

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set (and only it, so a wrong value is an error rather
 * than a silent fallback), else the system's, else one named chromium on PATH, else the one Playwright downloaded.
 * @param {ChromiumProbes} probes
 * @returns {ChromiumSearch}
 */
export function findChromium({ env, isExecutable, playwrightChromium }) {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    return isExecutable(chosen)
      ? { found: true, path: chosen, source: 'CHROMIUM_PATH' }
      : {
          found: false,
          reason: `CHROMIUM_PATH is ${chosen}, which is not an executable file: point it at a Chromium binary, or unset it to let the tests find or install one`,
        };
  }
  if (isExecutable(SYSTEM_CHROMIUM)) return { found: true, path: SYSTEM_CHROMIUM, source: 'system' };
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return { found: true, path: candidate, source: 'PATH' };
    }
  }
  const downloaded = playwrightChromium();
  if (downloaded && isExecutable(downloaded)) return { found: true, path: downloaded, source: 'Playwright' };
  return { found: false, reason: 'no Chromium found' };
}

/** @param {string} path */
export function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
