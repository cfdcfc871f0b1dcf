import { expect, type Page } from '@playwright/test';
import { ports } from '@murmur/config/ports';

export const DEMO = { email: 'mira@example.com', password: 'murmur-demo', username: 'miraokafor' } as const;

export const origins = {
  shell: `http://localhost:${ports.shell}`,
  auth: `http://localhost:${ports['auth-mfe']}`,
  feed: `http://localhost:${ports['feed-mfe']}`,
  profile: `http://localhost:${ports['profile-mfe']}`,
} as const;

/** Signs in through the login screen of the composed app, as a person would, and waits for the feed. */
export async function signIn(page: Page, path = '/') {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login to your account' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}
