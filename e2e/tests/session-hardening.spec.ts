import { expect, test, type Locator, type Page } from '@playwright/test';
import { answeredTo, DEMO, recordRequests, signIn } from './support';

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const whoToFollow = (page: Page, username: string) =>
  page
    .getByRole('region', { name: 'Who to follow' })
    .getByRole('listitem')
    .filter({ hasText: `@${username}` });
const card = (page: Page, username: string) =>
  page.locator('[data-remote="feed-mfe"]').getByRole('article', { name: username, exact: true });
const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);
/** The follow and bookmark writes: their buttons change at once, their answers (or refusals) come after. */
const followOrBookmark = /\/api\/users\/(follow|unfollow|bookmark|remove-bookmark)\//;

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

test('after a reload the session user is the back end\'s: follow and bookmark work at once, never "already"', async ({
  page,
}) => {
  const requests = await recordRequests(page);
  await signIn(page);
  await button(whoToFollow(page, 'jonahwhit'), 'Follow').click();
  await expect(button(whoToFollow(page, 'jonahwhit'), 'Unfollow')).toBeVisible();
  await button(card(page, 'jonahwhit'), 'Bookmark').click();
  await expect(button(card(page, 'jonahwhit'), 'Bookmark')).toHaveAttribute('aria-pressed', 'true');

  // The back end starts afresh on a reload (mock-api/rules.md, "Session expiry"): the follow and the bookmark are gone
  // there.
  await page.reload();
  await expect(button(whoToFollow(page, 'jonahwhit'), 'Follow')).toBeVisible();
  await expect(button(card(page, 'jonahwhit'), 'Bookmark')).toHaveAttribute('aria-pressed', 'false');

  await button(whoToFollow(page, 'jonahwhit'), 'Follow').click();
  await expect(button(whoToFollow(page, 'jonahwhit'), 'Unfollow')).toBeVisible();
  await button(card(page, 'jonahwhit'), 'Bookmark').click();
  await expect(button(card(page, 'jonahwhit'), 'Bookmark')).toHaveAttribute('aria-pressed', 'true');
  // A refusal would come with the answers, after the buttons have changed: look once they are in.
  await expect.poll(() => answeredTo(requests, followOrBookmark)).toEqual([true, true]);
  await expect(button(whoToFollow(page, 'jonahwhit'), 'Unfollow')).toBeVisible();
  await expect(button(card(page, 'jonahwhit'), 'Bookmark')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/already/i)).toHaveCount(0);
  await expect(page.getByText(/not bookmarked yet/i)).toHaveCount(0);
});

test('logout while a bookmark and a follow are on their way leaves no trace of the person', async ({ page }) => {
  const requests = await recordRequests(page);
  await signIn(page);
  await button(card(page, 'jonahwhit'), 'Bookmark').click();
  await button(whoToFollow(page, 'jonahwhit'), 'Follow').click();
  await logOut(page);
  // Both answers land after the logout (the mock back end answers 400 ms after each request): look once they have.
  await expect.poll(() => answeredTo(requests, followOrBookmark)).toEqual([true, true]);
  expect(await stored(page, 'user')).toBeNull();
  expect(await stored(page, 'token')).toBeNull();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0);
});

test('a failure notice does not outlive the session it was shown in', async ({ page }) => {
  await signIn(page);
  await page.getByRole('textbox', { name: "What's happening?" }).fill('x'.repeat(2001));
  await button(page, 'Post').click();
  const notice = page.getByRole('status').filter({ hasText: 'Could not' });
  await expect(notice).toBeVisible();
  await logOut(page);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login to your account' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  // The feed is back on screen, where the notice was: it would show there by now.
  await expect(page.locator('[data-remote="feed-mfe"]').getByRole('article').first()).toBeVisible();
  await expect(notice).toHaveCount(0);
});

for (const from of ['/\\evil.example', '//evil.example', '/\\/evil.example', 'https://evil.example/']) {
  test(`the return path after login refuses ${JSON.stringify(from)} and goes to the feed`, async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByLabel('Email')).toBeVisible();
    // Where the guard keeps the remembered path: React Router's state in the history entry.
    await page.evaluate((path) => history.replaceState({ usr: { from: path }, key: 'x', idx: 0 }, '', '/auth'), from);
    await page.reload();
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Login to your account' }).click();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });
}

test('the return path after login keeps an app path', async ({ page }) => {
  await signIn(page, '/explore');
  await expect(page).toHaveURL(/\/explore$/);
});

test('a full storage at login is reported, the person is signed in for this page, no half session is stored', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === 'user') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    };
  });
  await signIn(page);
  await expect(page.getByRole('status').filter({ hasText: 'storage is full' })).toBeVisible();
  expect(await stored(page, 'token')).toBeNull();
  expect(await stored(page, 'user')).toBeNull();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'storage is full' })).toHaveCount(0);
  // Nothing was stored, so a reload asks to sign in again rather than finding half a session.
  await page.reload();
  await expect(page).toHaveURL(/\/auth$/);
});
