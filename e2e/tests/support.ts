import { expect, type Page } from '@playwright/test';
import { monolithPort, ports } from '@murmur/config/ports';

export const DEMO = { email: 'mira@example.com', password: 'murmur-demo', username: 'miraokafor' } as const;

export const origins = {
  // The composed app, or the benchmark's single-bundle baseline (playwright.config.ts, MURMUR_BASELINE).
  shell: `http://localhost:${process.env.MURMUR_BASELINE ? monolithPort : ports.shell}`,
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

/**
 * Records, from the first script of the page on, whether `selector` ever matched an element: a state that lasts
 * one mock round trip (400 ms) can come and go between two polls of an assertion on a busy machine.
 */
export async function watchFor(page: Page, name: string, selector: string) {
  await page.addInitScript(
    ({ name, selector }) => {
      const seen = ((window as unknown as { __seen?: Record<string, boolean> }).__seen ??= {});
      const check = () => {
        if (document.querySelector(selector)) seen[name] = true;
      };
      new MutationObserver(check).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    },
    { name, selector },
  );
  return async () =>
    page.evaluate((key) => (window as unknown as { __seen?: Record<string, boolean> }).__seen?.[key] ?? false, name);
}
