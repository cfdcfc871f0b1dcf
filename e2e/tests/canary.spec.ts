import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { appNames } from '@murmur/config/apps';
import { cohortStorageName, inCanary } from '@murmur/config/cohort';
import { otherEnvironment } from './otherEnvironment';
import { releaseChangedCopy, storeCommand } from './store';
import { feedRoot, inGroups, signIn } from './support';

// A canary of feed-mfe (docs/canary.md, "Canary releases"), in a store of this file's own on ports of its own (on S3
// behind nginx where the run has them, as production does): the live releases copied there, and a copy of the live
// feed-mfe whose root says `data-build="canary"` released beside it as another version.
let environment: Awaited<ReturnType<typeof otherEnvironment>>;
let stable = '';
let canary = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Copying four releases (uploading them, to S3), then one release of feed-mfe (hashed and compressed at brotli's
  // highest quality).
  test.setTimeout(300_000);
  environment = await otherEnvironment(appNames, 4040, { beside: true });
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

/** Fresh visitors loading side by side: enough to halve the test's time, few enough for two busy cores. */
const VISITORS_AT_ONCE = 4;

/** A signed-in person's browser state, taken before the canary: it holds no cohort key. */
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

/** A fresh browser (no cohort key yet), signed in, that opens this environment's feed; and its page. */
async function freshVisitor(browser: Browser) {
  const context = await browser.newContext({ storageState: signedIn });
  const page = await context.newPage();
  const feedFolders = new Set<string>();
  const feedOrigin = environment.origin('feed-mfe');
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(`${feedOrigin}/`)) feedFolders.add(url.slice(feedOrigin.length + 1).split('/')[0] ?? '');
  });
  await page.goto(`${environment.origin('shell')}/`);
  // A cold cache: the shell, the remotes and the feed's first page, on two busy cores.
  await expect(feedRoot(page).getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  const build = await feedRoot(page).getAttribute('data-build');
  // The page keeps its own key; the edge sets no cookie, so that every answer is the same for everyone.
  const key = await page.evaluate((name) => localStorage.getItem(name), cohortStorageName);
  expect(key, 'the cohort key').toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(await context.cookies(environment.origin('shell'))).toEqual([]);
  return { context, page, build, key: key ?? '', feedFolders };
}

test('a canary at 50 % serves the new feed-mfe to some new visitors, the stable one to others, each for good', async ({
  browser,
}) => {
  // Twenty fresh visitors and sixty reloads on two busy cores, beside another worker.
  test.setTimeout(900_000);
  const signingIn = await browser.newContext();
  await signIn(await signingIn.newPage(), `${environment.origin('shell')}/`);
  signedIn = await signingIn.storageState();
  await signingIn.close();
  const promoted = storeCommand(['promote', 'feed-mfe', canary, '--canary', '50'], environment.env);
  expect(promoted.status, promoted.stderr).toBe(0);
  expect(promoted.stdout).toBe(`feed-mfe ${canary} is live for 50 % of people`);
  const status = storeCommand(['status'], environment.env);
  expect(status.stdout).toContain(`feed-mfe     stable ${stable} 50 %  canary ${canary} 50 %`);

  // Twenty fresh visitors, four at a time, each on the canary with a chance of one half (all twenty alike would be a
  // chance of 1 in 524,288 with a sound split).
  const visitors = await inGroups(Array.from({ length: 20 }), VISITORS_AT_ONCE, async () => {
    const visitor = await freshVisitor(browser);
    // What it loaded is what its key says, and only that version's files of feed-mfe were asked for.
    const onCanary = await inCanary(visitor.key, 'feed-mfe', 50);
    expect(visitor.build).toBe(onCanary ? 'canary' : 'dev');
    expect([...visitor.feedFolders]).toEqual([onCanary ? canary : stable]);
    return visitor;
  });
  expect([...new Set(visitors.map((visitor) => visitor.build))].sort()).toEqual(['canary', 'dev']);

  /** Reloads every visitor's page, four at a time, and waits for its feed. */
  const reloadEach = (check: (visitor: (typeof visitors)[number]) => Promise<void>) =>
    inGroups(visitors, VISITORS_AT_ONCE, async (visitor) => {
      await visitor.page.reload();
      await expect(feedRoot(visitor.page).getByRole('article').first()).toBeVisible({ timeout: 30_000 });
      await check(visitor);
    });

  // Each keeps its version across a reload (and the ramp's and the rollback's below), with the same key.
  await reloadEach(async ({ page, build, key }) => {
    await expect(feedRoot(page)).toHaveAttribute('data-build', build ?? '');
    expect(await page.evaluate((name) => localStorage.getItem(name), cohortStorageName)).toBe(key);
  });

  // Widening moves no one back: each on the canary stays there, and those the new share takes in move to it.
  const ramped = storeCommand(['ramp', 'feed-mfe', '80'], environment.env);
  expect(ramped.status, ramped.stderr).toBe(0);
  await reloadEach(async ({ page, build, key }) => {
    const expected = (await inCanary(key, 'feed-mfe', 80)) ? 'canary' : 'dev';
    if (build === 'canary') expect(expected).toBe('canary');
    await expect(feedRoot(page)).toHaveAttribute('data-build', expected);
  });

  // Rollback ends the canary: everyone is on the stable version at the next load.
  const rolledBack = storeCommand(['rollback', 'feed-mfe'], environment.env);
  expect(rolledBack.stdout).toBe(`feed-mfe canary ${canary} ended: ${stable} is live for everyone`);
  await reloadEach(async ({ page }) => {
    await expect(feedRoot(page)).toHaveAttribute('data-build', 'dev');
  });
  for (const { context } of visitors) await context.close();
  const verified = storeCommand(['verify'], environment.env);
  expect(verified.status, verified.stdout).toBe(0);
});
