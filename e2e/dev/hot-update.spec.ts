import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectRouteScreen, origins, routeVisits, signIn } from '../tests/support';

/**
 * Saves `text` as `file` the way editors that write safely do: into a file beside it, then renamed over it. Written in
 * place, the watcher can see the file emptied and read it before the new text is in; on a loaded machine the dev
 * server then reported "export removed" and never took the second change.
 */
function saveAtomically(file: string, text: string) {
  const beside = `${file}.saving`;
  writeFileSync(beside, text);
  renameSync(beside, file);
}

/**
 * Edits a source file for the length of `body`, and puts the original back afterwards, whatever happens.
 * @param relative the file, from the repository root
 */
async function whileEdited(relative: string, edit: (source: string) => string, body: () => Promise<void>) {
  const file = fileURLToPath(new URL(`../../${relative}`, import.meta.url));
  const original = readFileSync(file, 'utf8');
  const edited = edit(original);
  expect(edited, `the edit of ${relative} changes nothing`).not.toBe(original);
  try {
    saveAtomically(file, edited);
    await body();
  } finally {
    saveAtomically(file, original);
  }
}

/** Marks the current document, so that a test can tell an update in place from a page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  // A page that is loading anew has no document to ask: that is not the same document either.
  return () =>
    page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true).catch(() => false);
}

test("every route of the route table shows its remote's screen on the composed page of the dev servers", async ({
  page,
}) => {
  // The signed-out routes before signing in (with a session they lead on), the others after: every remote of the
  // tables, one added there included, composed from its dev server.
  for (const { address } of routeVisits.filter((route) => route.session === 'signed-out')) {
    await page.goto(address);
    await expect(page).toHaveURL(new RegExp(`${address}$`));
    await expectRouteScreen(page);
  }
  await signIn(page);
  for (const { address } of routeVisits.filter((route) => route.session === 'required')) {
    await page.goto(address);
    await expect(page).toHaveURL(new RegExp(`${address}$`));
    await expectRouteScreen(page);
  }
});

test('an edit of a feed-mfe component shows on the composed page at once, without a reload, keeping its state', async ({
  page,
}) => {
  await signIn(page);
  const draft = page.getByLabel("What's happening?");
  await draft.fill('a draft that Fast Refresh keeps');
  const sameDocument = await markDocument(page);

  await whileEdited(
    'feed-mfe/src/feed/Composer.tsx',
    (source) => source.replace(/(\n\s*)Post(\n\s*<\/Button>)/, '$1Post it$2'),
    async () => {
      await expect(page.getByRole('button', { name: 'Post it', exact: true })).toBeVisible();
      await expect(draft).toHaveValue('a draft that Fast Refresh keeps');
      expect(await sameDocument()).toBe(true);
    },
  );
});

test('an edit Fast Refresh cannot apply reloads the composed page by itself, still signed in', async ({ page }) => {
  await signIn(page);
  const sameDocument = await markDocument(page);

  // The lifecycles module exports no component, so no refresh boundary accepts its update: the page must reload.
  let reloaded: Awaited<ReturnType<typeof markDocument>> = async () => true;
  await whileEdited(
    'feed-mfe/src/lifecycles.tsx',
    (source) => `${source}\nexport const editedForTheDevTest = true;\n`,
    async () => {
      await expect.poll(sameDocument).toBe(false);
      await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      reloaded = await markDocument(page);
    },
  );
  // Putting the file back reloads the page once more; wait for it, so that it cannot reach the next test's page, and
  // for the page it loads: a context closed while that page still loads its modules from the dev servers was seen to
  // hang its teardown past the test's time (a fresh clone, the dev servers' first optimization of dependencies).
  await expect.poll(reloaded).toBe(false);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('edits of the shell and of a shared package show on the composed page without a reload', async ({ page }) => {
  await signIn(page);
  const sameDocument = await markDocument(page);

  await whileEdited(
    'shell/src/layout/TopBar.tsx',
    (source) => source.replace(/(\n\s*)Murmur(\n)/, '$1Murmur dev$2'),
    () => expect(page.getByRole('link', { name: 'Murmur dev' })).toBeVisible(),
  );
  await whileEdited(
    'packages/ui/src/FollowButton.tsx',
    (source) => source.replace("'Unfollow' : 'Follow'", "'Unfollow' : 'Follow them'"),
    () => expect(page.getByRole('button', { name: 'Follow them' }).first()).toBeVisible(),
  );
  expect(await sameDocument()).toBe(true);
});

test("a remote's own page keeps its hot updates while the composition runs", async ({ page }) => {
  // Alone, feed-mfe signs in as the demo user itself.
  await page.goto(`${origins.feed}/explore`);
  await expect(page.getByRole('heading', { name: 'Explore', exact: true })).toBeVisible();
  const sameDocument = await markDocument(page);

  await whileEdited(
    'feed-mfe/src/explore/ExplorePage.tsx',
    (source) => source.replace('>Explore</h1>', '>Explore it all</h1>'),
    () => expect(page.getByRole('heading', { name: 'Explore it all' })).toBeVisible(),
  );
  expect(await sameDocument()).toBe(true);
});
