import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, recordRequests } from './support';

/**
 * A feed that is alive (docs/screens.md, "New posts"; docs/data-layer.md, "Newer posts"; mock-api/rules.md, "Live activity"): others post
 * while the reader reads (`?mock-live`), the page asks for what is new (`?poll-new`, seconds), and nothing under the
 * reader's eye moves until they ask for the new posts.
 */

const NEW_POSTS = /^\d+ new posts?$/;
const newPostsButton = (page: Page) => page.getByRole('button', { name: NEW_POSTS });
const newsFeedLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^NewsFeed/ });

/** Signs in with live activity on, at `search` (no mock delay: what is tried here is what arrives, not its wait). */
async function signInLive(page: Page, search: string) {
  await page.goto(`/auth?mock-delay=0&${search}`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login to your account' }).click();
  await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article').first()).toBeVisible({ timeout: 20_000 });
}

/**
 * The page's visibility, as the browser reports it, set by the test (a headless tab is always visible), and the count
 * of "anything newer?" questions the page has asked.
 */
async function visibilityAndQuestions(page: Page) {
  await page.addInitScript(() => {
    let hidden = false;
    Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { get: () => hidden });
    Object.assign(window, {
      __setHidden: (value: boolean) => {
        hidden = value;
        document.dispatchEvent(new Event('visibilitychange'));
      },
    });
  });
  const requests = await recordRequests(page);
  return {
    setHidden: (hidden: boolean) =>
      page.evaluate((value) => (window as unknown as { __setHidden: (v: boolean) => void }).__setHidden(value), hidden),
    questions: async () => (await requests()).filter((request) => request.url.includes('/api/posts/newer')).length,
  };
}

/** The number in the control's name: how many posts wait. */
const waiting = async (page: Page) => Number((await newPostsButton(page).textContent())?.match(/\d+/)?.[0] ?? 0);

test.describe('live activity in the feed', () => {
  test.setTimeout(120_000);

  test('a reader at the 30th post sees "N new posts", the post stays put to the pixel, and the control shows them', async ({
    page,
  }) => {
    await signInLive(page, 'mock-scale=100:600&mock-live=0.5&poll-new=1');
    // Down to the 30th post, with the mouse wheel as a reader would, then the 30th at the viewport's top.
    const thirtieth = page.locator('article[aria-posinset="30"]');
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 800);
          return thirtieth.isVisible();
        },
        { timeout: 30_000, intervals: [100] },
      )
      .toBe(true);
    await page.evaluate(() => {
      const article = document.querySelector('article[aria-posinset="30"]') as HTMLElement;
      window.scrollBy(0, article.getBoundingClientRect().top - 120);
    });

    // From here on, every frame notes where that very element is on screen (React keeps its node while it is shown).
    await page.evaluate(() => {
      const article = document.querySelector('article[aria-posinset="30"]') as HTMLElement;
      const state = { top: article.getBoundingClientRect().top, shift: 0, connected: true, frames: 0 };
      Object.assign(window, { __watched: state, __watchedArticle: article });
      const watch = () => {
        state.connected &&= article.isConnected;
        state.shift = Math.max(state.shift, Math.abs(article.getBoundingClientRect().top - state.top));
        state.frames += 1;
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    const watched = () =>
      page.evaluate(
        () => (window as unknown as { __watched: { shift: number; connected: boolean; frames: number } }).__watched,
      );

    await expect(newPostsButton(page)).toBeVisible({ timeout: 20_000 });
    // More arrive, and the count in the control's name follows them.
    const first = await waiting(page);
    await expect.poll(() => waiting(page), { timeout: 20_000 }).toBeGreaterThan(first);
    // A like of the post under the eye refreshes the lists' first page, which puts others' posts in front of it (so
    // its place in the list changes: it is found by its element, not by its aria-posinset).
    const likeOfWatched = () =>
      page.evaluate(() =>
        (window as unknown as { __watchedArticle: HTMLElement }).__watchedArticle
          .querySelector('button[aria-label="Like"]')
          ?.getAttribute('aria-pressed'),
      );
    await page.evaluate(() =>
      (
        (window as unknown as { __watchedArticle: HTMLElement }).__watchedArticle.querySelector(
          'button[aria-label="Like"]',
        ) as HTMLElement
      ).click(),
    );
    await expect.poll(likeOfWatched).toBe('true');
    await expect.poll(async () => (await watched()).frames, { timeout: 10_000 }).toBeGreaterThan(60);
    await expect(newPostsButton(page)).toBeVisible({ timeout: 20_000 });
    const seen = await watched();
    expect(seen.connected).toBe(true);
    expect(seen.shift).toBeLessThan(0.5);

    // Pressing shows them at the top, focus on the first, which is new ("now": generated posts are an hour old at least).
    await newPostsButton(page).click();
    const firstPost = page.locator('article[aria-posinset="1"]');
    await expect(firstPost).toBeFocused();
    await expect(firstPost).toBeInViewport();
    await expect(firstPost.locator('time')).toHaveText('now');
  });

  test('the control is a named button, announced once in a polite live region, and passes axe; Enter works', async ({
    page,
  }) => {
    await signInLive(page, 'mock-live=1&poll-new=1');
    const status = page.locator('[aria-live="polite"]', { hasText: 'New posts are waiting above the feed.' });
    await expect(newPostsButton(page)).toBeVisible({ timeout: 20_000 });
    await expect(status).toHaveCount(1);
    // The region's text does not follow the count: it is spoken when posts start to wait, not every few seconds.
    const first = await waiting(page);
    await expect.poll(() => waiting(page), { timeout: 20_000 }).toBeGreaterThan(first);
    await expect(status).toHaveText('New posts are waiting above the feed.');

    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await newPostsButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('article[aria-posinset="1"]')).toBeFocused();
  });

  // Fails about 1 run in 10 with both cores busy (--repeat-each=5): it waits on an order of arrivals the app does
  // not promise. Kept out until it waits only on what a reader would.
  test.fixme('Trending says that its ranking changed instead of reshuffling', async ({ page }) => {
    await signInLive(page, 'mock-live=1&poll-new=1');
    await page.getByRole('group', { name: 'Feed mode' }).getByRole('button', { name: 'Trending' }).click();
    const list = page.getByRole('feed', { name: 'Posts' });
    const order = () => list.getByRole('article').allTextContents();
    await expect(list.getByRole('article').first()).toBeVisible();
    const before = await order();
    const changed = page.getByRole('button', { name: 'Trending has changed: show the new ranking' });
    await expect(changed).toBeVisible({ timeout: 20_000 });
    expect(await order()).toEqual(before);
    await changed.click();
    await expect(page.locator('article[aria-posinset="1"]')).toBeFocused();
    await expect(changed).toBeHidden();
  });

  // Fails about 1 run in 10 with both cores busy (--repeat-each=5): it waits on an order of arrivals the app does
  // not promise. Kept out until it waits only on what a reader would.
  test.fixme('the top bar shows waiting posts on Explore and clears after the feed is visited', async ({ page }) => {
    // A post every 10 s: a visit to the feed and the next screen take less, so "cleared" is seen before the next post.
    await signInLive(page, 'mock-live=10&poll-new=1');
    await expect(newsFeedLink(page)).toHaveAccessibleName('NewsFeed');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore', exact: true }).click();
    await expect(newsFeedLink(page)).toHaveAccessibleName(/^NewsFeed \(\d+ new posts?\)$/, { timeout: 30_000 });

    await newsFeedLink(page).click();
    await expect(page.getByRole('feed', { name: 'Posts' }).locator('article[aria-posinset="1"] time')).toHaveText(
      'now',
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookmark' }).click();
    await expect(newsFeedLink(page)).toHaveAccessibleName('NewsFeed');
  });

  test('a hidden tab asks nothing, and asks at once when it is shown again', async ({ page }) => {
    const { setHidden, questions } = await visibilityAndQuestions(page);

    await signInLive(page, 'mock-live=1&poll-new=1');
    await expect.poll(questions).toBeGreaterThan(1);
    await setHidden(true);
    const hiddenAt = await questions();
    // Three intervals go by without a question.
    await page.waitForTimeout(3_500);
    expect(await questions()).toBe(hiddenAt);
    await setHidden(false);
    await expect.poll(questions).toBeGreaterThan(hiddenAt);
  });

  test('a returning tab asks at once, not at the next interval', async ({ page }) => {
    const { setHidden, questions } = await visibilityAndQuestions(page);
    // An interval of a minute: any question within the test's wait is the return's.
    await signInLive(page, 'mock-live=1&poll-new=60');
    await expect.poll(questions).toBeGreaterThan(0);
    await setHidden(true);
    const before = await questions();
    await setHidden(false);
    await expect.poll(questions, { timeout: 10_000 }).toBe(before + 1);
  });
});
