import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { remoteNames } from '@murmur/config/apps';
import { aloneAddressOf, DEMO, expectRouteScreen, origins, routeVisits, signIn } from './support';

/** The addresses of the route table's routes that need a session, or that need none. */
const addressesOf = (session: 'required' | 'signed-out') =>
  routeVisits.filter((route) => route.session === session).map((route) => route.address);

/** axe's findings of impact serious or critical, each as "rule: first offending element" for a readable failure. */
async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Waits until the page shows its content, not a skeleton: axe must see what the person sees. */
async function settled(page: Page) {
  await expect(page.locator('.animate-pulse:visible, [aria-busy="true"]:visible')).toHaveCount(0);
}

test.describe('no serious or critical accessibility findings', () => {
  test('signed out: every signed-out route and a missing page', async ({ page }) => {
    for (const path of [...addressesOf('signed-out'), '/no/such/page']) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await settled(page);
      expect(await seriousFindings(page), path).toEqual([]);
    }
    // The error state of the login form too.
    await page.goto('/auth');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Login to your account' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousFindings(page), '/auth after a refused login').toEqual([]);
  });

  // Every route of the route table that needs a session, another person's profile, and a missing page.
  for (const path of [...addressesOf('required'), '/profile/tomaslind', '/no/such/page']) {
    test(`signed in: ${path}`, async ({ page }) => {
      await signIn(page, path === '/no/such/page' ? '/' : path);
      if (path === '/no/such/page') await page.goto(path);
      await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
      // The page's own content, not only the top bar: the remote that owns the route, or the shell's not-found page.
      if (path === '/no/such/page') await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      else await expectRouteScreen(page);
      await settled(page);
      expect(await seriousFindings(page)).toEqual([]);
    });
  }

  test('signed in: the Edit Profile dialog, open over the page', async ({ page }) => {
    await signIn(page, `/profile/${DEMO.username}`);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
    await settled(page);
    expect(await seriousFindings(page)).toEqual([]);
  });

  test('signed in: a remote that could not be loaded', async ({ page }) => {
    await signIn(page);
    await page.route(`${origins.profile}/**`, (route) => route.abort('connectionrefused'));
    await page.goto(`/profile/${DEMO.username}`);
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
  });

  for (const remote of remoteNames) {
    test(`${remote} running alone`, async ({ page }) => {
      await page.goto(aloneAddressOf(remote));
      await expect(page.getByRole('note')).toContainText(`${remote} is running alone`);
      await settled(page);
      expect(await seriousFindings(page)).toEqual([]);
    });
  }
});
