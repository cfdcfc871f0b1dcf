// @ts-check
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Where Debian puts its headless shell (package `chromium-headless-shell`): the same engine as its Chromium without
 * the browser's own interface, which the full browser renders even when headless. It is what Playwright itself runs
 * for headless tests, and on two cores it runs the browser suites in about a third of the full browser's time.
 */
export const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

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
 * than a silent fallback), else a headless shell (the system's, then one on PATH), else the system's Chromium, else
 * one named chromium on PATH, else the one Playwright downloaded.
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
          reason:
            `CHROMIUM_PATH is ${chosen}, which is not an executable file: point it at a Chromium binary, ` +
            'or unset it to let the tests find or install one',
        };
  }
  const onPath = (/** @type {string[]} */ names) => {
    for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
      for (const name of names) {
        const candidate = join(dir, name);
        if (isExecutable(candidate)) return candidate;
      }
    }
    return undefined;
  };
  if (isExecutable(SYSTEM_HEADLESS_SHELL)) return { found: true, path: SYSTEM_HEADLESS_SHELL, source: 'system' };
  const shell = onPath(['chromium-headless-shell']);
  if (shell) return { found: true, path: shell, source: 'PATH' };
  if (isExecutable(SYSTEM_CHROMIUM)) return { found: true, path: SYSTEM_CHROMIUM, source: 'system' };
  const browser = onPath(['chromium', 'chromium-browser']);
  if (browser) return { found: true, path: browser, source: 'PATH' };
  const downloaded = playwrightChromium();
  if (downloaded && isExecutable(downloaded)) return { found: true, path: downloaded, source: 'Playwright' };
  return { found: false, reason: 'no Chromium found' };
}

/** Whether a search found a headless shell rather than a full browser. @param {ChromiumSearch} search */
export const isHeadlessShell = (search) => search.found && /headless[-_]shell/.test(search.path);

/** @param {string} path */
export function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
