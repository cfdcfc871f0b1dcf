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

test('a larger generated data set, asked for in the address, pages the feed fifty posts at a time', async ({
  page,
}) => {
  await page.goto(`${origins.feed}/?mock-scale=100:1000`);
  await expect(page.getByRole('article')).toHaveCount(50);
  await page.getByRole('button', { name: 'Show more', exact: true }).click();
  await expect(page.getByRole('article')).toHaveCount(100);
});
