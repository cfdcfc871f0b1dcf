import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appNames, type AppName } from '@murmur/config/apps';
import { feedRoot, origins, signIn, visitFeedProfileAndBookmarks } from './support';
import { otherEnvironment } from './otherEnvironment';
import { collectErrors, copyRelease, liveVersion, readStoreFile, storeCommand } from './store';

/** A copy of the live feed-mfe release with its manifest changed as `edit` says, released as a new version. */
async function releaseAlteredFeed(
  edit: (manifest: {
    shared: { name: string; version: string; requiredVersion?: string }[];
    exposes: { path: string }[];
  }) => void,
) {
  const folder = mkdtempSync(join(tmpdir(), 'murmur-altered-feed-'));
  await copyRelease('feed-mfe', liveVersion('feed-mfe'), folder, (file) => !/\.(br|gz)$/.test(file));
  const manifest = JSON.parse(readFileSync(join(folder, 'mf-manifest.json'), 'utf8'));
  edit(manifest);
  writeFileSync(join(folder, 'mf-manifest.json'), JSON.stringify(manifest));
  const released = storeCommand(['release', 'feed-mfe', '--from', folder]);
  rmSync(folder, { recursive: true, force: true });
  expect(released.status, released.stderr).toBe(0);
  return released.stdout.split('\n').at(-1) ?? '';
}

// These tests move the store's pointers, so they run one after another.
test.describe.configure({ mode: 'serial' });

test('a new feed-mfe goes live at the next page load, in an older tab at its next mount; rollback restores it', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const shellBefore = liveVersion('shell');
  const v1 = liveVersion('feed-mfe');
  // Whatever this store released before (the other tests of this file release feed-mfe too), v1 live among it.
  const releasesBefore = storeCommand(['releases', 'feed-mfe']).stdout.split('\n');
  const label = `v2-${Date.now()}`;

  const oldTabErrors = collectErrors(page);
  const oldTabRequests: string[] = [];
  page.on('request', (request) => oldTabRequests.push(request.url()));
  await signIn(page);
  await expect(feedRoot(page)).toHaveAttribute('data-build', 'dev');

  // Build and release feed-mfe alone, with a label that shows on the page; nothing else is rebuilt.
  const released = storeCommand(['release', 'feed-mfe'], { VITE_BUILD_LABEL: label });
  expect(released.status, released.stderr).toBe(0);
  const v2 = released.stdout.split('\n').at(-1) ?? '';
  expect(v2).not.toBe(v1);
  const promoted = storeCommand(['promote', 'feed-mfe', v2]);
  expect(promoted.status, promoted.stderr).toBe(0);
  expect(storeCommand(['releases', 'feed-mfe']).stdout.split('\n')).toEqual([
    ...releasesBefore.map((line) => `  ${line.slice(2)}`),
    `* ${v2}`,
  ]);
  expect(liveVersion('shell')).toBe(shellBefore);

  // The tab opened on v1 hears of v2 as it moves between feed, profile (which shows feed-mfe's post list) and
  // bookmarks, and takes it where feed-mfe next mounts, without a reload: v2 shares what v1 shares and keeps its
  // contract (docs/open-tabs.md).
  await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
  await visitFeedProfileAndBookmarks(page);
  await expect(feedRoot(page)).toHaveAttribute('data-build', label);
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(oldTabRequests.filter((url) => url.includes(v2)).length).toBeGreaterThan(0);
  expect(oldTabErrors).toEqual([]);
  await expect(page.getByRole('region', { name: 'New version' })).toHaveCount(0);

  // A page loaded now gets v2, and only v2's files of feed-mfe.
  const fresh = await context.newPage();
  const freshErrors = collectErrors(fresh);
  const feedRequests: string[] = [];
  fresh.on('request', (request) => {
    if (request.url().startsWith(origins.feed)) feedRequests.push(request.url());
  });
  await fresh.goto('/');
  await expect(feedRoot(fresh)).toHaveAttribute('data-build', label);
  await expect(feedRoot(fresh).getByRole('article').first()).toBeVisible();
  expect(feedRequests.length).toBeGreaterThan(0);
  expect(feedRequests.filter((url) => !url.startsWith(`${origins.feed}/${v2}/`))).toEqual([]);
  expect(freshErrors).toEqual([]);
  await expect(fresh.getByRole('region', { name: 'New version' })).toHaveCount(0);

  const rolledBack = storeCommand(['rollback', 'feed-mfe']);
  expect(rolledBack.status, rolledBack.stderr).toBe(0);
  expect(rolledBack.stdout).toBe(`feed-mfe ${v1} is live again (was ${v2})`);
  await fresh.reload();
  await expect(feedRoot(fresh)).toHaveAttribute('data-build', 'dev');
  await expect(feedRoot(fresh).getByRole('article').first()).toBeVisible();
});

test('promote refuses a feed-mfe that does not fit the live shell, and the app keeps serving the live version', async ({
  page,
}) => {
  // Two releases: each copies, hashes and compresses a build (brotli at its highest quality), which took 9-14 s each
  // with both cores busy; the test waits for them as their operator would.
  test.setTimeout(120_000);
  const live = liveVersion('feed-mfe');
  const pointer = await readStoreFile('shell/remotes.json');

  const react20 = await releaseAlteredFeed((manifest) => {
    const react = manifest.shared.find((shared) => shared.name === 'react');
    if (!react) throw new Error('feed-mfe shares no react');
    Object.assign(react, { version: '20.0.0', requiredVersion: '^20.0.0' });
  });
  const refused = storeCommand(['promote', 'feed-mfe', react20]);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toBe(`refused: feed-mfe ${react20}: it needs react ^20.0.0, the live shell provides 19.3.1`);

  const withoutList = await releaseAlteredFeed((manifest) => {
    manifest.exposes = manifest.exposes.filter((expose) => expose.path !== './UserPostList');
  });
  const refusedToo = storeCommand(['promote', 'feed-mfe', withoutList]);
  expect(refusedToo.status).toBe(1);
  expect(refusedToo.stderr).toBe(
    `refused: feed-mfe ${withoutList}: it does not expose ./UserPostList, which the composed app loads`,
  );

  expect(liveVersion('feed-mfe')).toBe(live);
  expect(await readStoreFile('shell/remotes.json')).toBe(pointer);
  await signIn(page);
  await expect(feedRoot(page).getByRole('article').first()).toBeVisible();
});

/** A second environment on ports 4010-4013, where `apps` were promoted in this order; its remotes.json. */
async function secondEnvironment(apps: readonly AppName[]) {
  const environment = await otherEnvironment(apps, 4010);
  return {
    ...environment,
    pointer: () =>
      JSON.parse(readFileSync(join(environment.store, 'shell', 'remotes.json'), 'utf8')) as Record<string, string> & {
        integrity?: Record<string, string>;
      },
  };
}

/** Signs in on the shell at `origin` as a person would, and waits for the feed's first post. */
async function signInAt(page: Page, origin: string) {
  await signIn(page, `${origin}/`);
  await expect(feedRoot(page).getByRole('article').first()).toBeVisible();
}

test('the same builds, deployed to a second environment at other URLs, work there unchanged', async ({ page }) => {
  // Copying four releases, four promotes (each a process of its own) and a second server: 25-30 s with both cores
  // busy, before the page is asked for; the test waits for them as their operator would.
  test.setTimeout(90_000);
  const staging = await secondEnvironment(appNames);
  const { port } = staging;
  try {
    const errors = collectErrors(page);
    const feedRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`:${port('feed-mfe')}/`) || request.url().startsWith(origins.feed))
        feedRequests.push(request.url());
    });
    await signInAt(page, `http://localhost:${port('shell')}`);
    expect(feedRequests.length).toBeGreaterThan(0);
    expect(
      feedRequests.filter((url) => !url.startsWith(`http://localhost:${port('feed-mfe')}/${liveVersion('feed-mfe')}/`)),
    ).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await staging.close();
  }
});

test('an environment where a remote was never promoted serves the others; that one shows Retry in its place', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // promote writes only the remotes that are live: profile-mfe's turn has not come yet.
  const staging = await secondEnvironment(['shell', 'auth-mfe', 'feed-mfe']);
  try {
    const { integrity, ...pointer } = staging.pointer();
    // Beside the remotes, the shell's live version (for the open tabs: docs/canary.md).
    expect(Object.keys(pointer).sort()).toEqual(['auth-mfe', 'feed-mfe', 'shell']);
    expect(Object.keys(integrity ?? {}).filter((url) => url.includes(`:${staging.port('profile-mfe')}/`))).toEqual([]);
    await signInAt(page, `http://localhost:${staging.port('shell')}`);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Your Profile' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(failure).toContainText('profile-mfe');
    // For the operator: why.
    await expect(failure).toContainText('remotes.json has no URL for the remote profile-mfe');
    await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();

    // The rest of the app works on.
    await page.getByRole('link', { name: 'Explore' }).click();
    await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
    await expect(feedRoot(page).getByRole('article').first()).toBeVisible();
  } finally {
    await staging.close();
  }
});
