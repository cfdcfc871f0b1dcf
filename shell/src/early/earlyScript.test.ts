import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { overrideLifetimeMs } from '@murmur/release-checks/override-address';
import { DEVELOPMENT_SHELL_ATTRIBUTE, overridingLoadStorageKey, RUNTIME_CORE_ATTRIBUTE } from './pageHandoff';

// Whether the early script runs the shell's development build: the real script, run as a page load runs it, after the
// tab's own flow (overrides/remoteOverrides.ts) held an override and asked for the load. jsdom does not navigate: the
// address the tab asked for is set by hand, and each load is the script run afresh, the tab's sessionStorage kept.

const manifestUrl = 'http://localhost:4031/mf-manifest.json';

/** The page as built: the early script's tag, naming a development build that stands in for the page's entry. */
function builtPage() {
  document.head.innerHTML =
    `<script ${RUNTIME_CORE_ATTRIBUTE}="assets/core-Ab12Cd34.js" ` +
    `${DEVELOPMENT_SHELL_ATTRIBUTE}="assets/index-Ab12Cd34.js=dev/assets/index-Ef56Gh78.js"></script>`;
}

/** A load of the page at `address`: the early script runs afresh. Answers the import maps it added. */
async function loadAt(address: string) {
  builtPage();
  window.history.replaceState(null, '', address);
  vi.resetModules();
  await import('./earlyScript');
  return [...document.querySelectorAll('script[type="importmap"]')].map(
    (element) => JSON.parse(element.textContent ?? '{}') as { imports?: Record<string, string> },
  );
}

/** The development build's entry, as the page's would be mapped onto it. */
const developmentEntry = {
  imports: { 'http://localhost:3000/assets/index-Ab12Cd34.js': 'http://localhost:3000/dev/assets/index-Ef56Gh78.js' },
};

/** The tab applies an override, as the override panel does, and asks for its page again with it. */
async function applyOverride() {
  const { setOverride } = await import('../overrides/remoteOverrides');
  // jsdom does not navigate: the load the tab asks for is the test's next `loadAt`.
  const noNavigation = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  setOverride('feed-mfe', manifestUrl);
  noNavigation.mockRestore();
}

/**
 * The tab reloaded (its address clean: no development build), and its shell, finding that it holds a live override,
 * asks for its load again, as it does on every reload of such a tab.
 */
async function reloadTab() {
  expect(await loadAt('/')).toEqual([]);
  vi.stubGlobal('fetch', () =>
    Promise.resolve(Response.json({ enabled: true, localhost: true, prefixes: [] }, { status: 200 })),
  );
  const noNavigation = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { activeOverrides } = await import('../overrides/remoteOverrides');
  void activeOverrides();
  await vi.waitFor(() => expect(sessionStorage.getItem(overridingLoadStorageKey)).not.toBeNull(), { timeout: 5000 });
  noNavigation.mockRestore();
}

beforeEach(() => {
  sessionStorage.clear();
  document.cookie = 'murmur-overriding=; Max-Age=0; Path=/';
  delete (window as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the early script runs the shell's development build", () => {
  it('on the load a tab that holds an override asks for, with the cookie the edge requires', async () => {
    await applyOverride();
    expect(await loadAt('/?overriding=1')).toEqual([developmentEntry]);
    expect(window).toHaveProperty('__REACT_DEVTOOLS_GLOBAL_HOOK__');
    // The mark is the one load's: the next load of the tab is the shell's to ask for.
    expect(sessionStorage.getItem(overridingLoadStorageKey)).toBeNull();
  });

  it('not once the override has expired, though the tab asked for the load a moment before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const appliedAt = Date.now();
    await applyOverride();
    vi.setSystemTime(appliedAt + overrideLifetimeMs - 500);
    await reloadTab();
    vi.setSystemTime(appliedAt + overrideLifetimeMs + 500);
    expect(await loadAt('/?overriding=1')).toEqual([]);
    expect(window).not.toHaveProperty('__REACT_DEVTOOLS_GLOBAL_HOOK__');
  });

  it('not in a copy of the tab, which has its sessionStorage but not the load the tab asked for', async () => {
    await applyOverride();
    expect(await loadAt('/?overriding=1')).toEqual([developmentEntry]);
    // A page the tab opens at the same address, within the cookie's few seconds: the browser copies sessionStorage.
    expect(await loadAt('/?overriding=1')).toEqual([]);
  });

  it('not without the cookie: a link or a load the edge answers with the full policy', async () => {
    await applyOverride();
    document.cookie = 'murmur-overriding=; Max-Age=0; Path=/';
    expect(await loadAt('/?overriding=1')).toEqual([]);
    // Nor with the mark left for a later load.
    expect(sessionStorage.getItem(overridingLoadStorageKey)).toBeNull();
  });

  it('not on a load that does not ask for the policy, nor one that asks in another spelling', async () => {
    await applyOverride();
    expect(await loadAt('/')).toEqual([]);
    await applyOverride();
    expect(await loadAt('/?OVERRIDING=1')).toEqual([]);
  });
});
