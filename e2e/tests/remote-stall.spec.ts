import { expect, test, type Page, type Route } from '@playwright/test';
import { resolvedDataId } from '@murmur/config/resolved-page';
import { origins, signIn } from './support';

// Each test waits out the remote time limit (12 s) once.
test.describe.configure({ timeout: 60_000 });

const IN_TIME = { timeout: 20_000 };
const failure = (page: Page) => page.getByRole('alert').filter({ hasText: 'could not be loaded' });

/**
 * Requests matching `pattern` hang, as from a stalled CDN edge: they are held and never answered. `release` only
 * lets new requests through; the held ones stay stalled, so whatever recovers cannot be riding on them.
 */
async function stall(page: Page, pattern: string | RegExp) {
  const held: Route[] = [];
  let stalling = true;
  await page.route(pattern, (route) => {
    if (stalling) held.push(route);
    else void route.fallback();
  });
  return {
    held: () => held.length,
    release: () => {
      stalling = false;
    },
  };
}

/**
 * Takes `remote` out of the remotes.json the served page carries (docs/architecture.md, "The served page") as the
 * page is parsed, before the early script reads it: the page opens with that remote's place showing its failure, and
 * only a Retry asks for remotes.json. (A page fulfilled from here instead would be refused the remotes' loopback
 * origins by Chromium's local network access rules.)
 */
async function withoutRemoteCarried(page: Page, remote: string) {
  await page.addInitScript(
    ({ id, remote }) => {
      const observer = new MutationObserver(() => {
        const element = document.getElementById(id);
        let data: { remotes: Record<string, unknown> };
        try {
          data = JSON.parse(element?.textContent ?? '') as typeof data;
        } catch {
          return; // not parsed whole yet
        }
        const remotes = Object.fromEntries(Object.entries(data.remotes).filter(([name]) => name !== remote));
        if (element) element.textContent = JSON.stringify({ ...data, remotes });
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
      document.addEventListener('DOMContentLoaded', () => observer.disconnect());
    },
    { id: resolvedDataId, remote },
  );
}

test('a remotes.json that lacks a remote is reported naming the file, and Retry reads the whole file', async ({
  page,
}) => {
  await withoutRemoteCarried(page, 'auth-mfe');
  await page.goto('/auth');
  await expect(failure(page)).toContainText('remotes.json has no URL for the remote auth-mfe');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(failure(page)).toHaveCount(0);
});

test('a stalled remotes.json is reported in time, and Retry reads it again', async ({ page }) => {
  await withoutRemoteCarried(page, 'auth-mfe');
  await page.goto('/auth');
  await expect(failure(page)).toContainText('remotes.json has no URL for the remote auth-mfe');

  const stalled = await stall(page, /\/remotes\.json(\?.*)?$/);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(failure(page)).toContainText('remotes.json did not answer', IN_TIME);
  expect(stalled.held()).toBeGreaterThan(0);

  stalled.release();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(failure(page)).toHaveCount(0);
});

for (const { step, pattern, file } of [
  { step: 'manifest', pattern: `${origins.profile}/**/mf-manifest.json**`, file: /\/mf-manifest\.json$/ },
  // The screen's own file, which the page imports straight (its name is its source's: lifecycles.tsx).
  { step: 'screen file', pattern: `${origins.profile}/**/assets/lifecycles-*.js**`, file: /\/lifecycles-[^/]+\.js$/ },
]) {
  test(`a stalled ${step} of a remote is reported in time in its place, and Retry loads it`, async ({ page }) => {
    // Stalled from the start: the feed prefetches profile-mfe when idle, and a file fetched before the stall began
    // would load from the browser's cache instead.
    const stalled = await stall(page, pattern);
    const retried: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${origins.profile}/_attempt/`)) retried.push(request.url());
    });
    await signIn(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading profile-mfe' })).toBeAttached();
    await expect(failure(page)).toContainText('did not answer within 12 s', IN_TIME);
    expect(stalled.held()).toBeGreaterThan(0);
    // The rest of the page keeps working meanwhile.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    stalled.release();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('[data-remote="profile-mfe"]')).toBeVisible(IN_TIME);
    await expect(failure(page)).toHaveCount(0);
    // The manifest and the files found relative to it were asked for under the attempt prefix: URLs of their own.
    expect(retried.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
    expect(retried.some((url) => file.test(url))).toBe(true);
  });
}

test(
  'a stalled chunk of a remote is reported in time in its place, ' +
    'and Retry loads it while the request still stalls',
  async ({ page }) => {
    const stalled = await stall(page, `${origins.profile}/**/assets/**/*.js`);
    await signIn(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await expect(failure(page)).toContainText('did not answer within 12 s', IN_TIME);
    const stalledChunks = stalled.held();
    expect(stalledChunks).toBeGreaterThan(0);

    // The stalled chunk requests are never answered: a chunk imported again under its old URL would wait on them in
    // the browser's module map. Retry loads the remote under URLs of its own, chunks included.
    stalled.release();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('[data-remote="profile-mfe"]')).toBeVisible(IN_TIME);
    await expect(failure(page)).toHaveCount(0);
    expect(stalled.held()).toBe(stalledChunks);
    // Loaded anew, it still renders with the page's one React, and with no federation runtime.
    const shared = await page.evaluate(() => {
      const w = globalThis as {
        __murmurSharedInstances?: Record<string, unknown[]>;
        __FEDERATION__?: { __INSTANCES__: { constructor: unknown }[] };
      };
      return {
        reacts: new Set(w.__murmurSharedInstances?.react).size,
        runtimes: new Set(w.__FEDERATION__?.__INSTANCES__.map((instance) => instance.constructor)).size,
      };
    });
    expect(shared).toEqual({ reacts: 1, runtimes: 0 });
  },
);
