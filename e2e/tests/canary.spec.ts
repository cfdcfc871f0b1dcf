import { expect, test, type Browser } from '@playwright/test';
import { appNames } from '@murmur/config/apps';
import { cohortCookieName, inCanary } from '@murmur/deploy';
import { otherEnvironment } from './otherEnvironment';
import { releaseChangedCopy, storeCommand } from './store';
import { feedRoot, signIn } from './support';

// A canary of feed-mfe (docs/canary.md, "Canary releases"), in a store of this file's own on ports of its own:
// the live releases copied there, and a copy of the live feed-mfe whose root says `data-build="canary"` released
// beside it as another version.
let environment: Awaited<ReturnType<typeof otherEnvironment>>;
let stable = '';
let canary = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Copying four releases, then one release of feed-mfe (hashed and compressed at brotli's highest quality).
  test.setTimeout(180_000);
  environment = await otherEnvironment(appNames, 4040);
  stable = environment.versions.get('feed-mfe') ?? '';
  ({ version: canary } = await releaseChangedCopy('feed-mfe', stable, environment.env, {
    script: "the chunk that renders feed-mfe's root",
    change: (text) =>
      text.includes('"data-build":`dev`') ? text.replace('"data-build":`dev`', '"data-build":`canary`') : null,
  }));
});

test.afterAll(async () => {
  await environment?.close();
});

/** A fresh browser context (no cookie yet) signed in on this environment's shell, and its page. */
async function freshVisitor(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const feedFolders = new Set<string>();
  const feedOrigin = environment.origin('feed-mfe');
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(`${feedOrigin}/`)) feedFolders.add(url.slice(feedOrigin.length + 1).split('/')[0] ?? '');
  });
  await signIn(page, `${environment.origin('shell')}/`);
  await expect(feedRoot(page).getByRole('article').first()).toBeVisible();
  const build = await feedRoot(page).getAttribute('data-build');
  const cookies = await context.cookies(environment.origin('shell'));
  const key = cookies.find((cookie) => cookie.name === cohortCookieName);
  expect(key, 'the cohort cookie').toBeDefined();
  expect(key).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  return { context, page, build, key: key?.value ?? '', feedFolders };
}

test('a canary at 50 % serves the new feed-mfe to some fresh visitors and the stable one to the others, each for good', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const promoted = storeCommand(['promote', 'feed-mfe', canary, '--canary', '50'], environment.env);
  expect(promoted.status, promoted.stderr).toBe(0);
  expect(promoted.stdout).toBe(`feed-mfe ${canary} is live for 50 % of people`);
  const status = storeCommand(['status'], environment.env);
  expect(status.stdout).toContain(`feed-mfe     stable ${stable} 50 %  canary ${canary} 50 %`);

  const visitors: Awaited<ReturnType<typeof freshVisitor>>[] = [];
  const builds = () => new Set(visitors.map((visitor) => visitor.build));
  // Each visitor is on the canary with a chance of one half: until both have been seen (sixteen visitors all alike
  // would be a chance of 1 in 32,768 with a sound split), and at least four.
  while (visitors.length < 4 || (builds().size < 2 && visitors.length < 16)) {
    const visitor = await freshVisitor(browser);
    visitors.push(visitor);
    // What it was sent is what its key says, and only that version's files of feed-mfe were loaded.
    const onCanary = inCanary(visitor.key, 'feed-mfe', 50);
    expect(visitor.build).toBe(onCanary ? 'canary' : 'dev');
    expect([...visitor.feedFolders]).toEqual([onCanary ? canary : stable]);
  }
  expect([...builds()].sort()).toEqual(['canary', 'dev']);

  // Each keeps its version across reloads, with the same key.
  for (const { page, build, key, context } of visitors) {
    for (let i = 0; i < 2; i += 1) {
      await page.reload();
      await expect(feedRoot(page).getByRole('article').first()).toBeVisible();
      await expect(feedRoot(page)).toHaveAttribute('data-build', build ?? '');
    }
    expect((await context.cookies()).find((cookie) => cookie.name === cohortCookieName)?.value).toBe(key);
  }

  // Widening moves no one back: each on the canary stays there, and those the new share takes in move to it.
  const ramped = storeCommand(['ramp', 'feed-mfe', '80'], environment.env);
  expect(ramped.status, ramped.stderr).toBe(0);
  for (const { page, build, key } of visitors) {
    await page.reload();
    await expect(feedRoot(page).getByRole('article').first()).toBeVisible();
    const expected = inCanary(key, 'feed-mfe', 80) ? 'canary' : 'dev';
    if (build === 'canary') expect(expected).toBe('canary');
    await expect(feedRoot(page)).toHaveAttribute('data-build', expected);
  }

  // Rollback ends the canary: everyone is on the stable version at the next load.
  const rolledBack = storeCommand(['rollback', 'feed-mfe'], environment.env);
  expect(rolledBack.stdout).toBe(`feed-mfe canary ${canary} ended: ${stable} is live for everyone`);
  for (const { page } of visitors) {
    await page.reload();
    await expect(feedRoot(page).getByRole('article').first()).toBeVisible();
    await expect(feedRoot(page)).toHaveAttribute('data-build', 'dev');
  }
  for (const { context } of visitors) await context.close();
  const verified = storeCommand(['verify'], environment.env);
  expect(verified.status, verified.stdout).toBe(0);
});
