import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, recordRequests } from './support';

/**
 * A feed that is alive (docs/screens.md, "New posts"; docs/data-layer.md, "Newer posts"; mock-api/rules.md, "Live
 * activity"): others post while the reader reads (`?mock-live`), the page asks for what is new (`?poll-new`, seconds),
 * and nothing under the reader's eye moves until they ask for the new posts.
 */

const NEW_POSTS = /^\d+ new posts?$/;
const newPostsButton = (page: Page) => page.getByRole('button', { name: NEW_POSTS });
const newsFeedLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^NewsFeed/ });

/**
 * Signs in with live activity on, at `search`; no mock delay unless `delay` (ms) is given: what is tried here is what
 * arrives, not its wait.
 */
async function signInLive(page: Page, search: string, delay = 0) {
  await page.goto(`/auth?mock-delay=${delay}&${search}`);
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

/** Whether the page's scroll is where it was 200 ms ago (run in the page). */
const scrollComesToRest = async () => {
  const before = window.scrollY;
  await new Promise((resolve) => setTimeout(resolve, 200));
  return window.scrollY === before;
};

/** The number in the control's name: how many posts wait. */
const waiting = async (page: Page) => Number((await newPostsButton(page).textContent())?.match(/\d+/)?.[0] ?? 0);

/** A post card's post id (its author link is `post-<id>-author`, which names the article). */
const postIdOf = async (article: Locator) =>
  ((await article.getAttribute('aria-labelledby')) ?? '').replace(/^post-(.*)-author$/, '$1');

/** The ids of the posts a list shows, in order. */
const postIdsIn = async (list: Locator) => Promise.all((await list.getByRole('article').all()).map(postIdOf));

/** How many new posts the top bar's NewsFeed link says wait: 0 when it says none. */
const waitingInTopBar = async (page: Page) =>
  Number((await newsFeedLink(page).textContent())?.match(/\((\d+) new posts?\)/)?.[1] ?? 0);

/** How many posts the back end (the page's mock server) has that are newer than `id`. */
const newerThan = (page: Page, id: string) =>
  page.evaluate(async (since) => {
    const response = await fetch(`/api/posts/newer?since=${encodeURIComponent(since)}`);
    return ((await response.json()) as { count: number }).count;
  }, id);

test.describe('live activity in the feed', () => {
  test.setTimeout(120_000);

  test('a reader at the 30th post sees "N new posts", the post stays put to the pixel, the control shows them', async ({
    page,
  }) => {
    await signInLive(page, 'mock-scale=100:600&mock-live=0.1&poll-new=1');
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
    // The wheel's scrolls are smooth: the page comes to rest before the 30th is taken to the top.
    await expect.poll(() => page.evaluate(scrollComesToRest)).toBe(true);
    await page.evaluate(() => {
      const article = document.querySelector('article[aria-posinset="30"]') as HTMLElement;
      window.scrollBy(0, article.getBoundingClientRect().top - 120);
    });
    const watchedId = await postIdOf(thirtieth);

    // From here on, every frame notes where that very element is on screen (React keeps its node while it is shown).
    await page.evaluate(() => {
      const article = document.querySelector('article[aria-posinset="30"]') as HTMLElement;
      const state = { top: article.getBoundingClientRect().top, shift: 0, connected: true, frames: 0 };
      Object.assign(window, { __watched: state });
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
    // The reader likes the post under the eye, then takes the like back, clicking as a reader does (focus goes into
    // it). Each press refreshes the lists' first page, which puts the posts others wrote in front of it (up to a page
    // each time): its place in the list changes, so it is found by its post id.
    const watchedArticle = page.locator(`article[aria-labelledby="post-${watchedId}-author"]`);
    const placeOfWatched = async () => Number(await watchedArticle.getAttribute('aria-posinset'));
    const likeOfWatched = watchedArticle.getByRole('button', { name: 'Like' });
    for (const pressed of ['true', 'false']) {
      await expect.poll(() => waiting(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(15);
      const place = await placeOfWatched();
      await likeOfWatched.click();
      await expect(likeOfWatched).toHaveAttribute('aria-pressed', pressed);
      await expect.poll(placeOfWatched, { timeout: 10_000 }).toBeGreaterThan(place);
    }
    await expect.poll(async () => (await watched()).frames, { timeout: 10_000 }).toBeGreaterThan(60);
    await expect(newPostsButton(page)).toBeVisible({ timeout: 20_000 });
    // Focus stays where the reader put it.
    await expect(likeOfWatched).toBeFocused();
    const seen = await watched();
    expect(seen.connected).toBe(true);
    expect(seen.shift).toBeLessThan(0.5);

    // Pressing shows them at the top, focus on the first, which is new ("now": generated posts are an hour old at
    // least).
    await newPostsButton(page).click();
    const firstPost = page.locator('article[aria-posinset="1"]');
    await expect(firstPost).toBeFocused();
    await expect(firstPost).toBeInViewport();
    await expect(firstPost.locator('header time')).toHaveText('now');
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

  test('Trending says that its ranking changed instead of reshuffling', async ({ page }) => {
    await signInLive(page, 'mock-live=1&poll-new=1');
    const trending = page.getByRole('group', { name: 'Feed mode' }).getByRole('button', { name: 'Trending' });
    await trending.click();
    await expect(trending).toHaveAttribute('aria-pressed', 'true');
    const list = page.getByRole('feed', { name: 'Posts' });
    await expect(list.getByRole('article').first()).toBeVisible();
    // The top of the ranking, as the reader sees it (the window may still add articles below as they are measured).
    const top = async () => (await postIdsIn(list)).slice(0, 3);
    const before = await top();
    const changed = page.getByRole('button', { name: 'Trending has changed: show the new ranking' });
    await expect(changed).toBeVisible({ timeout: 20_000 });
    // The same posts in the same places (their counts and times may change: others like, comment, and time goes by).
    expect(await top()).toEqual(before);
    await changed.click();
    await expect(page.locator('article[aria-posinset="1"]')).toBeFocused();
  });

  test('the top bar shows waiting posts on Explore, and after a visit to the feed counts only what came since', async ({
    page,
  }) => {
    await signInLive(page, 'mock-live=5&poll-new=1');
    await expect(newsFeedLink(page)).toHaveAccessibleName('NewsFeed');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore', exact: true }).click();
    await expect(newsFeedLink(page)).toHaveAccessibleName(/^NewsFeed \(\d+ new posts?\)$/, { timeout: 30_000 });

    await newsFeedLink(page).click();
    const first = page.getByRole('feed', { name: 'Posts' }).locator('article[aria-posinset="1"]');
    await expect(first.locator('header time')).toHaveText('now');
    const seen = await postIdOf(first);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookmark' }).click();
    // Others go on posting: what the top bar counts is what the back end has after the post the reader saw first,
    // nothing from before the visit (which would count that post too).
    await expect
      .poll(async () => (await waitingInTopBar(page)) === (await newerThan(page, seen)), { timeout: 20_000 })
      .toBe(true);
  });

  test('coming back to the feed while posts wait shows them, and never "N new posts" nor its announcement', async ({
    page,
  }) => {
    // Others post every 2 s into 10,000 posts; the back end's own delay, so the visit's refetch takes its 0.4 s.
    await signInLive(page, 'mock-scale=100:10000&mock-live=2&poll-new=1', 400);
    const list = page.getByRole('feed', { name: 'Posts' });
    const seen = await postIdOf(list.locator('article[aria-posinset="1"]'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookmark' }).click();
    await expect.poll(() => waitingInTopBar(page), { timeout: 30_000 }).toBeGreaterThan(0);

    // From here on, in the page, every frame and every change of the document: whether the control or the live
    // region's words are there, and when the feed's first post is a new one (the visit's refetch landed).
    await page.evaluate((oldFirst) => {
      const state = { offered: [] as string[], landedAt: null as number | null };
      Object.assign(window, { __visit: state });
      const look = () => {
        const control = [...document.querySelectorAll('button')].find((button) =>
          /(\d+ new posts?|Trending has changed: show the new ranking)$/.test(button.textContent ?? ''),
        );
        const spoken = [...document.querySelectorAll('[aria-live="polite"]')].find((region) =>
          /waiting above the feed|Trending has changed/.test(region.textContent ?? ''),
        );
        const first = document.querySelector('[role="feed"][aria-label="Posts"] article[aria-posinset="1"]');
        const firstId = first?.getAttribute('aria-labelledby')?.replace(/^post-(.*)-author$/, '$1');
        // Only what shows before the visit's list lands is the visit's own; what comes after is news.
        if (state.landedAt === null) {
          if (control) state.offered.push(`control: ${control.textContent}`);
          if (spoken) state.offered.push(`announced: ${spoken.textContent}`);
          if (firstId && firstId !== oldFirst) state.landedAt = performance.now();
        }
      };
      new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
      const frame = () => {
        look();
        if (state.landedAt === null) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }, seen);
    const visit = () =>
      page.evaluate(() => (window as unknown as { __visit: { offered: string[]; landedAt: number | null } }).__visit);

    await newsFeedLink(page).click();
    // Over the whole refetch, polled too: no control. (Once it landed, posts written since may be offered, but not
    // before the next answer, a round trip later.)
    await expect
      .poll(
        async () => {
          if ((await visit()).landedAt !== null) return true;
          expect(await newPostsButton(page).count()).toBe(0);
          return false;
        },
        { timeout: 20_000, intervals: [50] },
      )
      .toBe(true);
    expect((await visit()).offered).toEqual([]);
    // The visit showed them: the first post is one of those that waited (written a moment ago).
    await expect(list.locator('article[aria-posinset="1"] header time')).toHaveText('now');
  });

  test('from the 10th post, Control+Home focuses "N new posts" and the page does not move', async ({ page }) => {
    await signInLive(page, 'mock-scale=100:600&mock-live=1&poll-new=1');
    const list = page.getByRole('feed', { name: 'Posts' });
    await list.getByRole('article').first().focus();
    for (let press = 0; press < 9; press += 1) await page.keyboard.press('PageDown');
    const tenth = list.locator('article[aria-posinset="10"]');
    await expect(tenth).toBeFocused();
    await expect(newPostsButton(page)).toBeVisible({ timeout: 20_000 });
    await expect(newPostsButton(page)).toHaveAttribute('aria-keyshortcuts', 'Control+Home');
    await expect.poll(() => page.evaluate(scrollComesToRest)).toBe(true);
    const scrollY = await page.evaluate(() => window.scrollY);

    await page.keyboard.press('Control+Home');
    await expect(newPostsButton(page)).toBeFocused();
    // Still there a few frames later: focus moved, the page did not.
    await expect.poll(() => page.evaluate(scrollComesToRest)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    await expect(tenth).toBeInViewport();

    // The reader chooses: Enter shows them, focus on the first.
    await page.keyboard.press('Enter');
    await expect(list.locator('article[aria-posinset="1"]')).toBeFocused();
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
