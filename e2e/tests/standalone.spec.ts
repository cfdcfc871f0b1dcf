import { expect, test } from '@playwright/test';
import { remoteNames } from '@murmur/config/apps';
import { aloneAddressOf, DEMO, expectRouteScreen, firstRouteOf, origins } from './support';

test.describe('each remote alone, on its own port', () => {
  // Every remote of the apps table, a remote added there included: its own page on its port, its first route's
  // screen (where it owns a route) under the banner that says it runs alone.
  for (const remote of remoteNames) {
    test(`${remote} alone shows its first route's screen and says it runs alone`, async ({ page }) => {
      await page.goto(aloneAddressOf(remote));
      await expect(page.getByRole('note')).toContainText(`${remote} is running alone, without the shell`);
      if (firstRouteOf(remote)) await expectRouteScreen(page);
    });
  }

  test('auth-mfe renders the login screen and signs in through its own back end', async ({ page }) => {
    await page.goto(`${origins.auth}/auth`);
    await expect(page.getByRole('note')).toContainText('auth-mfe is running alone');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Login to your account' }).click();
    await expect(page.getByRole('note')).toContainText(`@${DEMO.username}`);
  });

  test('feed-mfe renders the feed, signed in as the demo user', async ({ page }) => {
    await page.goto(`${origins.feed}/`);
    await expect(page.getByRole('note')).toContainText(
      `feed-mfe is running alone, without the shell, signed in as the demo user @${DEMO.username}`,
    );
    await expect(page.getByRole('article')).toHaveCount(4);
  });

  test('profile-mfe renders the profile named in the route, signed in as the demo user', async ({ page }) => {
    await page.goto(`${origins.profile}/profile/${DEMO.username}`);
    await expect(page.getByRole('note')).toContainText('profile-mfe is running alone');
    await expect(page.getByRole('heading', { name: /Mira Okafor/ })).toBeVisible();
  });
});

test('a larger generated data set, asked for in the address, is listed as a window over the feed', async ({ page }) => {
  await page.goto(`${origins.feed}/?mock-scale=100:1000`);
  const articles = page.getByRole('feed', { name: 'Posts' }).getByRole('article');
  await expect(articles.first()).toHaveAttribute('aria-posinset', '1');
  // More pages remain: the size is unknown until the last one comes.
  await expect(articles.first()).toHaveAttribute('aria-setsize', '-1');
  // Scrolling to the end brings the next pages, and the document still holds only the cards near the viewport.
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return Number(await articles.last().getAttribute('aria-posinset'));
    })
    .toBeGreaterThan(100);
  expect(await articles.count()).toBeLessThan(50);
});
