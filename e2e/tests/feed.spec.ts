import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, origins, signIn, watchFor } from './support';

const feedRoot = (page: Page) => page.locator('[data-remote="feed-mfe"]');
const cardBy = (scope: Page | Locator, username: string) => scope.getByRole('article', { name: username, exact: true });
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const authors = (page: Page) =>
  feedRoot(page)
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('a')?.textContent));

const LATEST = ['tomaslind', 'priyaraman', 'jonahwhit', 'aikotanabe'];
const TRENDING = ['priyaraman', 'jonahwhit', 'tomaslind', 'aikotanabe'];

async function nav(page: Page, name: 'NewsFeed' | 'Bookmark' | 'Explore') {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

test.describe('feed in the composed app', () => {
  test('feed orders: Latest by default, Trending on request; the composer puts the new post on top', async ({
    page,
  }) => {
    await signIn(page);
    await expect(cardBy(page, 'aikotanabe')).toBeVisible();
    await expect.poll(() => authors(page)).toEqual(LATEST);
    const mode = page.getByRole('group', { name: 'Feed mode' });
    await expect(button(mode, 'Latest')).toHaveAttribute('aria-pressed', 'true');
    await button(mode, 'Trending').click();
    await expect(button(mode, 'Trending')).toHaveAttribute('aria-pressed', 'true');
    await expect(button(mode, 'Latest')).toHaveAttribute('aria-pressed', 'false');
    await expect(button(mode, 'Trending')).toHaveCSS(
      'background-color',
      /oklch\(0\.953 0\.051 180\.801\)|rgb\(203, 251, 241\)/,
    );
    // Trending is its own paged list, fetched on first use (one round trip).
    await expect.poll(() => authors(page)).toEqual(TRENDING);
    await button(mode, 'Latest').click();

    const composer = page.getByRole('textbox', { name: "What's happening?" });
    await composer.fill('Tea on the balcony, rain on the roof.');
    await button(page, 'Post').click();
    await expect(feedRoot(page).getByRole('article').first()).toContainText('Tea on the balcony, rain on the roof.');
    await expect(feedRoot(page).getByRole('article').first().getByRole('link').first()).toHaveText(DEMO.username);
    await expect(composer).toHaveValue('');
  });

  test('like toggles both ways; a comment sent with Enter shows first and the field keeps focus', async ({ page }) => {
    await signIn(page);
    const card = cardBy(page, 'priyaraman');
    const like = button(card, 'Like');
    await expect(card.getByTestId('like-count')).toHaveText('10');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByTestId('like-count')).toHaveText('11');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(card.getByTestId('like-count')).toHaveText('10');

    const input = card.getByRole('textbox', { name: 'Add a comment...' });
    await input.fill('Those towers deserve a print run.');
    await input.press('Enter');
    const newest = card.getByRole('list', { name: 'Comments' }).getByRole('listitem').first();
    await expect(newest).toContainText('Those towers deserve a print run.');
    await expect(newest.getByRole('link')).toHaveText(DEMO.username);
    await expect(newest.locator('time')).toHaveText('now');
    await expect(card.getByText('3 comments')).toBeVisible();
    await expect(input).toHaveValue('');
    await expect(input).toBeFocused();
  });

  test('bookmarks: the bookmark page counts them, un-bookmarking empties it; explore lists all newest first', async ({
    page,
  }) => {
    await signIn(page);
    await button(cardBy(page, 'jonahwhit'), 'Bookmark').click();
    await expect(button(cardBy(page, 'jonahwhit'), 'Bookmark')).toHaveAttribute('aria-pressed', 'true');

    await nav(page, 'Bookmark');
    await expect(page).toHaveURL(/\/bookmark$/);
    await expect(page.getByRole('heading', { level: 1, name: '1 Bookmarked Post' })).toBeVisible();
    await expect(feedRoot(page).getByRole('article')).toHaveCount(1);
    await button(cardBy(page, 'jonahwhit'), 'Bookmark').click();
    await expect(page.getByRole('heading', { level: 1, name: 'No Post is bookmarked yet' })).toBeVisible();
    await expect(feedRoot(page).getByRole('article')).toHaveCount(0);

    await nav(page, 'Explore');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    await expect(feedRoot(page).getByRole('article')).toHaveCount(4);
    await expect.poll(() => authors(page)).toEqual(LATEST);
  });

  test('own post: Delete only in the feed; Edit on the own profile saves new text; Delete removes it', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByRole('textbox', { name: "What's happening?" }).fill('First take');
    await button(page, 'Post').click();
    const mine = cardBy(feedRoot(page), DEMO.username);
    await expect(mine).toContainText('First take');
    await expect(button(cardBy(page, 'tomaslind'), 'Post options')).toHaveCount(0);
    await button(mine, 'Post options').click();
    await expect(page.getByRole('menu', { name: 'Post options' }).getByRole('menuitem')).toHaveText(['Delete']);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${DEMO.username}$`));
    const own = cardBy(page, DEMO.username);
    await expect(own).toContainText('First take');
    await button(own, 'Post options').click();
    await expect(page.getByRole('menu', { name: 'Post options' }).getByRole('menuitem')).toHaveText(['Edit', 'Delete']);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post' });
    await expect(dialog.getByRole('textbox')).toHaveValue('First take');
    await dialog.getByRole('textbox').fill('Second take');
    await button(dialog, 'Save').click();
    await expect(dialog).toBeHidden();
    await expect(own).toContainText('Second take');

    await nav(page, 'NewsFeed');
    const edited = cardBy(feedRoot(page), DEMO.username);
    await expect(edited).toContainText('Second take');
    await button(edited, 'Post options').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(edited).toHaveCount(0);
    await expect(feedRoot(page).getByRole('article')).toHaveCount(4);
  });

  test('Who to follow: Follow and Unfollow, and the profile card agrees without a reload', async ({ page }) => {
    await signIn(page);
    const region = page.getByRole('region', { name: 'Who to follow' });
    await expect(region.getByRole('listitem')).toHaveCount(6);
    await expect(region.getByText(`@${DEMO.username}`)).toHaveCount(0);
    const jonah = region.getByRole('listitem').filter({ hasText: '@jonahwhit' });
    await button(jonah, 'Follow').click();
    await expect(button(jonah, 'Unfollow')).toBeVisible();
    const tomas = region.getByRole('listitem').filter({ hasText: '@tomaslind' });
    await button(tomas, 'Unfollow').click();
    await expect(button(tomas, 'Follow')).toBeVisible();

    await jonah.getByRole('link', { name: '@jonahwhit' }).click();
    await expect(page).toHaveURL(/\/profile\/jonahwhit$/);
    await expect(
      page.locator('[data-remote="profile-mfe"]').getByRole('button', { name: 'Unfollow', exact: true }),
    ).toBeVisible();
  });

  test('a refused post is not silent, keeps the text, and the message can be dismissed', async ({ page }) => {
    await signIn(page);
    await expect(cardBy(page, 'tomaslind')).toBeVisible();
    const composer = page.getByRole('textbox', { name: "What's happening?" });
    await composer.fill('   ');
    await button(page, 'Post').click();
    const status = feedRoot(page).getByRole('status');
    await expect(status).toContainText('Could not publish your post.');
    await expect(composer).toHaveValue('   ');
    await expect(feedRoot(page).getByRole('article')).toHaveCount(4);
    await button(status, 'Dismiss').click();
    await expect(status).toBeEmpty();
  });
});

test.describe('feed-mfe alone', () => {
  test('shows a skeleton, then the feed; posts, likes, comments and follows work', async ({ page }) => {
    const skeletonShown = await watchFor(page, 'skeleton', '[aria-busy="true"]');
    await page.goto(`${origins.feed}/`);
    await expect(page.getByRole('note')).toContainText(`@${DEMO.username}`);
    await expect(page.getByRole('article')).toHaveCount(4);
    expect(await skeletonShown()).toBe(true);
    await expect.poll(() => authors(page)).toEqual(LATEST);

    await page.getByRole('textbox', { name: "What's happening?" }).fill('Hello from the standalone feed');
    await button(page, 'Post').click();
    await expect(page.getByRole('article').first()).toContainText('Hello from the standalone feed');

    const card = cardBy(page, 'aikotanabe');
    await button(card, 'Like').click();
    await expect(button(card, 'Like')).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByTestId('like-count')).toHaveText('1');
    const input = card.getByRole('textbox', { name: 'Add a comment...' });
    await input.fill('Poetry shelf forever');
    await input.press('Enter');
    await expect(card.getByRole('list', { name: 'Comments' }).getByRole('listitem').first()).toContainText(
      'Poetry shelf forever',
    );
    await expect(input).toBeFocused();

    const jonah = page
      .getByRole('region', { name: 'Who to follow' })
      .getByRole('listitem')
      .filter({ hasText: '@jonahwhit' });
    await button(jonah, 'Follow').click();
    await expect(button(jonah, 'Unfollow')).toBeVisible();
  });

  test('bookmark and explore pages on their own routes', async ({ page }) => {
    await page.goto(`${origins.feed}/bookmark`);
    await expect(page.getByRole('heading', { level: 1, name: 'No Post is bookmarked yet' })).toBeVisible();
    await page.goto(`${origins.feed}/explore`);
    await expect(page.getByRole('article')).toHaveCount(4);
    await expect.poll(() => authors(page)).toEqual(LATEST);
    await button(cardBy(page, 'priyaraman'), 'Bookmark').click();
    await expect(button(cardBy(page, 'priyaraman'), 'Bookmark')).toHaveAttribute('aria-pressed', 'true');
  });
});
