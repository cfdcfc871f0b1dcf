import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support';

/** However far the person scrolls, the document holds a window of the list, not all of it (docs/benchmarks.md). */
const MAX_ARTICLES = 60;
const SCALE = { users: 1_000, posts: 10_000 };

const feed = (page: Page, name: string) => page.getByRole('feed', { name, exact: true });
const articleCount = (page: Page) => page.locator('article').count();
const articlesOnScreen = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('article')].filter((article) => {
        const { top, bottom } = article.getBoundingClientRect();
        return bottom > 0 && top < innerHeight;
      }).length,
  );
/** The highest place among the articles in the document: how far the loaded pages reach at the window's end. */
const lastPosition = (page: Page) =>
  page.evaluate(() =>
    Math.max(0, ...[...document.querySelectorAll('article')].map((a) => Number(a.getAttribute('aria-posinset')))),
  );
const focusedPosition = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-posinset'));

/** Signs in with the generated data set (no mock delay: the list's size is what is tried here) and opens Explore. */
async function exploreAtScale(page: Page, { delayMs = 0 } = {}) {
  await page.goto(`/auth?mock-delay=${delayMs}&mock-scale=${SCALE.users}:${SCALE.posts}`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login to your account' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore', exact: true }).click();
  const list = feed(page, 'All posts');
  await expect(list.getByRole('article').first()).toBeVisible({ timeout: 20_000 });
  return list;
}

/** Posts a page of the feed brings (@murmur/data's POSTS_PAGE_SIZE). */
const POSTS_PAGE_SIZE = 20;

test.describe('the virtualized feed at 1,000 users / 10,000 posts', () => {
  test.setTimeout(240_000);

  test('keeps at most a window of articles in the document while pages load and at any scroll position', async ({
    page,
  }) => {
    const list = await exploreAtScale(page);
    // Pages come as the list is scrolled; until the last one the feed does not know its size.
    await expect(list.getByRole('article').first()).toHaveAttribute('aria-setsize', '-1');
    const counts: number[] = [];
    let reached = 0;
    // Each step scrolls to the end until a whole page more is in (rendering part of a page is not a step).
    for (let step = 0; step < 15; step += 1) {
      const before = reached;
      await expect
        .poll(async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          reached = await lastPosition(page);
          return reached;
        })
        .toBeGreaterThanOrEqual(before + POSTS_PAGE_SIZE);
      counts.push(await articleCount(page));
    }
    for (const fraction of [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]) {
      await page.evaluate(
        (f) => window.scrollTo(0, f * (document.documentElement.scrollHeight - innerHeight)),
        fraction,
      );
      // The window follows the scroll: some article is on screen wherever the page is.
      await expect.poll(() => articlesOnScreen(page)).toBeGreaterThan(0);
      counts.push(await articleCount(page));
    }
    console.log(`${reached} posts loaded; articles in the document along the way: ${counts.join(', ')}`);
    expect(reached).toBeGreaterThanOrEqual(300);
    expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_ARTICLES);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });

  test('Page Down moves focus post by post to the 1,000th, scrolling it into view; Page Up goes back', async ({
    page,
  }) => {
    const list = await exploreAtScale(page);
    await list.getByRole('article').first().focus();
    expect(await focusedPosition(page)).toBe('1');
    let maxArticles = 0;
    const started = Date.now();
    for (let position = 2; position <= 1_000; position += 1) {
      await page.keyboard.press('PageDown');
      if (position % 100 === 0) {
        // A press for a post whose page is still on its way takes effect when the page is in.
        await expect.poll(() => focusedPosition(page)).toBe(String(position));
        maxArticles = Math.max(maxArticles, await articleCount(page));
      }
    }
    console.log(`Page Down from post 1 to post 1,000: ${Date.now() - started} ms; at most ${maxArticles} articles`);
    const thousandth = page.locator('article:focus');
    await expect(thousandth).toHaveAttribute('aria-posinset', '1000');
    // 50 pages in, thousands remain: the size is still unknown.
    await expect(thousandth).toHaveAttribute('aria-setsize', '-1');
    await expect(thousandth).toBeInViewport();
    expect(maxArticles).toBeLessThanOrEqual(MAX_ARTICLES);

    await page.keyboard.press('PageUp');
    await expect(page.locator('article:focus')).toHaveAttribute('aria-posinset', '999');
    await expect(page.locator('article:focus')).toBeInViewport();
  });

  test(
    'Page Down presses that outrun several pages on their way are all kept: ' + 'focus reaches the post they count to',
    async ({ page }) => {
      // Each page takes 600 ms to come: 60 quick presses from the first post need three more pages, one after another.
      const list = await exploreAtScale(page, { delayMs: 600 });
      await list.getByRole('article').first().focus();
      for (let press = 0; press < 60; press += 1) await page.keyboard.press('PageDown');
      await expect.poll(() => focusedPosition(page), { timeout: 15_000 }).toBe('61');
      await expect(page.locator('article:focus')).toBeInViewport();
    },
  );

  test('Page Down reaches a post that was scrolled far out of the window', async ({ page }) => {
    const list = await exploreAtScale(page);
    await list.getByRole('article').first().focus();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect(list.locator('article[aria-posinset="3"]')).toHaveCount(0);
    await page.keyboard.press('PageDown');
    await expect(page.locator('article:focus')).toHaveAttribute('aria-posinset', '2');
    await expect(page.locator('article:focus')).toBeInViewport();
  });
});

test('the seed feed is an APG feed of its four posts, with the end row after the last', async ({ page }) => {
  await signIn(page);
  const list = feed(page, 'Posts');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  const articles = list.getByRole('article');
  await expect(articles).toHaveCount(4);
  const places = () =>
    articles.evaluateAll((all) =>
      all.map((article) => [article.getAttribute('aria-posinset'), article.getAttribute('aria-setsize')]),
    );
  await expect.poll(places).toEqual([
    ['1', '4'],
    ['2', '4'],
    ['3', '4'],
    ['4', '4'],
  ]);
  await expect(page.getByText("You're all caught up")).toBeVisible();
  await articles.first().getByRole('button', { name: 'Like', exact: true }).focus();
  await page.keyboard.press('PageDown');
  await expect(articles.nth(1)).toBeFocused();
});
