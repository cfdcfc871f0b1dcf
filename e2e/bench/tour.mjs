// @ts-check
/**
 * The scale benchmark's measurements: a new person's tour of the app at one data scale (sign in, like, move between the
 * pages, open the own profile twice), its JS heap, and how many posts the feed keeps in the document while it is
 * scrolled. Only the accessible names (docs/screens.md, "Accessible names") and role or element selectors are used, so
 * the same tour runs on the "Show more" list and on a virtualized `role="feed"` one. Times are read inside the page
 * with `performance.now()`: from the click (a capturing listener) to the frame after the content is in the document.
 */
import { installProbe, readMarks } from './probe.mjs';
import { DEMO } from './scenarios.mjs';
import { heapMiB } from './heap.mjs';

/** @typedef {import('@playwright/test').Browser} Browser */
/** @typedef {import('@playwright/test').Page} Page */

/**
 * What a page shows once it has loaded, as the tour waits for it: its path, a level-1 heading (a pattern, looked for
 * inside `within`) and a post that was not in the document before the click ('ifCounted': unless the page says it
 * has none).
 * @typedef {{ path: RegExp; heading?: string; within?: string; article: 'new' | 'ifCounted' }} Shown
 */
const SHOWN = /** @type {const} */ ({
  feed: { path: /^\/$/, article: 'new' },
  explore: { path: /^\/explore$/, heading: '^Explore$', article: 'new' },
  // The heading counts the bookmarks (docs/screens.md, "Explore and Bookmark"); with none there is no post to wait for.
  bookmark: { path: /^\/bookmark$/, heading: 'Bookmarked Posts?$|^No Post is bookmarked yet$', article: 'ifCounted' },
  profile: { path: /^\/profile\//, heading: '.', within: 'section[aria-label="Profile"]', article: 'ifCounted' },
});

/**
 * Arms a watch in the page, runs `act` (which clicks), and answers the ms from that click to the frame after what
 * `shown` describes is in the document. Posts already in the document before the click do not count as shown.
 * @param {Page} page @param {Shown} shown @param {() => Promise<unknown>} act @param {number} timeoutMs
 */
async function timeClick(page, shown, act, timeoutMs) {
  await page.evaluate(
    ({ path, heading, within, article }) => {
      for (const old of document.querySelectorAll('article')) old.setAttribute('data-bench-seen', '');
      const state = /** @type {{ clickedAt?: number; done: Promise<number> }} */ ({});
      document.addEventListener('click', () => (state.clickedAt ??= performance.now()), { capture: true, once: true });
      const headingPattern = heading === undefined ? null : new RegExp(heading);
      const isShown = () => {
        if (state.clickedAt === undefined || !new RegExp(path).test(location.pathname)) return false;
        const h1 = headingPattern
          ? [...(document.querySelector(within)?.querySelectorAll('h1') ?? [])].find((el) =>
              headingPattern.test(el.textContent?.trim() ?? ''),
            )
          : undefined;
        if (headingPattern && !h1) return false;
        const fresh = document.querySelector('article:not([data-bench-seen])');
        if (article === 'new') return fresh !== null;
        // "0 Posts" on a profile or "No Post is bookmarked yet" means there is no post to wait for.
        const none = /(^|\D)0 Posts|No Post is bookmarked yet/.test(document.querySelector('main')?.textContent ?? '');
        return fresh !== null || none;
      };
      state.done = new Promise((resolve) => {
        const check = () => {
          if (!isShown()) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now()));
        };
        const observer = new MutationObserver(check);
        observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      Object.assign(window, { __benchShown: state });
    },
    { path: shown.path.source, heading: shown.heading, within: shown.within ?? 'body', article: shown.article },
  );
  await act();
  return page.evaluate(async (timeout) => {
    const state = /** @type {any} */ (window).__benchShown;
    const at = await Promise.race([state.done, new Promise((resolve) => setTimeout(() => resolve(NaN), timeout))]);
    return at - state.clickedAt;
  }, timeoutMs);
}

/**
 * Presses Like on the first post not liked yet and answers when the count changed on screen and when the like's
 * answer reached the page, both from the press.
 * @param {Page} page @param {number} timeoutMs
 */
async function like(page, timeoutMs) {
  const button = page.locator('article').getByRole('button', { name: 'Like', pressed: false, exact: true }).first();
  await button.evaluate((element, timeout) => {
    // The like count is visible text next to the button (docs/screens.md, "Post card"), so it is in the button's
    // parent.
    const likeCountText = () => element.parentElement?.textContent?.trim() ?? '';
    const before = likeCountText();
    const state = /** @type {{ pressedAt?: number; shown: Promise<number> }} */ ({});
    element.addEventListener('click', () => (state.pressedAt = performance.now()), { capture: true, once: true });
    state.shown = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (state.pressedAt === undefined || likeCountText() === before) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      });
      observer.observe(element.parentElement ?? element, { subtree: true, childList: true, characterData: true });
      setTimeout(() => resolve(NaN), timeout);
    });
    delete (/** @type {any} */ (window).__bench.likeAnswered);
    Object.assign(window, { __benchLike: state });
  }, timeoutMs);
  await button.click();
  const { pressedAt, shownAt } = await page.evaluate(async () => {
    const state = /** @type {any} */ (window).__benchLike;
    return { pressedAt: state.pressedAt, shownAt: await state.shown };
  });
  await page.waitForFunction(() => /** @type {any} */ (window).__bench.likeAnswered !== undefined, null, {
    timeout: timeoutMs,
  });
  const marks = await readMarks(page);
  return { likeShownMs: shownAt - pressedAt, likeSettledMs: (marks.likeAnswered ?? NaN) - pressedAt };
}

/** @param {Browser} browser @param {string} origin */
async function freshPage(browser, origin) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.addInitScript(installProbe);
  return { context, page };
}

/** @param {Page} page @param {string} search */
async function openLogin(page, search) {
  await page.goto(`/auth${search}`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.waitForLoadState('networkidle');
}

/**
 * The tour, on a fresh context (nothing cached, no session): every figure of one run at one scale.
 * @param {Browser} browser @param {string} origin @param {string} search e.g. '?mock-scale=1000:10000' or ''
 * @param {number} timeoutMs how long one step may take before it counts as not measured
 */
export async function tour(browser, origin, search, timeoutMs) {
  const { context, page } = await freshPage(browser, origin);
  page.setDefaultTimeout(timeoutMs);
  try {
    /** @type {Record<string, number>} */
    const figures = {};
    await openLogin(page, search);
    const login = page.getByRole('button', { name: 'Login to your account' });
    figures.loginToFirstPostMs = await timeClick(page, SHOWN.feed, () => login.click(), timeoutMs);
    // A person reads the first posts before doing anything else; whatever the page does when idle, it has done.
    await page.waitForLoadState('networkidle');
    Object.assign(figures, await like(page, timeoutMs));

    /** @param {string} name */
    const link = (name) => () => page.getByRole('link', { name, exact: true }).click();
    for (const visit of ['First', 'Visited']) {
      figures[`feedToExplore${visit}Ms`] = await timeClick(page, SHOWN.explore, link('Explore'), timeoutMs);
      figures[`exploreToBookmark${visit}Ms`] = await timeClick(page, SHOWN.bookmark, link('Bookmark'), timeoutMs);
      figures[`bookmarkToFeed${visit}Ms`] = await timeClick(page, SHOWN.feed, link('NewsFeed'), timeoutMs);
    }
    const openProfile = async () => {
      await page.getByRole('button', { name: 'User menu' }).click();
      return timeClick(
        page,
        SHOWN.profile,
        () => page.getByRole('menuitem', { name: 'Your Profile' }).click(),
        timeoutMs,
      );
    };
    await page.waitForLoadState('networkidle');
    figures.profileFirstVisitMs = await openProfile();
    await timeClick(page, SHOWN.feed, link('NewsFeed'), timeoutMs);
    await page.waitForLoadState('networkidle');
    figures.profileVisitedMs = await openProfile();
    await page.waitForLoadState('networkidle');
    figures.heapAfterTourMiB = await heapMiB(page);
    return figures;
  } finally {
    await context.close();
  }
}

/**
 * The heap of the login screen at a scale: the back end started with its records, the app's code loaded, no post
 * rendered and no post sent to the client. The difference between two scales is what the extra records cost.
 * @param {Browser} browser @param {string} origin @param {string} search
 */
export async function loginScreenHeap(browser, origin, search) {
  const { context, page } = await freshPage(browser, origin);
  try {
    await page.goto(`/auth${search}`);
    await page.getByRole('button', { name: 'Login to your account' }).waitFor();
    await page.waitForLoadState('networkidle');
    return await heapMiB(page);
  } finally {
    await context.close();
  }
}

/**
 * Signs in, then scrolls the feed down, to the page's end each time (and "Show more" pressed where the list
 * has one), until `posts` posts were reached or nothing more loads. Answers the most `article` elements the document
 * held at any moment and how far the feed got (the highest `aria-posinset`, or the number of posts shown).
 * @param {Browser} browser @param {string} origin @param {string} search @param {number} posts
 * @param {number} timeoutMs
 */
export async function scrollFeed(browser, origin, search, posts, timeoutMs) {
  const { context, page } = await freshPage(browser, origin);
  page.setDefaultTimeout(timeoutMs);
  try {
    await openLogin(page, search);
    await page.getByRole('button', { name: 'Login to your account' }).click();
    await page.locator('article').first().waitFor();
    await page.evaluate(() => {
      const articles = document.getElementsByTagName('article');
      const state = { most: articles.length };
      new MutationObserver(() => (state.most = Math.max(state.most, articles.length))).observe(document, {
        subtree: true,
        childList: true,
      });
      const reached = () => {
        const positions = [...articles].map((article) => Number(article.getAttribute('aria-posinset')) || 0);
        return Math.max(articles.length, ...positions);
      };
      Object.assign(window, { __benchScroll: state, __benchReached: reached });
    });
    const reached = () => page.evaluate(() => /** @type {any} */ (window).__benchReached());
    const showMore = page.getByRole('button', { name: 'Show more', exact: true });
    for (let got = await reached(); got < posts;) {
      // To the page's end, not to an element: a virtualized list may replace the last article while it scrolls.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.keyboard.press('End');
      if (await showMore.isVisible()) await showMore.click();
      const before = got;
      // Nothing new within a few delays: the end of what loads.
      const moved = await page
        .waitForFunction((previous) => /** @type {any} */ (window).__benchReached() > previous, before, {
          timeout: 3_000,
        })
        .then(
          () => true,
          () => false,
        );
      got = await reached();
      if (!moved) break;
    }
    const most = await page.evaluate(() => /** @type {any} */ (window).__benchScroll.most);
    return { mostArticles: most, postsReached: await reached() };
  } finally {
    await context.close();
  }
}
