import { expect, test } from '@playwright/test';
import { origins, signIn } from './support';

test('a remote that cannot be loaded shows Retry in its place; the rest keeps working and Retry recovers', async ({
  page,
}) => {
  // profile-mfe's server is down: nothing from its origin answers. From the start: a remote whose code the page
  // prefetched before its server went down loads from that code, and there would be nothing to retry.
  await page.route(`${origins.profile}/**`, (route) => route.abort('connectionrefused'));
  await signIn(page);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
  await expect(failure).toContainText('profile-mfe');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Other routes, served by another remote, still work.
  await page.getByRole('link', { name: 'Explore' }).click();
  await expect(page.locator('[data-remote="feed-mfe"]')).toBeVisible();
  await page.goBack();
  await expect(failure).toBeVisible();

  // The server is back: Retry loads the remote without a page reload.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page.unroute(`${origins.profile}/**`);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-remote="profile-mfe"]')).toBeVisible();
  await expect(failure).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
