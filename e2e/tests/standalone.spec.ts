import { expect, test } from '@playwright/test';
import { DEMO, origins } from './support';

test.describe('each remote alone, on its own port', () => {
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
  const first = page.getByRole('feed', { name: 'Posts' }).getByRole('article').first();
  await expect(first).toHaveAttribute('aria-posinset', '1');
  const total = Number(await first.getAttribute('aria-setsize'));
  expect(total).toBeGreaterThan(100);
  // Only the cards near the viewport are in the document, however many posts the feed holds.
  expect(await page.getByRole('article').count()).toBeLessThan(total / 2);
});
