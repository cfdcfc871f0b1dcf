// @ts-check
import { describe, expect, it } from 'vitest';
import { findChromium, isHeadlessShell, SYSTEM_CHROMIUM, SYSTEM_HEADLESS_SHELL } from './chromium.js';

const PLAYWRIGHT = '/root/.cache/ms-playwright/chromium-1200/chrome-linux/chrome';

/**
 * A machine on which exactly `executables` exist.
 * @param {string[]} executables
 * @param {Record<string, string | undefined>} [env]
 */
function machine(executables, env = {}) {
  return {
    env,
    isExecutable: (/** @type {string} */ path) => executables.includes(path),
    playwrightChromium: () => PLAYWRIGHT,
  };
}

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, over the system one', () => {
    expect(
      findChromium(machine(['/opt/chromium/chrome', SYSTEM_CHROMIUM], { CHROMIUM_PATH: '/opt/chromium/chrome' })),
    ).toEqual({
      found: true,
      path: '/opt/chromium/chrome',
      source: 'CHROMIUM_PATH',
    });
  });

  it('refuses a CHROMIUM_PATH that is missing, naming it, instead of quietly using another browser', () => {
    const search = findChromium(machine([SYSTEM_CHROMIUM, PLAYWRIGHT], { CHROMIUM_PATH: '/nowhere/chrome' }));
    expect(search.found).toBe(false);
    expect(!search.found && search.reason).toContain(
      'CHROMIUM_PATH is /nowhere/chrome, which is not an executable file',
    );
  });

  it("uses the system's Chromium, then one on PATH, then Playwright's own", () => {
    expect(findChromium(machine([SYSTEM_CHROMIUM, PLAYWRIGHT], { PATH: '/usr/local/bin' }))).toMatchObject({
      path: SYSTEM_CHROMIUM,
    });
    expect(
      findChromium(machine(['/snap/bin/chromium', PLAYWRIGHT], { PATH: '/usr/local/bin:/snap/bin' })),
    ).toMatchObject({
      path: '/snap/bin/chromium',
      source: 'PATH',
    });
    expect(findChromium(machine([PLAYWRIGHT], { PATH: '/usr/local/bin' }))).toMatchObject({
      path: PLAYWRIGHT,
      source: 'Playwright',
    });
  });

  it("takes a headless shell, the system's then one on PATH, over a full Chromium", () => {
    const both = findChromium(machine([SYSTEM_CHROMIUM, SYSTEM_HEADLESS_SHELL, PLAYWRIGHT], { PATH: '/usr/bin' }));
    expect(both).toEqual({ found: true, path: SYSTEM_HEADLESS_SHELL, source: 'system' });
    expect(isHeadlessShell(both)).toBe(true);
    const onPath = findChromium(
      machine([SYSTEM_CHROMIUM, '/opt/bin/chromium-headless-shell'], { PATH: '/usr/local/bin:/opt/bin' }),
    );
    expect(onPath).toEqual({ found: true, path: '/opt/bin/chromium-headless-shell', source: 'PATH' });
    const browserOnly = findChromium(machine([SYSTEM_CHROMIUM], { PATH: '/usr/bin' }));
    expect(browserOnly).toMatchObject({ path: SYSTEM_CHROMIUM });
    expect(isHeadlessShell(browserOnly)).toBe(false);
  });

  it('finds none on a machine without a browser', () => {
    expect(findChromium(machine([], { PATH: '/usr/bin:/bin' }))).toEqual({ found: false, reason: 'no Chromium found' });
  });
});
