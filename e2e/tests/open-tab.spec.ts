import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { appNames, type AppName } from '@murmur/config/apps';
import { openStore, promote as promoteInStore } from '@murmur/deploy';
import { countsOf } from '../bench/roundTrips.mjs';
import { otherEnvironment } from './otherEnvironment';
import { collectErrors, copyRelease, releaseChangedCopy, storeCommand } from './store';
import { feedRoot, signIn } from './support';

// What a tab that stays open does when a deployment lands (docs/open-tabs.md), in a store of
// this file's own on ports 4080-4083: on S3 behind nginx where the run has them, as production does.
let environment: Awaited<ReturnType<typeof otherEnvironment>>;
let stable = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  environment = await otherEnvironment(appNames, 4080, { beside: true });
  stable = environment.versions.get('feed-mfe') ?? '';
});

test.afterAll(async () => {
  await environment?.close();
});

const shell = () => environment.origin('shell');
const profilePath = '/profile/miraokafor';

/** A release of feed-mfe that is the stable one but for the label its root carries (`data-build`). */
async function labelledFeed(label: string) {
  const { version } = await releaseChangedCopy('feed-mfe', stable, environment.env, {
    script: "the chunk that renders feed-mfe's root",
    change: (text) =>
      text.includes('"data-build":`dev`') ? text.replace('"data-build":`dev`', `"data-build":\`${label}\``) : null,
  });
  return version;
}

/**
 * Promotes `version` of `app` in this file's store, through the library the `promote` command runs: what the tabs see
 * is the store's files, and a process a switch would cost nothing here.
 */
const promote = (app: AppName, version: string) =>
  promoteInStore({ store: environment.store, app, version, env: { ...process.env, ...environment.env } });

/** A tab of `context` opened at `path`, marked so that a reload of it would show. */
async function openTab(context: BrowserContext, path: string) {
  const page = await context.newPage();
  await page.goto(`${shell()}${path}`);
  await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
  return page;
}

/** Whether the tab is still the document it was opened as (no reload since). */
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

/** Goes to the feed by the top bar, as a reader does. */
const goToFeed = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'NewsFeed' }).click();

/** Goes to the feed, and waits for its posts. */
async function visitFeed(page: Page) {
  await goToFeed(page);
  await expect(feedRoot(page).getByRole('article').first()).toBeVisible();
}

async function visitProfile(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`${profilePath}$`));
}

/** A signed-in browser of its own, its session kept for each tab it opens. */
async function signedIn(browser: Browser) {
  const context = await browser.newContext();
  const first = await context.newPage();
  await signIn(first, `${shell()}/`);
  await first.close();
  return context;
}

/** Replaces a file of a release in this file's store (and drops its precompressed copies), as an attacker would. */
async function tamperReleasedFile(app: string, version: string, file: string, edit: (text: string) => string) {
  const store = openStore(environment.store);
  const key = `${app}/${version}/${file}`;
  const text = (await store.read(key)) ?? '';
  await store.withLock(async () => {
    await store.write(key, edit(text));
    for (const variant of [`${key}.br`, `${key}.gz`]) if (await store.has(variant)) await store.remove(variant);
  });
}

test('ten open tabs take a promoted feed-mfe at their next feed visit, no reload, and refuse a changed file', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await signedIn(browser);
  const tabs: Page[] = [];
  for (let i = 0; i < 10; i += 1) tabs.push(await openTab(context, profilePath));
  for (const tab of tabs) await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();

  const label = `open-tabs-${Date.now()}`;
  await promote('feed-mfe', await labelledFeed(label));
  for (const tab of tabs) {
    await visitFeed(tab);
    await expect(feedRoot(tab)).toHaveAttribute('data-build', label);
    expect(await sameDocument(tab)).toBe(true);
    // Nothing to ask of the reader: the switch needed no reload.
    await expect(tab.getByRole('region', { name: 'New version' })).toHaveCount(0);
  }

  // A version one of whose files was changed after its release: refused in an open tab as in a fresh one.
  const tamperedLabel = `tampered-${Date.now()}`;
  const tampered = await labelledFeed(tamperedLabel);
  const manifest = JSON.parse(
    (await openStore(environment.store).read(`feed-mfe/${tampered}/mf-manifest.json`)) ?? '{}',
  );
  const entry = (manifest.exposes as { path: string; murmurEntry?: string }[]).find(
    (e) => e.path === './app',
  )?.murmurEntry;
  if (!entry) throw new Error("feed-mfe's manifest names no file of its own for ./app");
  await tamperReleasedFile('feed-mfe', tampered, entry, (text) => `${text}\n;globalThis.__altered = true;\n`);
  await promote('feed-mfe', tampered);
  const open = tabs[0] as Page;
  await visitProfile(open);
  await goToFeed(open);
  const failure = open.getByRole('alert').filter({ hasText: 'could not be loaded' });
  await expect(failure).toContainText('feed-mfe');
  expect(await open.evaluate(() => (globalThis as { __altered?: boolean }).__altered)).toBeUndefined();
  expect(await sameDocument(open)).toBe(true);
  const fresh = await context.newPage();
  await fresh.goto(`${shell()}/`);
  await expect(fresh.getByRole('alert').filter({ hasText: 'could not be loaded' })).toContainText('feed-mfe');
  expect(await fresh.evaluate(() => (globalThis as { __altered?: boolean }).__altered)).toBeUndefined();

  // Put right by the next promote, which the tab that showed the failure takes at its next visit.
  await promote('feed-mfe', stable);
  await visitProfile(open);
  await visitFeed(open);
  await expect(feedRoot(open)).toHaveAttribute('data-build', 'dev');
  await context.close();
});

test('a half-typed post survives a switch of feed-mfe: the new version waits for the next visit', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await signedIn(browser);
  const tab = await openTab(context, '/');
  await expect(feedRoot(tab).getByRole('article').first()).toBeVisible();
  const before = (await feedRoot(tab).getAttribute('data-build')) ?? '';
  const composer = tab.getByRole('textbox', { name: "What's happening?" });
  await composer.fill('Half a thought about');

  const label = `typed-${Date.now()}`;
  const version = await labelledFeed(label);
  await promote('feed-mfe', version);
  // The tab hears of it (as when the reader comes back to it) and fetches the new version ahead...
  const fetched = tab.waitForRequest((request) => request.url().includes(`/${version}/`));
  await tab.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await fetched;
  // ...without touching the screen the reader is on.
  await expect(composer).toHaveValue('Half a thought about');
  await expect(feedRoot(tab)).toHaveAttribute('data-build', before);
  await composer.pressSequentially(' open tabs');
  await expect(composer).toHaveValue('Half a thought about open tabs');

  await visitProfile(tab);
  await visitFeed(tab);
  await expect(feedRoot(tab)).toHaveAttribute('data-build', label);
  expect(await sameDocument(tab)).toBe(true);
  await context.close();
});

/**
 * A copy of feed-mfe's stable release whose published contract says more, released: its exposes.d.ts, and the hash
 * of it its build writes in the manifest.
 */
async function feedWithAnotherContract() {
  const folder = mkdtempSync(join(tmpdir(), 'murmur-contract-feed-'));
  try {
    await copyRelease('feed-mfe', stable, folder, (file) => !/\.(br|gz)$/.test(file) && file !== '.release.json');
    const exposes = join(folder, 'exposes.d.ts');
    const contract = `${readFileSync(exposes, 'utf8')}\nexport type Added = 'a change of contract';\n`;
    writeFileSync(exposes, contract);
    const manifestFile = join(folder, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.murmurContract.exposes = `sha256-${createHash('sha256').update(contract).digest('base64')}`;
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const released = storeCommand(['release', 'feed-mfe', '--from', folder], environment.env);
    expect(released.status, released.stderr).toBe(0);
    return released.stdout.split('\n').at(-1) ?? '';
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('a new shell, or a remote whose contract changed, is offered with Reload while the tab keeps working', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await signedIn(browser);
  const tab = await openTab(context, '/');
  const errors = collectErrors(tab);
  await expect(feedRoot(tab).getByRole('article').first()).toBeVisible();
  const running = (await feedRoot(tab).getAttribute('data-build')) ?? '';
  const notice = tab.getByRole('region', { name: 'New version' });

  await promote('feed-mfe', await feedWithAnotherContract());
  await visitProfile(tab);
  await visitFeed(tab);
  await expect(notice).toContainText('A new version of Murmur is available.');
  // Said once to a screen reader, by the live region that was on the page before.
  await expect(tab.getByRole('status').filter({ hasText: 'A new version of Murmur is available.' })).toHaveCount(1);
  // Not switched: the tab runs what it ran, and works.
  await expect(feedRoot(tab)).toHaveAttribute('data-build', running);
  await tab.getByRole('textbox', { name: "What's happening?" }).fill('Still here');
  await feedRoot(tab).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(feedRoot(tab).getByRole('article').first()).toContainText('Still here');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await visitProfile(tab);
  await expect(notice).toHaveCount(0);
  await promote('feed-mfe', stable);

  // A new shell: the same offer, on a tab that dismissed nothing yet.
  const other = await openTab(context, profilePath);
  const shellStable = environment.versions.get('shell') ?? '';
  const { version: newShell } = await releaseChangedCopy('shell', shellStable, environment.env, {
    script: "the shell's main chunk",
    change: (text) =>
      text.includes('A new version of Murmur') ? text.replace('of Murmur is', 'of Murmur is now') : null,
  });
  await promote('shell', newShell);
  await visitFeed(other);
  await expect(other.getByRole('region', { name: 'New version' })).toContainText(
    'A new version of Murmur is available.',
  );
  await visitProfile(other);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await sameDocument(other)).toBe(true);
  await promote('shell', shellStable);
  expect(errors).toEqual([]);
  await context.close();
});

test('twenty switches of feed-mfe in one tab leave its DOM, listeners and heap where they began', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const context = await signedIn(browser);
  // Others' activity off: the counts compare one screen with itself (as tests/round-trips.spec.ts does).
  const tab = await openTab(context, `${profilePath}?mock-delay=0&mock-live=0`);
  const labels = [`switch-a-${Date.now()}`, `switch-b-${Date.now()}`];
  const versions = [await labelledFeed(labels[0] ?? ''), await labelledFeed(labels[1] ?? '')];
  /** A promote the tab takes at its next visit to the feed; it leaves for the profile again, where it is counted. */
  const switchTo = async (index: number) => {
    await promote('feed-mfe', versions[index] ?? '');
    await visitFeed(tab);
    await expect(feedRoot(tab)).toHaveAttribute('data-build', labels[index] ?? '');
    await visitProfile(tab);
    await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  };
  // Each version loaded, and the screens' caches and the engine's code warm: what a switch adds from then on is
  // what must not grow.
  for (let i = 0; i < 8; i += 1) await switchTo(i % 2);
  const before = await countsOf(tab);
  for (let i = 0; i < 20; i += 1) await switchTo(i % 2);
  const after = await countsOf(tab);
  console.log(`20 switches: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);
  expect(Math.abs(after.listeners - before.listeners)).toBeLessThanOrEqual(before.listeners * 0.05);
  expect(Math.abs(after.nodes - before.nodes)).toBeLessThanOrEqual(before.nodes * 0.05);
  expect(after.objectsMiB - before.objectsMiB).toBeLessThanOrEqual(1);
  expect(await sameDocument(tab)).toBe(true);
  await promote('feed-mfe', stable);
  await context.close();
});
