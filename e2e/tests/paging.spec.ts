import { expect, test, type Locator, type Page } from '@playwright/test';
import { answeredTo, DEMO, holdRequests, recordRequests, signIn, type OpenedRequest } from './support';

// Paged lists kept in one query cache, optimistic writes where the last press wins: docs/data-layer.md,
// "The query cache", "Optimistic writes".

const feedRoot = (page: Page) => page.locator('[data-remote="feed-mfe"]');
const cardBy = (scope: Page | Locator, username: string) => scope.getByRole('article', { name: username, exact: true });
const likeOf = (card: Locator) => card.getByRole('button', { name: 'Like', exact: true });
const likeCount = (card: Locator) => card.getByTestId('like-count');

interface Answer {
  status: number;
  data: Record<string, unknown>;
}

/** A call to the page's own mock back end (Mirage answers the page's requests), as another tab would make it. */
async function call(page: Page, method: string, path: string, token?: string): Promise<Answer> {
  return page.evaluate(
    async ({ method, path, token }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: token ? { authorization: token } : {},
      });
      return { status: response.status, data: (await response.json()) as Record<string, unknown> };
    },
    { method, path, token },
  );
}

async function tokenOf(page: Page, username: string, password: string): Promise<string> {
  return page.evaluate(
    async ({ username, password }) => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      return ((await response.json()) as { encodedToken: string }).encodedToken;
    },
    { username, password },
  );
}

/** The like and dislike requests' URLs. */
const likeWrites = /\/api\/posts\/(like|dislike)\//;

/** The lists of posts' requests' URLs. */
const postLists = /\/api\/posts(\?|$)/;

/** The like and dislike requests among those the page opened, in order ('like' or 'dislike' each). */
const likeWritesOf = (requests: OpenedRequest[]): string[] =>
  requests.flatMap(({ method, url }) => {
    const action = likeWrites.exec(url)?.[1];
    return method === 'POST' && action ? [action] : [];
  });

/** Presses a button `times` times in one task, as fast as a person double-clicking could, before any answer lands. */
const pressRapidly = (button: Locator, times: number) =>
  button.evaluate((element, count) => {
    for (let press = 0; press < count; press++) (element as HTMLElement).click();
  }, times);

test('the feed loads the next page as it is scrolled to the end, and says where it ends', async ({ page }) => {
  // 45 posts in all (the scale counts the 4 seed posts): three pages, each a second away.
  await signIn(page, '/?mock-scale=30:45&mock-delay=1000');
  const list = page.getByRole('feed', { name: 'Posts' });
  const articles = list.getByRole('article');
  const scrollToEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(articles.first()).toHaveAttribute('aria-posinset', '1');
  await expect(articles.first()).toHaveAttribute('aria-setsize', '-1');
  await expect(page.getByText("You're all caught up")).toHaveCount(0);
  // The page's height is an estimate until the posts near its end are measured, so one scroll to the end may stop
  // short of it (a loaded machine scrolls before measuring): scroll again until the next page is on its way.
  const loadingMore = page.getByRole('status').filter({ hasText: 'Loading more posts' });
  await expect
    .poll(
      async () => {
        await scrollToEnd();
        return loadingMore.isVisible();
      },
      { intervals: [100] },
    )
    .toBe(true);
  await expect(list.locator('article[aria-posinset="21"]')).toBeAttached();
  await expect
    .poll(async () => {
      await scrollToEnd();
      return articles.last().getAttribute('aria-posinset');
    })
    .toBe('45');
  await expect(page.getByText("You're all caught up")).toBeVisible();
  await expect(articles.last()).toHaveAttribute('aria-setsize', '45');
});

test('a page seen before shows at once on the way back, without a second skeleton', async ({ page }) => {
  // The page's clock runs as usual; the test moves it on once, to when the cached list is no longer fresh.
  await page.clock.install();
  const requests = await recordRequests(page);
  await signIn(page);
  const nav = (name: string) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  await expect(cardBy(feedRoot(page), 'aikotanabe')).toBeVisible();
  await nav('Explore');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  // Explore is the feed's Latest list: the cached posts are there as the page appears, and no skeleton ever shows.
  await expect(cardBy(feedRoot(page), 'aikotanabe')).toBeVisible();
  // Away to a page of another list, until no request for the Latest list is on its way: a refresh still on its way
  // when Explore shows again would serve it too, and Explore would rightly ask nothing of its own.
  await nav('Bookmark');
  await expect(page.getByRole('heading', { level: 1, name: /Bookmarked Post|No Post is bookmarked/ })).toBeVisible();
  await expect.poll(async () => (await answeredTo(requests, postLists)).every(Boolean)).toBe(true);
  await page.evaluate(() => {
    const seen = window as unknown as { __skeleton?: boolean };
    seen.__skeleton = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes('Loading posts…')) seen.__skeleton = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // A minute later the list is stale, so the way back to Explore refreshes it behind the cached posts.
  await page.clock.fastForward('01:00');
  const postsAsked = (await answeredTo(requests, postLists)).length;
  await nav('Explore');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  await expect(cardBy(feedRoot(page), 'aikotanabe')).toBeVisible();
  // No skeleton until the refresh's answer has landed either.
  await expect
    .poll(async () => {
      const refresh = (await answeredTo(requests, postLists)).slice(postsAsked);
      return refresh.length > 0 && refresh.every(Boolean);
    })
    .toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __skeleton?: boolean }).__skeleton)).toBe(false);
});

test('a like shows at once; refused by the back end, it is rolled back with the message', async ({ page }) => {
  // The like's request is held until the test has seen the like on screen: "before its answer", however busy the
  // machine.
  const releaseLike = await holdRequests(page, 'POST', /\/api\/posts\/like\//);
  await signIn(page);
  const card = cardBy(feedRoot(page), 'tomaslind');
  await expect(likeCount(card)).toHaveText('0');
  // Tomas deletes his post from another tab; this page still shows it.
  const tomas = await tokenOf(page, 'tomaslind', 'fjord-lantern-7');
  expect((await call(page, 'DELETE', '/posts/post-seed-01', tomas)).status).toBe(201);

  await likeOf(card).click();
  // On screen before the back end has answered.
  await expect(likeOf(card)).toHaveAttribute('aria-pressed', 'true');
  await expect(likeCount(card)).toHaveText('1');
  await releaseLike();

  await expect(page.getByRole('status').filter({ hasText: 'Could not like the post. Post not found.' })).toBeVisible();
  await expect(likeOf(card)).toHaveAttribute('aria-pressed', 'false');
  await expect(likeCount(card)).toHaveText('0');
  // Only that change is undone: the other posts keep their counts.
  await expect(likeCount(cardBy(feedRoot(page), 'priyaraman'))).toHaveText('10');
});

test('rapid presses of Like end in the state of the last press, and the back end agrees', async ({ page }) => {
  const requests = await recordRequests(page);
  await signIn(page);
  const card = cardBy(feedRoot(page), 'priyaraman');
  await expect(likeCount(card)).toHaveText('10');
  const likesSent = async () => likeWritesOf(await requests());

  // Three presses in one go, well within one round trip: like, unlike, like.
  await pressRapidly(likeOf(card), 3);
  await expect(likeOf(card)).toHaveAttribute('aria-pressed', 'true');
  await expect(likeCount(card)).toHaveText('11');
  await expect
    .poll(
      async () =>
        ((await call(page, 'GET', '/posts/post-seed-02')).data.post as { likes: { likeCount: number } }).likes
          .likeCount,
    )
    .toBe(11);
  // One like was enough: the presses in between never reached the back end as a double like.
  expect(await likesSent()).toEqual(['like']);

  // Two more presses: unlike, like. The screen and the back end end liked, at 11.
  await pressRapidly(likeOf(card), 2);
  await expect(likeOf(card)).toHaveAttribute('aria-pressed', 'true');
  // Look once every write the presses sent has been answered.
  await expect.poll(() => answeredTo(requests, likeWrites)).toEqual([true, true, true]);
  await expect(likeCount(card)).toHaveText('11');
  const post = (await call(page, 'GET', '/posts/post-seed-02')).data.post as {
    likes: { likeCount: number; likedBy: { username: string }[] };
  };
  expect(post.likes.likeCount).toBe(11);
  // The unlike was sent once its like had settled, then the like of the last press.
  expect(await likesSent()).toEqual(['like', 'dislike', 'like']);
  expect(post.likes.likedBy.map((ref) => ref.username)).toContain(DEMO.username);
});

test('the unpaged answers are unchanged beside the paged ones', async ({ page }) => {
  await signIn(page);
  const all = await call(page, 'GET', '/posts');
  expect(Object.keys(all.data)).toEqual(['posts']);
  expect((all.data.posts as unknown[]).length).toBe(4);
  const users = await call(page, 'GET', '/users');
  expect(Object.keys(users.data)).toEqual(['users']);
  const paged = await call(page, 'GET', '/posts?limit=3');
  expect(Object.keys(paged.data).sort()).toEqual(['authors', 'nextCursor', 'posts']);
  expect((paged.data.posts as unknown[]).length).toBe(3);
});

test('at 1,000 users the feed shows its authors and Who to follow from pages, never asking for all the users', async ({
  page,
}) => {
  const requests = await recordRequests(page);
  await page.goto('/auth?mock-delay=0&mock-scale=1000:2000');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login to your account' }).click();
  const posts = page.getByRole('feed', { name: 'Posts' }).getByRole('article');
  await expect(posts.first()).toBeVisible();
  // Each card shows its author's picture (the page of posts brought its authors), not the initial that stands in.
  for (const card of await posts.all()) await expect(card.locator('img').first()).toHaveAttribute('src', /^data:image/);
  const whoToFollow = page.getByRole('region', { name: 'Who to follow' });
  await expect(whoToFollow.getByRole('listitem')).toHaveCount(10);
  await whoToFollow.getByRole('button', { name: 'Show more people' }).click();
  await expect(whoToFollow.getByRole('listitem')).toHaveCount(30);

  const opened = (await requests()).map(({ method, url }) => `${method} ${url}`);
  expect(opened.some((request) => request.startsWith('GET /api/posts?'))).toBe(true);
  expect(opened.filter((request) => /^GET \/api\/users(\?|$)/.test(request))).toEqual([
    expect.stringMatching(/^GET \/api\/users\?.*limit=20/),
    expect.stringMatching(/^GET \/api\/users\?.*cursor=/),
  ]);
});
